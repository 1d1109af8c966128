// Webhook and delivery rows as stored by both databases (same columns), read into their types.
import type { DeliveryRow, WebhookRow } from './webhook-store.ts';

type Row = Record<string, any>;

export function webhookOf(row: Row): WebhookRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    events: JSON.parse(row.events),
    format: row.format,
    secret: row.secret,
    createdAt: row.created_at,
  };
}

export function deliveryOf(row: Row): DeliveryRow {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    tenantId: row.tenant_id,
    event: row.event,
    eventSeq: row.event_seq,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    attemptLog: JSON.parse(row.attempt_log),
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
