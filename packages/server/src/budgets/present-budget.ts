// How budgets, reservations and agent controls are shown in answers (issue 19).
import { nextPeriodStart, periodStart, spentThisPeriod } from '@actiongate/engine';
import { iso } from '../present.ts';
import type { AgentControlRow, BudgetUsage, ReservationRow } from '../store/budget-store.ts';

const LEVELS = ['none', 'alert', 'soft_limit', 'exceeded'] as const;

export function presentBudget(budget: BudgetUsage, now: number) {
  const spent = spentThisPeriod(budget, now);
  const start = periodStart(budget.period, now);
  const level = budget.alertPeriodStart === start ? budget.alertLevel : 0;
  const used = spent + budget.reservedCents;
  return {
    id: budget.id,
    name: budget.name,
    description: budget.description,
    scope: budget.scope,
    scope_id: budget.scopeId,
    parent_id: budget.parentId,
    period: budget.period,
    limit_cents: budget.limitCents,
    hard_limit: budget.hardLimit,
    on_exceed: budget.onExceed,
    soft_limit_pct: budget.softLimitPct,
    alert_threshold_pct: budget.alertThresholdPct,
    currency: budget.currency,
    metadata: budget.metadata,
    spent_cents: spent,
    reserved_cents: budget.reservedCents,
    available_cents: budget.limitCents - used,
    used_pct: Math.round((used * 10000) / budget.limitCents) / 100,
    alert_level: LEVELS[level] ?? 'none',
    period_start: budget.period === 'total' ? null : iso(start),
    period_resets_at: iso(nextPeriodStart(budget.period, now)),
    created_at: iso(budget.createdAt)!,
    updated_at: iso(budget.updatedAt)!,
  };
}

export function presentReservation(reservation: ReservationRow, now: number) {
  const expired = reservation.status === 'held' && reservation.expiresAt <= now;
  return {
    reservation_id: reservation.id,
    budget_id: reservation.budgetId,
    budget_ids: reservation.budgetIds,
    amount_cents: reservation.amountCents,
    agent_id: reservation.agentId,
    decision_id: reservation.decisionId,
    status: expired ? 'expired' : reservation.status,
    committed_cents: reservation.committedCents,
    created_at: iso(reservation.createdAt)!,
    expires_at: iso(reservation.expiresAt)!,
    settled_at: iso(reservation.settledAt),
  };
}

export function presentAgentControls(agentId: string, row: AgentControlRow | null, counts: { actionsLastHour: number; running: number }) {
  return {
    agent_id: agentId,
    max_actions_per_hour: row?.maxActionsPerHour ?? null,
    max_concurrent_actions: row?.maxConcurrentActions ?? null,
    actions_last_hour: counts.actionsLastHour,
    running: counts.running,
    updated_at: iso(row?.updatedAt ?? null),
  };
}
