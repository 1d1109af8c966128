// Webhooks and deliveries in SQLite (tables of the issue-17 migration in schema.ts). Plain SQL that
// PostgreSQL reads the same way; times are integer milliseconds, lists are JSON text.
import type Database from 'better-sqlite3';
import type { DeliveryAttempt, DeliveryRow, DeliveryStatus, WebhookRow, WebhookStore } from '../webhook-store.ts';
import { webhookOf, deliveryOf } from '../webhook-rows.ts';

type Row = Record<string, any>;

/** Attempts kept in a delivery's log (a day of backoff is about 30). */
const ATTEMPT_LOG_LIMIT = 50;

export class SqliteWebhooks implements WebhookStore {
  constructor(private readonly db: Database.Database) {}

  async createWebhook(row: WebhookRow): Promise<void> {
    this.db
      .prepare('INSERT INTO webhooks (id, tenant_id, url, events, format, secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(row.id, row.tenantId, row.url, JSON.stringify(row.events), row.format, row.secret, row.createdAt);
  }

  async listWebhooks(tenantId: string): Promise<WebhookRow[]> {
    return (this.db.prepare('SELECT * FROM webhooks WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[]).map(webhookOf);
  }

  async getWebhook(tenantId: string, id: string): Promise<WebhookRow | null> {
    const row = this.db.prepare('SELECT * FROM webhooks WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? webhookOf(row) : null;
  }

  async deleteWebhook(tenantId: string, id: string): Promise<boolean> {
    return this.db.transaction(() => {
      const found = this.db.prepare('SELECT id FROM webhooks WHERE tenant_id = ? AND id = ?').get(tenantId, id);
      if (!found) return false;
      this.db.prepare('DELETE FROM webhook_deliveries WHERE webhook_id = ?').run(id);
      this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id);
      return true;
    })();
  }

  async tenantsWithWebhooks(): Promise<string[]> {
    return (this.db.prepare('SELECT DISTINCT tenant_id FROM webhooks').all() as Row[]).map((row) => row.tenant_id as string);
  }

  async addDeliveries(rows: DeliveryRow[]): Promise<void> {
    const insert = this.db.prepare(
      `INSERT INTO webhook_deliveries (id, webhook_id, tenant_id, event, event_seq, body, status, attempts, attempt_log, next_attempt_at, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    this.db.transaction(() => {
      for (const d of rows) {
        insert.run(
          d.id,
          d.webhookId,
          d.tenantId,
          d.event,
          d.eventSeq,
          d.body,
          d.status,
          d.attempts,
          JSON.stringify(d.attemptLog),
          d.nextAttemptAt,
          d.createdAt,
          d.finishedAt,
        );
      }
    })();
  }

  async takeDueDeliveries(now: number, leaseUntil: number, limit: number): Promise<DeliveryRow[]> {
    return this.db.transaction(() => {
      const rows = this.db
        .prepare(`SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`)
        .all(now, limit) as Row[];
      const lease = this.db.prepare('UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?');
      for (const row of rows) lease.run(leaseUntil, row.id);
      return rows.map(deliveryOf);
    })();
  }

  async nextDueAt(): Promise<number | null> {
    const row = this.db.prepare(`SELECT MIN(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending'`).get() as Row;
    return row.due ?? null;
  }

  async recordAttempt(
    id: string,
    attempt: DeliveryAttempt,
    next: { status: DeliveryStatus; nextAttemptAt: number | null; finishedAt: number | null },
  ): Promise<void> {
    this.db.transaction(() => {
      const row = this.db.prepare('SELECT attempt_log FROM webhook_deliveries WHERE id = ?').get(id) as Row | undefined;
      if (!row) return; // deleted with its webhook while the attempt ran
      const log = [...(JSON.parse(row.attempt_log) as DeliveryAttempt[]), attempt].slice(-ATTEMPT_LOG_LIMIT);
      this.db
        .prepare(
          `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, attempt_log = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?`,
        )
        .run(next.status, JSON.stringify(log), next.nextAttemptAt, next.finishedAt, id);
    })();
  }

  async listDeliveries(tenantId: string, webhookId: string, limit: number): Promise<DeliveryRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM webhook_deliveries WHERE tenant_id = ? AND webhook_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(tenantId, webhookId, limit) as Row[];
    return rows.map(deliveryOf);
  }
}
