// Committed plans in SQLite (the issue-21 plans migrations in schema.ts); the twin of
// postgres/postgres-plans.ts. `stepsUsed` and `useStep` run inside the decision's transaction.
import type Database from 'better-sqlite3';
import type { PlanListQuery, PlanRow, PlanStore } from '../plan-store.ts';
import { listPlansSql, listPlansValues, PLAN_COLUMNS, planOf, planValues, useStepSql } from '../plan-rows.ts';

import { bind, named } from './named-parameters.ts';

type Row = Record<string, any>;

export class SqlitePlans implements PlanStore {
  private readonly useStepStatement: Database.Statement;
  private readonly stepsUsedStatement: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.useStepStatement = db.prepare(useStepSql(named));
    this.stepsUsedStatement = db.prepare('SELECT steps_used FROM plans WHERE tenant_id = ? AND id = ?');
  }

  async createPlan(row: PlanRow): Promise<void> {
    this.db.prepare(`INSERT INTO plans (${PLAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...planValues(row));
  }

  async getPlan(tenantId: string, id: string): Promise<PlanRow | null> {
    const row = this.db.prepare('SELECT * FROM plans WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? planOf(row) : null;
  }

  async authorizePlan(
    tenantId: string,
    id: string,
    by: { keyId: string; authorizedBy: string | null; comments: string | null; at: number; expiresAt: number },
  ): Promise<boolean> {
    const result = this.db
      .prepare(
        `UPDATE plans SET status = 'authorized', authorized_by_key_id = ?, authorized_by = ?, comments = ?, authorized_at = ?, expires_at = ?
         WHERE tenant_id = ? AND id = ? AND status = 'pending_authorization'`,
      )
      .run(by.keyId, by.authorizedBy, by.comments, by.at, by.expiresAt, tenantId, id);
    return result.changes === 1;
  }

  async listLivePlans(tenantId: string, now: number): Promise<PlanRow[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM plans WHERE tenant_id = ? AND status IN ('authorized', 'completed') AND expires_at > ? ORDER BY authorized_at, id`,
      )
      .all(tenantId, now) as Row[];
    return rows.map(planOf);
  }

  async listPlans(tenantId: string, query: PlanListQuery): Promise<PlanRow[]> {
    const rows = this.db.prepare(listPlansSql(query, named)).all(bind(listPlansValues(tenantId, query))) as Row[];
    return rows.map(planOf);
  }

  /** Steps used of these plans, by id (inside the decision's transaction). */
  stepsUsedNow(tenantId: string, ids: readonly string[]): Record<string, number> {
    const used: Record<string, number> = {};
    for (const id of ids) {
      const row = this.stepsUsedStatement.get(tenantId, id) as Row | undefined;
      if (row) used[id] = Number(row.steps_used);
    }
    return used;
  }

  /** Uses the step at `position` (inside the decision's transaction); false when it was not the next unused one. */
  useStepNow(step: { tenantId: string; planId: string; position: number; total: number; at: number }): boolean {
    return this.useStepStatement.run(bind([step.at, step.position, step.total, step.tenantId, step.planId])).changes === 1;
  }
}
