// Budgets as the policy stage sees them: each budget that covers the call (by tenant, agent, key
// or tool, and every parent of those), with what it has spent this period and holds in live
// reservations. A call whose amount would pass a hard limit is held or blocked, per budget.
import type { BudgetPeriod } from './budget-period.ts';

export type BudgetScope = 'tenant' | 'agent' | 'key' | 'tool';

/** One budget covering a call, with its usage read in the decision's transaction. */
export interface BudgetView {
  id: string;
  name: string;
  scope: BudgetScope;
  scopeId: string | null;
  parentId: string | null;
  period: BudgetPeriod;
  limitCents: number;
  hardLimit: boolean;
  /** What passing a hard limit does to a decision: hold it for a human, or block it. */
  onExceed: 'hold' | 'block';
  softLimitPct: number;
  alertThresholdPct: number;
  currency: string;
  /** Committed spend of the current period (0 after a reset). */
  spentCents: number;
  /** Held by live (unexpired, unsettled) reservations. */
  reservedCents: number;
}

export interface BudgetExcess {
  budget: BudgetView;
  /** Spent plus reserved, before this amount. */
  usedCents: number;
  amountCents: number;
}

/** The budgets whose limit `amountCents` would pass: hard limits first (the one that decides), then soft ones. */
export function budgetExcesses(budgets: readonly BudgetView[], amountCents: number): { hard: BudgetExcess[]; soft: BudgetExcess[] } {
  const hard: BudgetExcess[] = [];
  const soft: BudgetExcess[] = [];
  for (const budget of budgets) {
    const usedCents = budget.spentCents + budget.reservedCents;
    if (usedCents + amountCents <= budget.limitCents) continue;
    (budget.hardLimit ? hard : soft).push({ budget, usedCents, amountCents });
  }
  // A blocking budget decides before a holding one: the stronger effect wins, as with tool rules.
  hard.sort((a, b) => (a.budget.onExceed === b.budget.onExceed ? 0 : a.budget.onExceed === 'block' ? -1 : 1));
  return { hard, soft };
}

/** Figures of one budget for a stage's `data` and for answers. */
export function budgetFigures(excess: BudgetExcess) {
  const { budget } = excess;
  return {
    budget_id: budget.id,
    name: budget.name,
    scope: budget.scope,
    scope_id: budget.scopeId,
    period: budget.period,
    limit_cents: budget.limitCents,
    spent_cents: budget.spentCents,
    reserved_cents: budget.reservedCents,
    amount_cents: excess.amountCents,
    hard_limit: budget.hardLimit,
    on_exceed: budget.onExceed,
    currency: budget.currency,
  };
}

/** One sentence on a budget this amount would pass. */
export function describeExcess(excess: BudgetExcess): string {
  const { budget } = excess;
  const kind = budget.hardLimit ? 'hard' : 'soft';
  return (
    `budget ${budget.id} (${budget.name}, ${budget.period}) has ${budget.spentCents} cents spent and ${budget.reservedCents} reserved ` +
    `of its ${kind} limit of ${budget.limitCents} ${budget.currency} cents; this call asks ${excess.amountCents}`
  );
}
