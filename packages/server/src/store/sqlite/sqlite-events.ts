// The event log in SQLite. Events are written inside the transaction of the change they describe
// and held back until that transaction commits; a rolled-back change never reaches a listener.
import type Database from 'better-sqlite3';
import type { DecisionEffects } from '@actiongate/engine';
import type { EventListener, EventRow, EventType } from '../event-store.ts';
import type { ApprovalState, DecisionRow } from '../store.ts';
import { packJson, unpackJson } from './packed-json.ts';
import { BatchTips } from './batch-tips.ts';
import { approvalEventData, decisionEventData, type DecisionEventFields } from '../event-data.ts';

// Kept importable from here for code written before the event data moved to event-data.ts.
export { approvalEventData, decisionEventData, type DecisionEventFields };

type Row = Record<string, any>;

export class SqliteEventLog {
  private pending: EventRow[] = [];
  private held: Array<{ id: number; events: EventRow[] }> = [];
  private lastHeld = 0;
  private readonly listeners = new Set<EventListener>();
  private readonly nextSeq: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly insertAt: Database.Statement;
  /**
   * Issue 15: each tenant's last event seq as appended in the group commit under way, so its next
   * events there are a plain INSERT (no MAX read back, no RETURNING). Lives only inside that
   * transaction (`inBatch`), and is dropped whenever a decision's savepoint rolls back (`rollbackTo`).
   */
  private readonly batchTips = new BatchTips<number>();
  private readonly after: Database.Statement;

  /** `decisionOf`: a decision's event fields, for the events that store only its id. */
  constructor(
    db: Database.Database,
    private readonly decisionOf: (tenantId: string, decisionId: string) => DecisionEventFields | null,
  ) {
    this.nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM events WHERE tenant_id = ?');
    // Issue 15: one statement takes the next number and writes the event (was a read, then an insert).
    this.insert = db.prepare(
      `INSERT INTO events (tenant_id, seq, type, data, created_at)
       SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM events WHERE tenant_id = ? RETURNING seq`,
    );
    this.insertAt = db.prepare('INSERT INTO events (tenant_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)');
    this.after = db.prepare('SELECT * FROM events WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?');
  }

  /**
   * Writes one event; call inside a transaction, then `publish` after it commits. What is stored is
   * the data packed (packed-json.ts: approval events repeat the same keys and phrases), unless the
   * caller stores less (`stored`) and `dataOf` rebuilds the rest when the event is listed.
   */
  append(
    tenantId: string,
    type: EventType,
    data: Record<string, unknown>,
    now: number,
    stored: string | Buffer = packJson(JSON.stringify(data)),
  ): EventRow {
    const tip = this.batchTips.get(tenantId);
    let seq: number;
    if (tip === undefined) seq = (this.insert.get(tenantId, type, stored, now, tenantId) as Row).seq as number;
    else this.insertAt.run(tenantId, (seq = tip + 1), type, stored, now);
    this.batchTips.set(tenantId, seq);
    const event: EventRow = { tenantId, seq, type, data, createdAt: now };
    this.pending.push(event);
    return event;
  }

  /** The events a committed decision causes: the decision itself and what it did to an approval. */
  appendDecision(row: DecisionRow, effects: DecisionEffects, approval: ApprovalState | null): void {
    // Stored as the decision id alone: the rest is the decision's row, read back when listed.
    this.append(row.tenantId, 'decision.created', decisionEventData(row), row.createdAt, JSON.stringify({ decision_id: row.id }));
    if (approval && effects.approval?.kind === 'create')
      this.append(row.tenantId, 'approval.created', approvalEventData(approval), row.createdAt);
    if (approval && effects.approval?.kind === 'consume')
      this.append(row.tenantId, 'approval.consumed', approvalEventData(approval), row.createdAt);
  }

  list(tenantId: string, afterSeq: number, limit: number): EventRow[] {
    return (this.after.all(tenantId, afterSeq, limit) as Row[]).map((row) => ({
      tenantId: row.tenant_id,
      seq: row.seq,
      type: row.type,
      data: this.dataOf(tenantId, row),
      createdAt: row.created_at,
    }));
  }

  private dataOf(tenantId: string, row: Row): Record<string, unknown> {
    const data = JSON.parse(typeof row.data === 'string' ? row.data : unpackJson(row.data)) as Record<string, unknown>;
    if (row.type !== 'decision.created') return data;
    const decision = this.decisionOf(tenantId, data.decision_id as string);
    return decision ? decisionEventData(decision) : data;
  }

  lastSeq(tenantId: string): number {
    return ((this.nextSeq.get(tenantId) as Row).seq as number) - 1;
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hands the events of the transaction that just committed, with `synchronous=FULL`, to the
   * listeners: first every batch still held for its sync (this commit's fsync covered them too, and
   * listeners must see events in order), then this transaction's own.
   */
  publish(): void {
    const held = this.held.flatMap((batch) => batch.events);
    this.held = [];
    const events = held.concat(this.pending);
    this.pending = [];
    this.deliver(events);
  }

  /**
   * Keeps the events of a group commit back until its WAL sync (wal-sync.ts) is done: a listener must
   * not see an event that a power cut could still take back (its seq would be handed out again).
   * Returns the batch's number for `releaseThrough`.
   */
  hold(): number {
    const id = ++this.lastHeld;
    if (this.pending.length > 0) this.held.push({ id, events: this.pending });
    this.pending = [];
    return id;
  }

  /** Publishes the held batches up to and including `id`, once their sync is done. */
  releaseThrough(id: number): void {
    let count = 0;
    while (count < this.held.length && this.held[count].id <= id) count++;
    if (count === 0) return;
    const events = this.held.splice(0, count).flatMap((batch) => batch.events);
    this.deliver(events);
  }

  private deliver(events: EventRow[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // A listener's failure must not undo or delay a committed change.
      }
    }
  }

  /** Where the unpublished events end now; `rollbackTo` it when a savepoint rolls back. */
  mark(): number {
    return this.pending.length;
  }

  rollbackTo(mark: number): void {
    this.pending.length = Math.min(this.pending.length, mark);
    // The events remembered may be gone with the savepoint: read the tips again.
    this.batchTips.clear();
  }

  /** The last batch's tips may be stale (something else wrote since): read them again. */
  forgetBatchTips(): void {
    this.batchTips.clear();
  }

  /** Runs a group commit's transaction, remembering each tenant's last event seq while it runs (and for the next, batch-tips.ts). */
  inBatch<T>(run: () => T): T {
    return this.batchTips.inBatch(run);
  }

  /** Drops the events of a transaction that rolled back. */
  discard(): void {
    this.pending = [];
  }

  /** Runs a transaction, then publishes its events, or drops them when it throws. */
  committed<T>(run: () => T): T {
    let result: T;
    try {
      result = run();
    } catch (error) {
      this.discard();
      throw error;
    }
    this.publish();
    return result;
  }
}
