// Webhooks and deliveries in PostgreSQL: the twin of sqlite/sqlite-webhooks.ts (same tables, same
// rows). Taking due deliveries locks them (FOR UPDATE SKIP LOCKED), so two nodes never lease the same
// delivery; the schedule of attempts stays in webhooks/retry-schedule.ts.
import type pg from 'pg';
import type { DeliveryAttempt, DeliveryRow, DeliveryStatus, WebhookRow, WebhookStore } from '../webhook-store.ts';
import type { Row } from '../rows.ts';
import { webhookOf, deliveryOf } from '../webhook-rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;
type Transaction = <T>(run: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/** Attempts kept in a delivery's log (a day of backoff is about 30). */
const ATTEMPT_LOG_LIMIT = 50;

export class PostgresWebhooks implements WebhookStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
    private readonly transaction: Transaction,
  ) {}

  async createWebhook(row: WebhookRow): Promise<void> {
    await this.query(
      this.pool,
      'webhook_insert',
      'INSERT INTO webhooks (id, tenant_id, url, events, format, secret, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [row.id, row.tenantId, row.url, JSON.stringify(row.events), row.format, row.secret, row.createdAt],
    );
  }

  async listWebhooks(tenantId: string): Promise<WebhookRow[]> {
    const result = await this.query(this.pool, 'webhooks_list', 'SELECT * FROM webhooks WHERE tenant_id = $1 ORDER BY created_at, id', [
      tenantId,
    ]);
    return result.rows.map(webhookOf);
  }

  async getWebhook(tenantId: string, id: string): Promise<WebhookRow | null> {
    const result = await this.query(this.pool, 'webhook_get', 'SELECT * FROM webhooks WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rows[0] ? webhookOf(result.rows[0]) : null;
  }

  async deleteWebhook(tenantId: string, id: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const found = await this.query(client, 'webhook_find', 'SELECT id FROM webhooks WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [
        tenantId,
        id,
      ]);
      if (found.rows.length === 0) return false;
      await this.query(client, 'webhook_deliveries_delete', 'DELETE FROM webhook_deliveries WHERE webhook_id = $1', [id]);
      await this.query(client, 'webhook_delete', 'DELETE FROM webhooks WHERE id = $1', [id]);
      return true;
    });
  }

  async tenantsWithWebhooks(): Promise<string[]> {
    const result = await this.query(this.pool, 'webhook_tenants', 'SELECT DISTINCT tenant_id FROM webhooks', []);
    return result.rows.map((row) => row.tenant_id as string);
  }

  async addDeliveries(rows: DeliveryRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.transaction(async (client) => {
      for (const d of rows) {
        await this.query(
          client,
          'webhook_delivery_insert',
          `INSERT INTO webhook_deliveries (id, webhook_id, tenant_id, event, event_seq, body, status, attempts, attempt_log, next_attempt_at, created_at, finished_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
          [
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
          ],
        );
      }
    });
  }

  async takeDueDeliveries(now: number, leaseUntil: number, limit: number): Promise<DeliveryRow[]> {
    return this.transaction(async (client) => {
      const result = await this.query(
        client,
        'webhook_deliveries_due',
        `SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      for (const row of result.rows)
        await this.query(client, 'webhook_delivery_lease', 'UPDATE webhook_deliveries SET next_attempt_at = $1 WHERE id = $2', [
          leaseUntil,
          row.id,
        ]);
      return result.rows.map(deliveryOf);
    });
  }

  async nextDueAt(): Promise<number | null> {
    const result = await this.query(
      this.pool,
      'webhook_next_due',
      `SELECT MIN(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending'`,
      [],
    );
    return result.rows[0]?.due ?? null;
  }

  async recordAttempt(
    id: string,
    attempt: DeliveryAttempt,
    next: { status: DeliveryStatus; nextAttemptAt: number | null; finishedAt: number | null },
  ): Promise<void> {
    await this.transaction(async (client) => {
      const found = await this.query(
        client,
        'webhook_delivery_log',
        'SELECT attempt_log FROM webhook_deliveries WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (found.rows.length === 0) return; // deleted with its webhook while the attempt ran
      const log = [...(JSON.parse(found.rows[0].attempt_log) as DeliveryAttempt[]), attempt].slice(-ATTEMPT_LOG_LIMIT);
      await this.query(
        client,
        'webhook_delivery_attempt',
        `UPDATE webhook_deliveries SET status = $1, attempts = attempts + 1, attempt_log = $2, next_attempt_at = $3, finished_at = $4 WHERE id = $5`,
        [next.status, JSON.stringify(log), next.nextAttemptAt, next.finishedAt, id],
      );
    });
  }

  async listDeliveries(tenantId: string, webhookId: string, limit: number): Promise<DeliveryRow[]> {
    const result = await this.query(
      this.pool,
      'webhook_deliveries_list',
      'SELECT * FROM webhook_deliveries WHERE tenant_id = $1 AND webhook_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3',
      [tenantId, webhookId, limit],
    );
    return result.rows.map(deliveryOf);
  }
}
