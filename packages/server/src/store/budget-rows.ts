// Budget, reservation and agent-control rows as both databases store them (same columns), read
// into their types (issue 19).
import type { AgentControlRow, BudgetRow, ReservationRow } from './budget-store.ts';

type Row = Record<string, any>;

export const BUDGET_COLUMNS =
  'id, tenant_id, name, description, scope, scope_id, parent_id, period, limit_cents, hard_limit, on_exceed, soft_limit_pct, ' +
  'alert_threshold_pct, currency, metadata, spent_cents, period_start, alert_level, alert_period_start, created_at, updated_at';

export function budgetOf(row: Row): BudgetRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    description: row.description,
    scope: row.scope,
    scopeId: row.scope_id,
    parentId: row.parent_id,
    period: row.period,
    limitCents: Number(row.limit_cents),
    hardLimit: Number(row.hard_limit) === 1,
    onExceed: row.on_exceed,
    softLimitPct: Number(row.soft_limit_pct),
    alertThresholdPct: Number(row.alert_threshold_pct),
    currency: row.currency,
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
    spentCents: Number(row.spent_cents),
    periodStart: Number(row.period_start),
    alertLevel: Number(row.alert_level),
    alertPeriodStart: Number(row.alert_period_start),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Column values of a budget, in BUDGET_COLUMNS order. */
export function budgetValues(b: BudgetRow): unknown[] {
  return [
    b.id,
    b.tenantId,
    b.name,
    b.description,
    b.scope,
    b.scopeId,
    b.parentId,
    b.period,
    b.limitCents,
    b.hardLimit ? 1 : 0,
    b.onExceed,
    b.softLimitPct,
    b.alertThresholdPct,
    b.currency,
    b.metadata === null ? null : JSON.stringify(b.metadata),
    b.spentCents,
    b.periodStart,
    b.alertLevel,
    b.alertPeriodStart,
    b.createdAt,
    b.updatedAt,
  ];
}

export function reservationOf(row: Row): ReservationRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    budgetId: row.budget_id,
    budgetIds: JSON.parse(row.budget_ids),
    amountCents: Number(row.amount_cents),
    agentId: row.agent_id,
    decisionId: row.decision_id,
    status: row.status,
    committedCents: row.committed_cents === null ? null : Number(row.committed_cents),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}

export function agentControlOf(row: Row): AgentControlRow {
  return {
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    maxActionsPerHour: row.max_actions_per_hour === null ? null : Number(row.max_actions_per_hour),
    maxConcurrentActions: row.max_concurrent_actions === null ? null : Number(row.max_concurrent_actions),
    updatedAt: Number(row.updated_at),
  };
}
