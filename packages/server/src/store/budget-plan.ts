// Budget reservations as pure planning (issue 19): which budgets cover a call, whether an amount
// fits under their hard limits, and the writes that hold, commit or release it and raise alerts.
// Each database reads the rows inside its transaction and executes these writes; no rule lives in SQL.
import {
  budgetExcesses,
  callAmountCents,
  newAlerts,
  periodStart,
  spentThisPeriod,
  type BudgetExcess,
  type BudgetView,
  type Decision,
  type DecisionState,
} from '@actiongate/engine';
import type { BudgetUsage, ReservationRow, ReserveRequest, Settlement } from './budget-store.ts';

/** How long a decision's reservation holds its amount when no outcome is reported. */
export const DECISION_RESERVATION_TTL_MS = 24 * 3600 * 1000;

/** Deepest nesting followed up the parents (a guard against a cycle written behind our back). */
export const MAX_BUDGET_DEPTH = 16;

export type BudgetWrite =
  | { kind: 'reservation-insert'; reservation: ReservationRow }
  | { kind: 'reservation-settle'; reservationId: string; status: 'committed' | 'released'; committedCents: number | null; now: number }
  /** Adds to the spend of the period starting `periodStart` (a stored older period restarts from 0). */
  | { kind: 'budget-spend'; budgetId: string; periodStart: number; addCents: number }
  | { kind: 'budget-alert-level'; budgetId: string; level: number; periodStart: number }
  /** A `budget.alert` event (and through it, webhooks). */
  | { kind: 'budget-event'; tenantId: string; data: Record<string, unknown>; now: number };

/** The call's scope ids by budget scope: what a budget's `scope_id` must equal to cover it. */
export interface CallScope {
  agentId: string;
  keyId: string;
  /** Registered tool name of the call's path (its last segment). */
  toolName: string;
}

/** Whether a budget covers the call by its own scope (parents are added separately). */
export function coversCall(budget: Pick<BudgetUsage, 'scope' | 'scopeId'>, scope: CallScope): boolean {
  switch (budget.scope) {
    case 'tenant':
      return true;
    case 'agent':
      return budget.scopeId === scope.agentId;
    case 'key':
      return budget.scopeId === scope.keyId;
    case 'tool':
      return budget.scopeId === scope.toolName;
  }
}

/** Parent ids not loaded yet: the database reads these next, until none is missing. */
export function missingParents(loaded: ReadonlyMap<string, BudgetUsage>): string[] {
  const missing = new Set<string>();
  for (const budget of loaded.values()) if (budget.parentId && !loaded.has(budget.parentId)) missing.add(budget.parentId);
  return [...missing];
}

/** The budgets and every ancestor of theirs, each once, children before parents. */
export function withAncestors(start: readonly BudgetUsage[], byId: ReadonlyMap<string, BudgetUsage>): BudgetUsage[] {
  const chain: BudgetUsage[] = [];
  const seen = new Set<string>();
  for (const first of start) {
    let budget: BudgetUsage | undefined = first;
    for (let depth = 0; budget && depth < MAX_BUDGET_DEPTH && !seen.has(budget.id); depth++) {
      seen.add(budget.id);
      chain.push(budget);
      budget = budget.parentId ? byId.get(budget.parentId) : undefined;
    }
  }
  return chain;
}

/** The engine's view of a budget at `now` (spend of the current period only). */
export function budgetView(budget: BudgetUsage, now: number): BudgetView {
  return {
    id: budget.id,
    name: budget.name,
    scope: budget.scope,
    scopeId: budget.scopeId,
    parentId: budget.parentId,
    period: budget.period,
    limitCents: budget.limitCents,
    hardLimit: budget.hardLimit,
    onExceed: budget.onExceed,
    softLimitPct: budget.softLimitPct,
    alertThresholdPct: budget.alertThresholdPct,
    currency: budget.currency,
    spentCents: spentThisPeriod(budget, now),
    reservedCents: budget.reservedCents,
  };
}

/** Alerts newly reached when the usage of each budget changes by `delta(budget)` cents. */
function alertWrites(
  chain: readonly BudgetUsage[],
  now: number,
  delta: (budget: BudgetUsage) => { spent: number; reserved: number },
  cause: Record<string, unknown>,
): BudgetWrite[] {
  const writes: BudgetWrite[] = [];
  for (const budget of chain) {
    const view = budgetView(budget, now);
    const change = delta(budget);
    const used = view.spentCents + change.spent + Math.max(0, view.reservedCents + change.reserved);
    const current = periodStart(budget.period, now);
    const { raised, level } = newAlerts(budget, used, current);
    if (raised.length === 0) continue;
    writes.push({ kind: 'budget-alert-level', budgetId: budget.id, level, periodStart: current });
    for (const alert of raised) {
      writes.push({
        kind: 'budget-event',
        tenantId: budget.tenantId,
        now,
        data: {
          budget_id: budget.id,
          name: budget.name,
          level: alert,
          used_cents: used,
          limit_cents: budget.limitCents,
          threshold_pct: alert === 'alert' ? budget.alertThresholdPct : alert === 'soft_limit' ? budget.softLimitPct : 100,
          hard_limit: budget.hardLimit,
          currency: budget.currency,
          period: budget.period,
          ...cause,
        },
      });
    }
  }
  return writes;
}

