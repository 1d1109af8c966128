// The journal in PostgreSQL. `append` runs inside the caller's transaction, after the caller locked
// the tenant's tip row (`lockTip`), so two nodes can never hand out the same seq or fork the chain.
import { chainEntry, GENESIS_HASH, type JournalEntryType, type TreeHead } from '@actiongate/engine';
import { journalRecordText } from '../journal-record-text.ts';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { JournalRow, JournalStore } from '../journal-store.ts';
import { packJson, unpackJson } from '../sqlite/packed-json.ts';
import { isoTime } from '../../iso-time.ts';
import type { DecisionRecordSource } from '../sqlite/sqlite-journal.ts';
import type { Row } from '../rows.ts';

const ENTRY_COLUMNS = `j.seq, j.type, j.ref_id, j.time, encode(j.content_hash, 'hex') AS content_hash, encode(j.entry_hash, 'hex') AS entry_hash,
  COALESCE((SELECT encode(p.entry_hash, 'hex') FROM journal p WHERE p.tenant_id = j.tenant_id AND p.seq = j.seq - 1), '${GENESIS_HASH}') AS prev_hash,
  j.record`;

/** What a missing decision row rebuilds to: an empty record, which no `content_hash` matches. */
const MISSING_RECORD = '{}';

/** The tenant's chain tip, locked for the rest of the transaction. */
export interface JournalTip {
  seq: number;
  entryHash: string | null;
}

