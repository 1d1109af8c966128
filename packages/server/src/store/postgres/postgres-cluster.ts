// Cluster nodes in PostgreSQL (issue 14): the twin of sqlite/sqlite-cluster.ts. Heartbeats are
// stamped with the database's clock, so nodes whose own clocks disagree still agree on who is fresh.
import type pg from 'pg';
import { nodeOf } from '../cluster-rows.ts';
import type { ClusterStore, NodeBeat, NodeFault, NodeRow } from '../cluster-store.ts';
import type { Row } from '../rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;

/** The database's time in ms. */
const DB_NOW = '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint';

export class PostgresCluster implements ClusterStore {
  readonly shared = true;

  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
  ) {}

  async clusterId(candidate: string, now: number): Promise<string> {
    // Nodes starting together: the first id stays, every node reads that one back.
    await this.query(
      this.pool,
      'cluster_meta_insert',
      'INSERT INTO cluster_meta (id, cluster_id, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
      [candidate, now],
    );
    return (await this.query(this.pool, 'cluster_meta', 'SELECT cluster_id FROM cluster_meta WHERE id = 1', [])).rows[0].cluster_id;
  }

  async heartbeat(beat: NodeBeat, forgetAfterMs: number): Promise<{ at: number; nodes: NodeRow[] }> {
    const written = await this.query(
      this.pool,
      'cluster_heartbeat',
      `INSERT INTO cluster_nodes (node_id, started_at, last_seen_at, host, pid) VALUES ($1, $2, ${DB_NOW}, $3, $4)
       ON CONFLICT (node_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, host = excluded.host, pid = excluded.pid,
         fault = CASE WHEN cluster_nodes.started_at = excluded.started_at THEN cluster_nodes.fault END,
         fault_at = CASE WHEN cluster_nodes.started_at = excluded.started_at THEN cluster_nodes.fault_at END,
         started_at = excluded.started_at
       RETURNING last_seen_at`,
      [beat.nodeId, beat.startedAt, beat.host, beat.pid],
    );
    const at = Number(written.rows[0].last_seen_at);
    await this.query(this.pool, 'cluster_forget', 'DELETE FROM cluster_nodes WHERE last_seen_at < $1 AND node_id <> $2', [
      at - forgetAfterMs,
      beat.nodeId,
    ]);
    const nodes = await this.query(this.pool, 'cluster_nodes', 'SELECT * FROM cluster_nodes ORDER BY started_at, node_id', []);
    return { at, nodes: nodes.rows.map(nodeOf) };
  }

  async setNodeFault(nodeId: string, fault: NodeFault | null, now: number): Promise<boolean> {
    const result = await this.query(
      this.pool,
      'cluster_fault',
      'UPDATE cluster_nodes SET fault = $1, fault_at = $2 WHERE node_id = $3 RETURNING node_id',
      [fault, fault === null ? null : now, nodeId],
    );
    return result.rows.length > 0;
  }

  async leave(nodeId: string): Promise<void> {
    await this.query(this.pool, 'cluster_leave', 'DELETE FROM cluster_nodes WHERE node_id = $1', [nodeId]);
  }
}
