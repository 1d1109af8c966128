// One row mapper for the `plans` table, shared by the SQLite and PostgreSQL stores (PostgreSQL
// answers BIGINT as text; both keep the steps as JSON text).
import type { PlanRow, PlanStatus } from './plan-store.ts';

type Row = Record<string, any>;

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function planOf(row: Row): PlanRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    goal: row.goal,
    steps: JSON.parse(row.steps),
    maxCumulativeRiskBudget: Number(row.max_cumulative_risk_budget),
    authorizedAuthorityCeiling: row.authorized_authority_ceiling,
    cumulativeRisk: Number(row.cumulative_risk),
    status: row.status as PlanStatus,
    committedByKeyId: row.committed_by_key_id,
    authorizedByKeyId: row.authorized_by_key_id ?? null,
    authorizedBy: row.authorized_by ?? null,
    comments: row.comments ?? null,
    createdAt: Number(row.created_at),
    authorizedAt: numberOrNull(row.authorized_at),
    expiresAt: numberOrNull(row.expires_at),
  };
}

/** The insert's values, in the column order of `PLAN_COLUMNS`. */
export const PLAN_COLUMNS =
  'id, tenant_id, agent_id, goal, steps, max_cumulative_risk_budget, authorized_authority_ceiling, cumulative_risk, status, committed_by_key_id, created_at';

export function planValues(row: PlanRow): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.agentId,
    row.goal,
    JSON.stringify(row.steps),
    row.maxCumulativeRiskBudget,
    row.authorizedAuthorityCeiling,
    row.cumulativeRisk,
    row.status,
    row.committedByKeyId,
    row.createdAt,
  ];
}