/**
 * A reservation of `request.amountCents` against `chain` (the budget asked of and its parents):
 * refused with the deciding budget when it would pass a hard limit, else the writes that hold it.
 */
export function planReservation(
  tenantId: string,
  budgetId: string | null,
  chain: readonly BudgetUsage[],
  request: ReserveRequest,
): { refused: BudgetExcess } | { reservation: ReservationRow; writes: BudgetWrite[] } {
  const views = chain.map((budget) => budgetView(budget, request.now));
  const { hard } = budgetExcesses(views, request.amountCents);
  if (hard.length > 0) return { refused: hard[0] };
  return holdWrites(tenantId, budgetId, chain, request);
}

function holdWrites(tenantId: string, budgetId: string | null, chain: readonly BudgetUsage[], request: ReserveRequest) {
  const reservation: ReservationRow = {
    id: request.id,
    tenantId,
    budgetId,
    budgetIds: chain.map((budget) => budget.id),
    amountCents: request.amountCents,
    agentId: request.agentId,
    decisionId: request.decisionId,
    status: 'held',
    committedCents: null,
    createdAt: request.now,
    expiresAt: request.expiresAt,
    settledAt: null,
  };
  const cause = { reservation_id: request.id, ...(request.decisionId ? { decision_id: request.decisionId } : {}) };
  const writes: BudgetWrite[] = [
    { kind: 'reservation-insert', reservation },
    ...alertWrites(chain, request.now, () => ({ spent: 0, reserved: request.amountCents }), cause),
  ];
  return { reservation, writes };
}

/**
 * Commits or releases a reservation. `chain`: its budgets as read now (a deleted one is simply
 * missing). A commit after expiry is refused unless `lateCommit` (a decision's outcome: the call
 * ran, so its cost is booked whenever it is reported).
 */
export function planSettlement(
  reservation: ReservationRow,
  chain: readonly BudgetUsage[],
  settlement: Settlement,
  now: number,
  lateCommit = false,
): { refused: 'expired' | 'already_settled' } | { settled: ReservationRow; writes: BudgetWrite[] } {
  if (reservation.status !== 'held') return { refused: 'already_settled' };
  const expired = reservation.expiresAt <= now;
  if (settlement.kind === 'commit' && expired && !lateCommit) return { refused: 'expired' };
  if (settlement.kind === 'release') {
    const settled: ReservationRow = { ...reservation, status: 'released', settledAt: now };
    return {
      settled,
      writes: [{ kind: 'reservation-settle', reservationId: reservation.id, status: 'released', committedCents: null, now }],
    };
  }
  const cost = settlement.actualCents ?? reservation.amountCents;
  const settled: ReservationRow = { ...reservation, status: 'committed', committedCents: cost, settledAt: now };
  const writes: BudgetWrite[] = [
    { kind: 'reservation-settle', reservationId: reservation.id, status: 'committed', committedCents: cost, now },
  ];
  for (const budget of chain)
    writes.push({ kind: 'budget-spend', budgetId: budget.id, periodStart: periodStart(budget.period, now), addCents: cost });
  // The held amount no longer counts once settled (an expired one had stopped counting already).
  const freed = expired ? 0 : reservation.amountCents;
  const cause = { reservation_id: reservation.id, ...(reservation.decisionId ? { decision_id: reservation.decisionId } : {}) };
  writes.push(...alertWrites(chain, now, () => ({ spent: cost, reserved: -freed }), cause));
  return { settled, writes };
}

/**
 * An allowed decision that names an amount holds it against every budget covering the call, in the
 * decision's own transaction (the policy stage checked the same figures a moment before).
 */
export function planDecisionBudgetWrites(
  tenantId: string,
  agentId: string,
  payload: unknown,
  now: number,
  state: DecisionState,
  budgets: readonly BudgetUsage[] | undefined,
  decision: Decision,
  reservationId: string,
): BudgetWrite[] {
  if (!budgets || budgets.length === 0 || !decision.verdict.startsWith('ALLOWED')) return [];
  const amountCents = callAmountCents(payload);
  if (amountCents === null || amountCents <= 0) return [];
  // INVARIANT: the engine judged exactly these budgets (state.budgets comes from the same reads).
  if ((state.budgets ?? []).length !== budgets.length) throw new Error('budgets read and judged differ');
  return holdWrites(tenantId, null, budgets, {
    id: reservationId,
    amountCents,
    agentId,
    decisionId: decision.decisionId,
    now,
    expiresAt: now + DECISION_RESERVATION_TTL_MS,
  }).writes;
}