type Query = (client: pg.ClientBase | pg.Pool, name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<Row>>;

/**
 * The start of a statement that appends a journal entry (the values of `nextEntry` from parameter
 * `$first` on: tenant, seq, type, ref, time, content hash, entry hash, record) and moves the tenant's
 * tip to it; the statement it starts follows (data-modifying CTEs run whether or not it reads them).
 */
export function journalAppendWith(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `WITH entry AS (
      INSERT INTO journal (tenant_id, seq, type, ref_id, time, content_hash, entry_hash, record)
      VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)})
    ), tip AS (UPDATE journal_tips SET seq = ${p(1)}, entry_hash = ${p(6)} WHERE tenant_id = ${p(0)})`;
}

export class PostgresJournal implements JournalStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly query: Query,
    private readonly decisionRecord: (tenantId: string, decisionId: string) => Promise<ReturnType<DecisionRecordSource>>,
    readonly enabled = true,
  ) {}

  /**
   * Locks the tenant's tip row (creating it on the tenant's first entry) and returns it. Call first in
   * every transaction that appends to the tenant's journal or event log: one lock order, no deadlocks.
   */
  async lockTip(client: pg.ClientBase, tenantId: string): Promise<JournalTip> {
    // One statement (the row is created on the tenant's first entry, and locked either way), so that on a
    // pipelined connection every statement sent after it runs once the lock is held.
    const result = await this.query(
      client,
      'journal_tip_lock',
      `INSERT INTO journal_tips (tenant_id, seq) VALUES ($1, 0)
       ON CONFLICT (tenant_id) DO UPDATE SET seq = journal_tips.seq
       RETURNING seq, encode(entry_hash, 'hex') AS entry_hash`,
      [tenantId],
    );
    return { seq: result.rows[0].seq, entryHash: result.rows[0].entry_hash };
  }

  /**
   * Appends one entry after `tip` (locked by `lockTip` in this transaction) and advances it. A
   * `decision` entry's record is not stored: it is rebuilt from the decision's row when read.
   */
  async append(
    client: pg.ClientBase,
    tip: JournalTip,
    tenantId: string,
    type: JournalEntryType,
    refId: string,
    timeMs: number,
    record: object,
  ): Promise<number | null> {
    const { seq, written } = this.appendSent(client, tip, tenantId, type, refId, timeMs, record);
    await written;
    return seq;
  }

  /**
   * As `append`, but answers the new seq at once and the write as a promise: on a pipelined connection
   * the statements that follow go out without waiting for it. The entry and the tip move in one statement.
   */
  appendSent(
    client: pg.ClientBase,
    ...entryOf: Parameters<PostgresJournal['nextEntry']>
  ): { seq: number | null; written: Promise<unknown> } {
    const entry = this.nextEntry(...entryOf);
    if (!entry) return { seq: null, written: Promise.resolve() };
    return { seq: entry.seq, written: this.query(client, 'journal_append', `${journalAppendWith(1)} SELECT NULL`, entry.values) };
  }

  /**
   * The next entry after `tip`, which it advances: its seq and the values `journalAppendWith` inserts
   * (null when the journal is off). A `decision` entry's record is not stored: it is rebuilt from the
   * decision's row when read.
   */
  nextEntry(
    tip: JournalTip,
    tenantId: string,
    type: JournalEntryType,
    refId: string,
    timeMs: number,
    record: object,
  ): { seq: number; values: unknown[] } | null {
    if (!this.enabled) return null;
    const text = journalRecordText(type, record);
    const entry = chainEntry(tip.seq === 0 ? null : { seq: tip.seq, entry_hash: tip.entryHash! }, {
      type,
      ref_id: refId,
      time: isoTime(timeMs),
      content_hash: createHash('sha256').update(text).digest('hex'),
    });
    const stored = type === 'decision' ? null : packJson(text);
    const entryHash = Buffer.from(entry.entry_hash, 'hex');
    tip.seq = entry.seq;
    tip.entryHash = entry.entry_hash;
    return {
      seq: entry.seq,
      values: [tenantId, entry.seq, type, refId, entry.time, Buffer.from(entry.content_hash, 'hex'), entryHash, stored],
    };
  }

  async list(tenantId: string, afterSeq: number, limit: number): Promise<JournalRow[]> {
    const result = await this.query(
      this.pool,
      'journal_list',
      `SELECT ${ENTRY_COLUMNS} FROM journal j WHERE j.tenant_id = $1 AND j.seq > $2 ORDER BY j.seq LIMIT $3`,
      [tenantId, afterSeq, limit],
    );
    return Promise.all(result.rows.map((row) => this.journalRowOf(tenantId, row)));
  }

  private async journalRowOf(tenantId: string, row: Row): Promise<JournalRow> {
    const entry: JournalRow = {
      seq: row.seq,
      type: row.type,
      refId: row.ref_id,
      time: row.time,
      contentHash: row.content_hash,
      prevHash: row.prev_hash,
      entryHash: row.entry_hash,
      record: row.record === null ? MISSING_RECORD : unpackJson(row.record),
    };
    // INVARIANT: a decision entry is always checked against the decision's row as it is now.
    if (row.type === 'decision') {
      const rebuilt = await this.decisionRecord(tenantId, row.ref_id);
      if (rebuilt) {
        entry.record = rebuilt.record;
        if (rebuilt.payload !== undefined) entry.payload = rebuilt.payload;
      }
    }
    return entry;
  }

  async hashesAfter(tenantId: string, afterSeq: number, limit: number): Promise<Uint8Array[]> {
    const result = await this.query(
      this.pool,
      'journal_hashes',
      'SELECT entry_hash FROM journal WHERE tenant_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [tenantId, afterSeq, limit],
    );
    return result.rows.map((row) => row.entry_hash as Buffer);
  }

  async size(tenantId: string): Promise<number> {
    const result = await this.query(this.pool, 'journal_size', 'SELECT MAX(seq) AS size FROM journal WHERE tenant_id = $1', [tenantId]);
    return result.rows[0]?.size ?? 0;
  }

  async sizes(): Promise<{ tenantId: string; size: number }[]> {
    const result = await this.query(this.pool, 'journal_sizes', 'SELECT tenant_id, seq AS size FROM journal_tips WHERE seq > 0', []);
    return result.rows.map((row) => ({ tenantId: row.tenant_id, size: row.size }));
  }

  async findByRef(tenantId: string, refId: string): Promise<JournalRow | null> {
    // A decision's row names its entry; approvals are found through the by-reference index.
    let result = await this.query(
      this.pool,
      'journal_decision_entry',
      `SELECT ${ENTRY_COLUMNS} FROM decisions d JOIN journal j ON j.tenant_id = d.tenant_id AND j.seq = d.journal_seq
       WHERE d.tenant_id = $1 AND d.id = $2`,
      [tenantId, refId],
    );
    if (result.rows.length === 0) {
      result = await this.query(
        this.pool,
        'journal_by_ref',
        `SELECT ${ENTRY_COLUMNS} FROM journal j WHERE j.tenant_id = $1 AND j.ref_id = $2 AND j.type <> 'decision' ORDER BY j.seq DESC LIMIT 1`,
        [tenantId, refId],
      );
    }
    const row = result.rows[0];
    // An edited journal_seq must not hand out another decision's entry as this one's.
    return row && row.ref_id === refId ? this.journalRowOf(tenantId, row) : null;
  }

  async latestHead(tenantId: string): Promise<TreeHead | null> {
    const result = await this.query(
      this.pool,
      'head_latest',
      'SELECT * FROM journal_heads WHERE tenant_id = $1 ORDER BY tree_size DESC LIMIT 1',
      [tenantId],
    );
    return headOf(result.rows[0]);
  }

  async headAt(tenantId: string, treeSize: number): Promise<TreeHead | null> {
    const result = await this.query(this.pool, 'head_at', 'SELECT * FROM journal_heads WHERE tenant_id = $1 AND tree_size = $2', [
      tenantId,
      treeSize,
    ]);
    return headOf(result.rows[0]);
  }

  async saveHead(head: TreeHead): Promise<void> {
    // Only while the tenant exists: a head signed as the tenant is being deleted must not outlive it
    // (deleteTenant locks the tenant row first; this waits for it and then finds no tenant).
    await this.query(
      this.pool,
      'head_save',
      `WITH tenant AS (SELECT id FROM tenants WHERE id = $1 FOR SHARE)
       INSERT INTO journal_heads (tenant_id, tree_size, root_hash, timestamp, key_id, signature)
       SELECT id, $2, $3, $4, $5, $6 FROM tenant ON CONFLICT DO NOTHING`,
      [head.tenant_id, head.tree_size, head.root_hash, head.timestamp, head.key_id, head.signature],
    );
  }
}

function headOf(row: Row | undefined): TreeHead | null {
  if (!row) return null;
  return {
    tenant_id: row.tenant_id,
    tree_size: row.tree_size,
    root_hash: row.root_hash,
    timestamp: row.timestamp,
    key_id: row.key_id,
    signature: row.signature,
  };
}
