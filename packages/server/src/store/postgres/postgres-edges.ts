// Issue 20: acting edges in PostgreSQL, the twin of sqlite/sqlite-edges.ts (the shared SQL of
// edge-rows.ts, its `?` placeholders numbered).
import type pg from 'pg';
import { EDGE_SQL, edgeOf, edgeValues } from '../edge-rows.ts';
import type { EdgeRow, EdgeStore } from '../edge-store.ts';

export class PostgresEdges implements EdgeStore {
  constructor(private readonly pool: pg.Pool) {}

  private async sql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[]; changes: number }> {
    let n = 0;
    const result = await this.pool.query(
      text.replace(/\?/g, () => `$${++n}`),
      values,
    );
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  async createEdge(row: EdgeRow): Promise<void> {
    await this.sql(EDGE_SQL.insert, edgeValues(row));
  }

  async getEdge(tenantId: string, id: string): Promise<EdgeRow | null> {
    const { rows } = await this.sql(EDGE_SQL.get, [tenantId, id]);
    return rows[0] ? edgeOf(rows[0]) : null;
  }

  async liveEdges(tenantId: string, now: number, identityId?: string): Promise<EdgeRow[]> {
    const { rows } =
      identityId === undefined
        ? await this.sql(EDGE_SQL.live, [tenantId, now])
        : await this.sql(EDGE_SQL.liveTouching, [tenantId, now, identityId, identityId]);
    return rows.map(edgeOf);
  }

  async revokeEdge(tenantId: string, id: string, now: number): Promise<boolean> {
    return (await this.sql(EDGE_SQL.revoke, [now, tenantId, id])).changes === 1;
  }
}
