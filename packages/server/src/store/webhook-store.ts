// Webhooks and their deliveries. A delivery is written before it is sent and updated after every
// attempt, so retries survive a restart and the log shows each attempt. Which attempt comes when is
// decided by the pure schedule in webhooks/retry-schedule.ts, never by SQL.

export type WebhookEvent =
  | 'approval.requested'
  | 'approval.resolved'
  | 'decision.blocked'
  | 'agent.state_changed'
  | 'tenant.halted'
  | 'tenant.resumed'
  // Issue 18: containment, closure, posture and vault changes.
  | 'tenant.contained'
  | 'tenant.released'
  | 'tenant.closed'
  | 'posture.changed'
  | 'credential.changed'
  // Issue 22: compliance findings (the monitor's failing controls among them).
  | 'compliance.finding_raised'
  | 'compliance.finding_updated'
  // Issue 19: a budget reached its alert threshold or soft limit, or passed its limit.
  | 'budget.alert'
  // Issue 13: a tool result reported with an outcome reads as prompt injection.
  | 'decision.result_flagged';
export type WebhookFormat = 'json' | 'slack';

export interface WebhookRow {
  id: string;
  tenantId: string;
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  /** HMAC-SHA256 key of the `X-ActionGate-Signature` header (kept in clear: it signs every body). */
  secret: string;
  createdAt: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  at: number;
  /** HTTP status of the answer; null when no answer came (refused, timed out, blocked address). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRow {
  id: string;
  webhookId: string;
  tenantId: string;
  event: WebhookEvent;
  /** Position of the causing event in the tenant's event log (0 for operator actions outside it). */
  eventSeq: number;
  /** The exact bytes sent (and signed) at every attempt. */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  attemptLog: DeliveryAttempt[];
  /** When the next attempt is due (null once delivered or given up). */
  nextAttemptAt: number | null;
  createdAt: number;
  finishedAt: number | null;
}

export interface WebhookStore {
  createWebhook(row: WebhookRow): Promise<void>;
  listWebhooks(tenantId: string): Promise<WebhookRow[]>;
  getWebhook(tenantId: string, id: string): Promise<WebhookRow | null>;
  /** Deletes the webhook and its deliveries; false when it does not exist (in this tenant). */
  deleteWebhook(tenantId: string, id: string): Promise<boolean>;
  /** Tenants with at least one webhook (the feeder ignores the events of every other tenant). */
  tenantsWithWebhooks(): Promise<string[]>;
  addDeliveries(rows: DeliveryRow[]): Promise<void>;
  /**
   * Deliveries due at `now` (pending, `nextAttemptAt <= now`), oldest first, each leased until
   * `leaseUntil` (its `nextAttemptAt` moves there) so a crash mid-send retries it after the lease.
   */
  takeDueDeliveries(now: number, leaseUntil: number, limit: number): Promise<DeliveryRow[]>;
  /** The earliest `nextAttemptAt` of a pending delivery, or null. */
  nextDueAt(): Promise<number | null>;
  /** Stores the outcome of one attempt and what comes next. */
  recordAttempt(
    id: string,
    attempt: DeliveryAttempt,
    next: { status: DeliveryStatus; nextAttemptAt: number | null; finishedAt: number | null },
  ): Promise<void>;
  listDeliveries(tenantId: string, webhookId: string, limit: number): Promise<DeliveryRow[]>;
}
