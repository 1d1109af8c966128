// The event log in PostgreSQL. Events are written inside the transaction of the change they
// describe (under the tenant's tip lock, so seqs are handed out in commit order) and given to
// listeners only after that transaction commits.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { DecisionEffects } from '@actiongate/engine';
import type { EventListener, EventRow, EventType } from '../event-store.ts';
import type { ApprovalState, DecisionRow } from '../store.ts';
import { approvalEventData, decisionEventData, type DecisionEventFields } from '../event-data.ts';
import { packJson, plainPackedJson, unpackJson } from '../sqlite/packed-json.ts';
import type { Row } from '../rows.ts';

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;

/** The events written by one transaction, published when it commits. */
export type EventBatch = EventRow[];

/** The channel on which a committing transaction tells the other nodes which events it wrote. */
const CHANNEL = 'actiongate_events';

/**
 * A CTE `created` that inserts a decision's `decision.created` event at the tenant's next seq (the
 * values of `decisionCreatedValues` from parameter `$first` on: tenant, data, time) and returns its seq.
 */
export function decisionCreatedWith(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `created AS (INSERT INTO events (tenant_id, seq, type, data, created_at)
      SELECT ${p(0)}::text, COALESCE(MAX(seq), 0) + 1, 'decision.created', ${p(1)}::bytea, ${p(2)}::bigint FROM events WHERE tenant_id = ${p(0)}::text RETURNING seq)`;
}

/**
 * The values of `decisionCreatedWith`: the event is stored as the decision id alone (the rest is the
 * decision's row, read back when listed), as plain text: a few bytes more than deflated, ~20 µs less.
 */
export function decisionCreatedValues(row: DecisionRow): [string, Buffer, number] {
  return [row.tenantId, plainPackedJson(JSON.stringify({ decision_id: row.id })), row.createdAt];
}

