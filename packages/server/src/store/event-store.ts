// The tenant's event log: decision, approval and halt events, numbered per tenant, written in the
// same transaction as the change they describe and announced to listeners only after it commits.

/** Event kinds the log holds. */
export type EventType =
  | 'decision.created'
  | 'approval.created'
  | 'approval.approved'
  | 'approval.denied'
  | 'approval.consumed'
  | 'halt.started'
  | 'halt.lifted'
  // Issue 18: the tenant's enforcement state and its vault (never a secret: names, hosts, versions).
  | 'posture.updated'
  | 'egress_rule.created'
  | 'egress_rule.deleted'
  | 'tenant.contained'
  | 'tenant.released'
  | 'tenant.closed'
  | 'credential.saved'
  | 'credential.deleted'
  // Issue 22: compliance findings, raised by hand or by the monitor, and their workflow.
  | 'finding.created'
  | 'finding.updated'
  // Issue 19: a budget reached its alert threshold, its soft limit, or passed its limit.
  | 'budget.alert'
  // Issue 13: the tool result reported with a decision's outcome reads as prompt injection.
  | 'decision.result_flagged';

/** The event kinds, for documentation and checks. */
export const EVENT_TYPES: readonly EventType[] = [
  'decision.created',
  'approval.created',
  'approval.approved',
  'approval.denied',
  'approval.consumed',
  'halt.started',
  'halt.lifted',
  'posture.updated',
  'egress_rule.created',
  'egress_rule.deleted',
  'tenant.contained',
  'tenant.released',
  'tenant.closed',
  'credential.saved',
  'credential.deleted',
  'finding.created',
  'finding.updated',
  'budget.alert',
  'decision.result_flagged',
];

export interface EventRow {
  tenantId: string;
  /** Position in the tenant's log, from 1; the SSE `id:` and the polling `after=`. */
  seq: number;
  type: EventType;
  data: Record<string, unknown>;
  createdAt: number;
}

/** Called with the events of one committed transaction, in order. */
export type EventListener = (events: readonly EventRow[]) => void;

export interface EventStore {
  /** The tenant's events after `afterSeq`, oldest first. */
  listEvents(tenantId: string, afterSeq: number, limit: number): Promise<EventRow[]>;
  /** The newest sequence number of the tenant's log (0 when empty). */
  lastEventSeq(tenantId: string): Promise<number>;
  /**
   * Records one event of a change the caller has just committed (posture, containment, vault,
   * findings: issues 18 and 22) in its own transaction, and announces it once that commits.
   */
  appendEvent(tenantId: string, type: EventType, data: Record<string, unknown>, now: number): Promise<EventRow>;
  /** Hears every committed event of every tenant; returns the function that stops listening. */
  onEvents(listener: EventListener): () => void;
}
