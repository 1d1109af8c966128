// Cluster nodes in SQLite (issue 14): one node owns the file, so the membership is that node; the
// rows are the same as PostgreSQL's (postgres/postgres-cluster.ts) so status and faults read alike.
import type Database from 'better-sqlite3';
import { nodeOf } from '../cluster-rows.ts';
import type { ClusterStore, NodeBeat, NodeFault, NodeRow } from '../cluster-store.ts';
import type { Row } from '../rows.ts';

export class SqliteCluster implements ClusterStore {
  readonly shared = false;

  constructor(private readonly db: Database.Database) {}

  async clusterId(candidate: string, now: number): Promise<string> {
    this.db
      .prepare('INSERT INTO cluster_meta (id, cluster_id, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING')
      .run(candidate, now);
    return (this.db.prepare('SELECT cluster_id FROM cluster_meta WHERE id = 1').get() as Row).cluster_id;
  }

  async heartbeat(beat: NodeBeat, forgetAfterMs: number): Promise<{ at: number; nodes: NodeRow[] }> {
    const run = this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO cluster_nodes (node_id, started_at, last_seen_at, host, pid) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (node_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, host = excluded.host, pid = excluded.pid,
             fault = CASE WHEN cluster_nodes.started_at = excluded.started_at THEN cluster_nodes.fault END,
             fault_at = CASE WHEN cluster_nodes.started_at = excluded.started_at THEN cluster_nodes.fault_at END,
             started_at = excluded.started_at`,
        )
        .run(beat.nodeId, beat.startedAt, beat.now, beat.host, beat.pid);
      this.db.prepare('DELETE FROM cluster_nodes WHERE last_seen_at < ? AND node_id <> ?').run(beat.now - forgetAfterMs, beat.nodeId);
      return (this.db.prepare('SELECT * FROM cluster_nodes ORDER BY started_at, node_id').all() as Row[]).map(nodeOf);
    });
    return { at: beat.now, nodes: run() };
  }

  async setNodeFault(nodeId: string, fault: NodeFault | null, now: number): Promise<boolean> {
    const result = this.db
      .prepare('UPDATE cluster_nodes SET fault = ?, fault_at = ? WHERE node_id = ?')
      .run(fault, fault === null ? null : now, nodeId);
    return result.changes > 0;
  }

  async leave(nodeId: string): Promise<void> {
    this.db.prepare('DELETE FROM cluster_nodes WHERE node_id = ?').run(nodeId);
  }
}
