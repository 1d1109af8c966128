// Committed plans in SQLite (the issue-21 plans migration in schema.ts); the twin of
// postgres/postgres-plans.ts.
import type Database from 'better-sqlite3';
import type { PlanRow, PlanStore } from '../plan-store.ts';
import { PLAN_COLUMNS, planOf, planValues } from '../plan-rows.ts';

type Row = Record<string, any>;

export class SqlitePlans implements PlanStore {
  constructor(private readonly db: Database.Database) {}

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
      .prepare(`SELECT * FROM plans WHERE tenant_id = ? AND status = 'authorized' AND expires_at > ? ORDER BY authorized_at, id`)
      .all(tenantId, now) as Row[];
    return rows.map(planOf);
  }
}
