// The demo's throwaway tenants in SQLite: seeding records, and deleting a tenant with all its rows.
// Tables are found from the schema, so rows of tables added later are removed too.
import type Database from 'better-sqlite3';

type Row = Record<string, any>;

export class SqliteDemoTenants {
  private tenantTables: string[] | null = null;

  constructor(private readonly db: Database.Database) {}

  seedTrustRecord(
    tenantId: string,
    target: { agentId?: string; keyId?: string },
    counts: { approved: number; blocked: number },
    now: number,
  ): void {
    this.db.transaction(() => {
      if (target.agentId !== undefined) {
        this.db
          .prepare(
            `INSERT INTO agents (tenant_id, agent_id, approved, blocked, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (tenant_id, agent_id) DO UPDATE SET approved = excluded.approved, blocked = excluded.blocked`,
          )
          .run(tenantId, target.agentId, counts.approved, counts.blocked, now, now);
      }
      if (target.keyId !== undefined) {
        this.db
          .prepare('UPDATE keys SET approved = ?, blocked = ? WHERE tenant_id = ? AND id = ?')
          .run(counts.approved, counts.blocked, tenantId, target.keyId);
      }
    })();
  }

  /** Every table except `tenants` with a `tenant_id` column, read once from the schema. */
  private tables(): string[] {
    if (!this.tenantTables) {
      const names = (
        this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as Row[]
      ).map((row) => row.name as string);
      this.tenantTables = names.filter(
        (name) =>
          name !== 'tenants' &&
          (this.db.prepare(`PRAGMA table_info("${name.replaceAll('"', '""')}")`).all() as Row[]).some((c) => c.name === 'tenant_id'),
      );
    }
    return this.tenantTables;
  }

  deleteTenant(tenantId: string): void {
    this.db.transaction(() => {
      // Children first: `keys`, `agents`, … reference `tenants`; deferring the check covers their order among themselves.
      this.db.pragma('defer_foreign_keys = ON');
      for (const table of this.tables()) this.db.prepare(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE tenant_id = ?`).run(tenantId);
      this.db.prepare('DELETE FROM tenants WHERE id = ?').run(tenantId);
    })();
  }

  /**
   * Tenants under `idPrefix` created before `createdBefore`, and rows under the prefix whose tenant is
   * gone (a background writer that raced a deletion). A range on the id, so the indexes serve it.
   */
  staleTenantIds(idPrefix: string, createdBefore: number, limit: number): string[] {
    const low = idPrefix;
    const high = idPrefix.slice(0, -1) + String.fromCharCode(idPrefix.charCodeAt(idPrefix.length - 1) + 1);
    const ids = new Set(
      (
        this.db
          .prepare('SELECT id FROM tenants WHERE id >= ? AND id < ? AND created_at < ? ORDER BY id LIMIT ?')
          .all(low, high, createdBefore, limit) as Row[]
      ).map((row) => row.id as string),
    );
    for (const table of this.tables()) {
      if (ids.size >= limit) break;
      const orphans = this.db
        .prepare(
          `SELECT DISTINCT tenant_id FROM "${table.replaceAll('"', '""')}" WHERE tenant_id >= ? AND tenant_id < ?
             AND tenant_id NOT IN (SELECT id FROM tenants WHERE id >= ? AND id < ?) LIMIT ?`,
        )
        .all(low, high, low, high, limit) as Row[];
      for (const row of orphans) ids.add(row.tenant_id as string);
    }
    return [...ids].slice(0, limit);
  }
}
