// Committed plans in PostgreSQL: the twin of sqlite/sqlite-plans.ts (same table, same rows).
// Authorizing and using a step are conditional UPDATEs, so two nodes cannot both authorize a plan
// or both use one step; `stepsUsed` and `useStep` run in the decision's transaction, under the
// tenant's journal lock.
import type pg from 'pg';
import type { PlanListQuery, PlanRow, PlanStore } from '../plan-store.ts';
import { listPlansSql, listPlansValues, PLAN_COLUMNS, planOf, planValues, useStepSql } from '../plan-rows.ts';
import type { Row } from '../rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;

const numbered = (n: number) => `$${n}`;

export class PostgresPlans implements PlanStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
  ) {}

  async createPlan(row: PlanRow): Promise<void> {
    await this.query(
      this.pool,
      'plan_insert',
      `INSERT INTO plans (${PLAN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      planValues(row),
    );
  }

  async getPlan(tenantId: string, id: string): Promise<PlanRow | null> {
    const result = await this.query(this.pool, 'plan_get', 'SELECT * FROM plans WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rows[0] ? planOf(result.rows[0]) : null;
  }

  async authorizePlan(
    tenantId: string,
    id: string,
    by: { keyId: string; authorizedBy: string | null; comments: string | null; at: number; expiresAt: number },
  ): Promise<boolean> {
    const result = await this.query(
      this.pool,
      'plan_authorize',
      `UPDATE plans SET status = 'authorized', authorized_by_key_id = $1, authorized_by = $2, comments = $3, authorized_at = $4, expires_at = $5
       WHERE tenant_id = $6 AND id = $7 AND status = 'pending_authorization'`,
      [by.keyId, by.authorizedBy, by.comments, by.at, by.expiresAt, tenantId, id],
    );
    return result.rowCount === 1;
  }

  async listLivePlans(tenantId: string, now: number): Promise<PlanRow[]> {
    const result = await this.query(
      this.pool,
      'plans_live',
      `SELECT * FROM plans WHERE tenant_id = $1 AND status IN ('authorized', 'completed') AND expires_at > $2 ORDER BY authorized_at, id`,
      [tenantId, now],
    );
    return result.rows.map(planOf);
  }

  async listPlans(tenantId: string, query: PlanListQuery): Promise<PlanRow[]> {
    // Not a named statement: its text depends on the filters.
    const result = await this.pool.query(listPlansSql(query, numbered), listPlansValues(tenantId, query));
    return result.rows.map(planOf);
  }

  /** Steps used of these plans, by id, read by the decision's transaction. */
  async stepsUsed(client: pg.ClientBase, tenantId: string, ids: readonly string[]): Promise<Record<string, number>> {
    const result = await this.query(client, 'plan_steps_used', 'SELECT id, steps_used FROM plans WHERE tenant_id = $1 AND id = ANY($2)', [
      tenantId,
      ids,
    ]);
    return Object.fromEntries(result.rows.map((row) => [row.id as string, Number(row.steps_used)]));
  }

  /** Uses the step at `position` in the decision's transaction; false when it was not the next unused one. */
  async useStep(
    client: pg.ClientBase,
    step: { tenantId: string; planId: string; position: number; total: number; at: number },
  ): Promise<boolean> {
    const result = await this.query(client, 'plan_use_step', `${useStepSql(numbered)} RETURNING id`, [
      step.at,
      step.position,
      step.total,
      step.tenantId,
      step.planId,
    ]);
    return result.rowCount === 1;
  }
}
