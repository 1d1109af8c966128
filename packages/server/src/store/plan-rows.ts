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
    stepsUsed: Number(row.steps_used ?? 0),
    completedAt: numberOrNull(row.completed_at),
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

/**
 * The guarded write that uses a plan's step: only while the plan is authorized and exactly
 * `position` steps ran, so a step is used once whichever decision (or node) tries; the last step
 * completes the plan. Parameters: at, position, total, tenant id, plan id (`?` or `$n` placeholders).
 */
export function useStepSql(placeholder: (n: number) => string): string {
  const [at, position, total, tenant, id] = [1, 2, 3, 4, 5].map(placeholder);
  return `UPDATE plans SET steps_used = steps_used + 1,
      status = CASE WHEN steps_used + 1 >= ${total} THEN 'completed' ELSE status END,
      completed_at = CASE WHEN steps_used + 1 >= ${total} THEN ${at} ELSE completed_at END
    WHERE tenant_id = ${tenant} AND id = ${id} AND status = 'authorized' AND steps_used = ${position}`;
}

/** The plan list's query: filters as given, newest first (`?` or `$n` placeholders, in this order: tenant, status?, agent?, limit). */
export function listPlansSql(query: { status?: string; agentId?: string }, placeholder: (n: number) => string): string {
  let n = 1;
  const where = [`tenant_id = ${placeholder(n++)}`];
  if (query.status !== undefined) where.push(`status = ${placeholder(n++)}`);
  if (query.agentId !== undefined) where.push(`agent_id = ${placeholder(n++)}`);
  return `SELECT * FROM plans WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${placeholder(n)}`;
}

/** The values of `listPlansSql`, in its order. */
export function listPlansValues(tenantId: string, query: { status?: string; agentId?: string; limit: number }): unknown[] {
  return [
    tenantId,
    ...(query.status !== undefined ? [query.status] : []),
    ...(query.agentId !== undefined ? [query.agentId] : []),
    query.limit,
  ];
}