export class PostgresEventLog {
  private readonly listeners = new Set<EventListener>();
  /** Event inserts sent per batch, answered or not (announceSent counts them before they are answered). */
  private readonly sent = new WeakMap<EventBatch, number>();
  /** This process among the nodes, so it skips its own notifications (it delivered those itself). */
  private readonly origin = randomUUID();
  /** The connection that LISTENs, opened with the first listener; null when none or lost. */
  private subscriber: pg.Client | null = null;
  private subscribing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
    /** The event fields of the named decisions that exist, by id (one query for a whole page of events). */
    private readonly decisionsOf: (tenantId: string, decisionIds: string[]) => Promise<Map<string, DecisionEventFields>>,
    private readonly connection: pg.ClientConfig,
  ) {}

  /**
   * Tells the other nodes, inside the writing transaction (NOTIFY is delivered on COMMIT, and not at
   * all on rollback), which seqs of which tenants it wrote; they read those events and deliver them.
   */
  async announce(client: pg.ClientBase, events: readonly EventRow[]): Promise<void> {
    const ranges = new Map<string, [number, number]>();
    for (const event of events) {
      const range = ranges.get(event.tenantId);
      if (!range) ranges.set(event.tenantId, [event.seq, event.seq]);
      else range[1] = Math.max(range[1], event.seq);
    }
    // Sent together: what the caller sends next (COMMIT) goes out behind them.
    await Promise.all(
      [...ranges].map(([tenantId, [from, to]]) =>
        this.query(client, 'events_notify', 'SELECT pg_notify($1, $2)', [
          CHANNEL,
          JSON.stringify({ o: this.origin, t: tenantId, a: from, b: to }),
        ]),
      ),
    );
  }

  /**
   * As `announce`, for a batch of one tenant's events whose last inserts are sent but not answered
   * yet (it goes out with them and COMMIT, one round trip): under the tenant's lock the batch's events
   * are the tenant's last seqs, so PostgreSQL reads the range itself.
   */
  announceSent(client: pg.ClientBase, batch: EventBatch, tenantId: string): Promise<unknown> {
    const count = this.sent.get(batch) ?? 0;
    if (count === 0) return Promise.resolve();
    return this.query(
      client,
      'events_notify_sent',
      `SELECT pg_notify($1, json_build_object('o', $2::text, 't', $3::text, 'a', MAX(seq) - $4::bigint + 1, 'b', MAX(seq))::text)
       FROM events WHERE tenant_id = $3`,
      [CHANNEL, this.origin, tenantId, count],
    );
  }

  /** Starts listening for the other nodes' events (once, with the first listener). */
  private subscribe(): void {
    if (this.subscribing || this.closed) return;
    this.subscribing = (async () => {
      const client = new pg.Client(this.connection);
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      client.on('notification', (message) => void this.heard(message.payload));
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.subscriber = client;
    })().catch(() => {
      this.subscribing = null;
      this.retry();
    });
  }

  /** A lost LISTEN connection is opened again after a second, while anyone listens. */
  private lost(client: pg.Client): void {
    if (this.subscriber !== client && this.subscriber !== null) return;
    this.subscriber = null;
    this.subscribing = null;
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.listeners.size === 0) return;
    setTimeout(() => this.subscribe(), 1000).unref();
  }

  private async heard(payload: string | undefined): Promise<void> {
    try {
      const note = JSON.parse(payload ?? '') as { o: string; t: string; a: number; b: number };
      if (note.o === this.origin) return;
      this.deliver(await this.list(note.t, note.a - 1, note.b - note.a + 1));
    } catch {
      // A notification that cannot be read or followed up loses only the live copy; the log has the events.
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscribing?.catch(() => {});
    const client = this.subscriber;
    this.subscriber = null;
    await client?.end().catch(() => {});
  }

  /** Writes one event into `batch`'s transaction; the caller holds the tenant's tip lock. */
  async append(
    client: pg.ClientBase,
    batch: EventBatch,
    tenantId: string,
    type: EventType,
    data: Record<string, unknown>,
    now: number,
    stored: Buffer = packJson(JSON.stringify(data)),
  ): Promise<EventRow> {
    this.sent.set(batch, (this.sent.get(batch) ?? 0) + 1);
    const result = await this.query(
      client,
      'event_insert',
      `INSERT INTO events (tenant_id, seq, type, data, created_at)
       SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4 FROM events WHERE tenant_id = $1 RETURNING seq`,
      [tenantId, type, stored, now],
    );
    const event: EventRow = { tenantId, seq: result.rows[0].seq, type, data, createdAt: now };
    batch.push(event);
    return event;
  }

  /**
   * The `decision.created` event of `row` written by another statement (a CTE of `decisionCreatedWith`,
   * its values `decisionCreatedValues`): counted as sent now; `written` puts it in the batch with the
   * seq that statement answered.
   */
  decisionCreatedSent(batch: EventBatch, row: DecisionRow): { written(seq: number): void } {
    this.sent.set(batch, (this.sent.get(batch) ?? 0) + 1);
    return {
      written: (seq) =>
        batch.push({ tenantId: row.tenantId, seq, type: 'decision.created', data: decisionEventData(row), createdAt: row.createdAt }),
    };
  }

  /** The events a decision causes: the decision itself (unless `createdSent`) and what it did to an approval. */
  async appendDecision(
    client: pg.ClientBase,
    batch: EventBatch,
    row: DecisionRow,
    effects: DecisionEffects,
    approval: ApprovalState | null,
    createdSent = false,
  ): Promise<void> {
    // Sent together (one round trip on a pipelined connection); they run, and join the batch, in this order.
    const appended = createdSent
      ? []
      : [
          this.append(
            client,
            batch,
            row.tenantId,
            'decision.created',
            decisionEventData(row),
            row.createdAt,
            decisionCreatedValues(row)[1],
          ),
        ];
    if (approval && effects.approval?.kind === 'create')
      appended.push(this.append(client, batch, row.tenantId, 'approval.created', approvalEventData(approval), row.createdAt));
    if (approval && effects.approval?.kind === 'consume')
      appended.push(this.append(client, batch, row.tenantId, 'approval.consumed', approvalEventData(approval), row.createdAt));
    await Promise.all(appended);
  }

  async list(tenantId: string, afterSeq: number, limit: number): Promise<EventRow[]> {
    const result = await this.query(
      this.pool,
      'events_after',
      'SELECT * FROM events WHERE tenant_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [tenantId, afterSeq, limit],
    );
    const rows = result.rows.map((row) => ({ row, data: JSON.parse(unpackJson(row.data)) as Record<string, unknown> }));
    // A decision's event is stored as its id: its fields are read from the decisions, all at once.
    const ids = rows.filter(({ row }) => row.type === 'decision.created').map(({ data }) => data.decision_id as string);
    const decisions = ids.length > 0 ? await this.decisionsOf(tenantId, ids) : new Map<string, DecisionEventFields>();
    return rows.map(({ row, data }) => {
      const decision = row.type === 'decision.created' ? decisions.get(data.decision_id as string) : undefined;
      return {
        tenantId: row.tenant_id,
        seq: row.seq,
        type: row.type,
        data: decision ? decisionEventData(decision) : data,
        createdAt: row.created_at,
      };
    });
  }

  async lastSeq(tenantId: string): Promise<number> {
    const result = await this.query(this.pool, 'events_last', 'SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE tenant_id = $1', [
      tenantId,
    ]);
    return result.rows[0].seq;
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    this.subscribe();
    return () => this.listeners.delete(listener);
  }

  /** Hands committed events to the listeners. */
  deliver(events: readonly EventRow[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // A listener's failure must not undo or delay a committed change.
      }
    }
  }
}
