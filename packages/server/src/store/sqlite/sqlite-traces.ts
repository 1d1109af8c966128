// Traces in SQLite: recorded events, and the decisions that carry the trace id.
import type Database from 'better-sqlite3';
import type { TraceEventRow, TraceSummary } from '../trace-store.ts';

type Row = Record<string, any>;

function traceEventOf(row: Row): TraceEventRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    traceId: row.trace_id,
    spanId: row.span_id,
    parentSpanId: row.parent_span_id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    attributes: JSON.parse(row.attributes),
    payload: row.payload === null ? null : JSON.parse(row.payload),
    keyId: row.key_id,
    agentId: row.agent_id,
    createdAt: row.created_at,
  };
}

export class SqliteTraces {
  constructor(private readonly db: Database.Database) {}

  add(event: TraceEventRow): void {
    this.db
      .prepare(
        `INSERT INTO trace_events (id, tenant_id, trace_id, span_id, parent_span_id, name, kind, status, attributes, payload,
           key_id, agent_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        event.id,
        event.tenantId,
        event.traceId,
        event.spanId,
        event.parentSpanId,
        event.name,
        event.kind,
        event.status,
        JSON.stringify(event.attributes),
        event.payload === undefined ? null : JSON.stringify(event.payload),
        event.keyId,
        event.agentId,
        event.createdAt,
      );
  }

  /** Raw decision rows of the trace (the store maps them) and its events, each oldest first. */
  get(tenantId: string, traceId: string, limit: number): { decisions: Row[]; events: TraceEventRow[] } {
    const decisions = this.db
      .prepare('SELECT * FROM decisions WHERE tenant_id = ? AND trace_id = ? ORDER BY seq LIMIT ?')
      .all(tenantId, traceId, limit) as Row[];
    const events = (
      this.db
        .prepare('SELECT * FROM trace_events WHERE tenant_id = ? AND trace_id = ? ORDER BY created_at, rowid LIMIT ?')
        .all(tenantId, traceId, limit) as Row[]
    ).map(traceEventOf);
    return { decisions, events };
  }

  list(tenantId: string, limit: number): TraceSummary[] {
    const rows = this.db
      .prepare(
        `SELECT trace_id, SUM(is_decision) AS decisions, SUM(1 - is_decision) AS events, MIN(created_at) AS first_at,
           MAX(created_at) AS last_at
         FROM (SELECT trace_id, created_at, 1 AS is_decision FROM decisions WHERE tenant_id = @tenantId AND trace_id IS NOT NULL
               UNION ALL
               SELECT trace_id, created_at, 0 AS is_decision FROM trace_events WHERE tenant_id = @tenantId)
         GROUP BY trace_id ORDER BY last_at DESC LIMIT @limit`,
      )
      .all({ tenantId, limit }) as Row[];
    return rows.map((row) => ({
      traceId: row.trace_id,
      decisions: row.decisions,
      events: row.events,
      firstAt: row.first_at,
      lastAt: row.last_at,
    }));
  }
}
