// The row mapper of cluster nodes, shared by the SQLite and PostgreSQL stores.
import type { NodeFault, NodeRow } from './cluster-store.ts';
import type { Row } from './rows.ts';

export function nodeOf(row: Row): NodeRow {
  return {
    nodeId: row.node_id,
    startedAt: Number(row.started_at),
    lastSeenAt: Number(row.last_seen_at),
    host: row.host,
    pid: Number(row.pid),
    fault: (row.fault as NodeFault | null) ?? null,
    faultAt: row.fault_at === null ? null : Number(row.fault_at),
  };
}
