// Storage of traces: the events callers record in a trace; decisions join a trace by `trace_id`.
import type { DecisionRow } from './store.ts';

export interface TraceEventRow {
  id: string;
  tenantId: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: string;
  status: string;
  attributes: Record<string, unknown>;
  payload: unknown;
  keyId: string;
  agentId: string | null;
  createdAt: number;
}

export interface TraceSummary {
  traceId: string;
  decisions: number;
  events: number;
  firstAt: number;
  lastAt: number;
}

export interface TraceStore {
  addTraceEvent(event: TraceEventRow): Promise<void>;
  /** The decisions and events of one trace, each oldest first. */
  getTrace(tenantId: string, traceId: string, limit: number): Promise<{ decisions: DecisionRow[]; events: TraceEventRow[] }>;
  /** The tenant's traces, most recently active first. */
  listTraces(tenantId: string, limit: number): Promise<TraceSummary[]>;
}
