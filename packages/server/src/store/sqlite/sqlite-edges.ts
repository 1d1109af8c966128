// Issue 20: acting edges in SQLite (the shared SQL of edge-rows.ts).
import type Database from 'better-sqlite3';
import { EDGE_SQL, edgeOf, edgeValues } from '../edge-rows.ts';
import type { EdgeRow, EdgeStore } from '../edge-store.ts';

export class SqliteEdges implements EdgeStore {
  constructor(private readonly db: Database.Database) {}

  async createEdge(row: EdgeRow): Promise<void> {
    this.db.prepare(EDGE_SQL.insert).run(...edgeValues(row));
  }

  async getEdge(tenantId: string, id: string): Promise<EdgeRow | null> {
    const row = this.db.prepare(EDGE_SQL.get).get(tenantId, id) as Record<string, unknown> | undefined;
    return row ? edgeOf(row) : null;
  }

  async liveEdges(tenantId: string, now: number, identityId?: string): Promise<EdgeRow[]> {
    const rows =
      identityId === undefined
        ? this.db.prepare(EDGE_SQL.live).all(tenantId, now)
        : this.db.prepare(EDGE_SQL.liveTouching).all(tenantId, now, identityId, identityId);
    return (rows as Record<string, unknown>[]).map(edgeOf);
  }

  async revokeEdge(tenantId: string, id: string, now: number): Promise<boolean> {
    return this.db.prepare(EDGE_SQL.revoke).run(now, tenantId, id).changes === 1;
  }
}
