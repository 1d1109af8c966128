// The journal in SQLite. `append` runs inside the caller's transaction (the decision's savepoint or
// the approval change), so an entry exists exactly when the change it records was committed. The
// tenant's last entry is read back through the primary key (tenant_id, seq), always right after a
// rollback; only within one group commit is it remembered from the entry appended before (inBatch).
import type Database from 'better-sqlite3';
import { chainEntry, GENESIS_HASH, sha256Hex, type JournalEntryType, type TreeHead } from '@actiongate/engine';
import { journalRecordText } from '../journal-record-text.ts';
import type { JournalRow, JournalStore } from '../journal-store.ts';
import { packJson, unpackJson } from './packed-json.ts';
import { BatchTips } from './batch-tips.ts';
import { isoTime } from '../../iso-time.ts';

type Row = Record<string, any>;

/**
 * A decision's record rebuilt from its stored row: `current` records cover the payload through
 * `payload_hash` and come with the payload beside them; `with-payload` records (entries written
 * before migration 7) carry it inside. Null when there is no such decision.
 */
export type DecisionRecordSource = (
  tenantId: string,
  decisionId: string,
  format: 'current' | 'with-payload',
) => { record: string; payload?: string } | null;

/** A stored record: packed (packed-json.ts), text from before migration 7, or none (decisions). */
function recordText(stored: Buffer | string | null): string {
  if (stored === null) return MISSING_RECORD;
  return typeof stored === 'string' ? stored : unpackJson(stored);
}

/** Hashes are stored as 32-byte blobs and read as lower-case hex. */
const HEX = (column: string) => `lower(hex(${column}))`;

/** An entry's columns; `prev_hash` is the `entry_hash` of the entry before it (the chain's definition). */
const ENTRY_COLUMNS = `j.seq, j.type, j.ref_id, j.time, ${HEX('j.content_hash')} AS content_hash, ${HEX('j.entry_hash')} AS entry_hash,
  COALESCE((SELECT ${HEX('p.entry_hash')} FROM journal p WHERE p.tenant_id = j.tenant_id AND p.seq = j.seq - 1), '${GENESIS_HASH}') AS prev_hash,
  j.record`;

/** What a missing decision row rebuilds to: an empty record, which no `content_hash` matches. */
const MISSING_RECORD = '{}';

export class SqliteJournal implements JournalStore {
  private readonly statements;
  /**
   * Issue 15: each tenant's last entry as appended in the group commit under way, so the decisions
   * of one batch after the first do not read it back. Lives only inside that transaction
   * (`inBatch`), and is dropped whenever a decision's savepoint rolls back (`forgetBatchTips`).
   */
  private readonly batchTips = new BatchTips<{ seq: number; entry_hash: string }>();

  /**
   * `enabled: false` turns appends off (benchmarks of the journal's cost); reads still work.
   * `synced`: runs a write and resolves once it is on disk (the store's `syncedWrite`: the fsync on the
   * thread pool, not on the event loop); by default the write commits with its own fsync.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly decisionRecord: DecisionRecordSource,
    readonly enabled = true,
    private readonly synced: (write: () => void) => Promise<void> = async (write) => write(),
  ) {
    this.statements = {
      tip: db.prepare(`SELECT seq, ${HEX('entry_hash')} AS entry_hash FROM journal WHERE tenant_id = ? ORDER BY seq DESC LIMIT 1`),
      insert: db.prepare(
        `INSERT INTO journal (tenant_id, seq, type, ref_id, time, content_hash, entry_hash, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      list: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM journal j WHERE j.tenant_id = ? AND j.seq > ? ORDER BY j.seq LIMIT ?`),
      hashes: db.prepare('SELECT entry_hash FROM journal WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?').pluck(),
      size: db.prepare('SELECT MAX(seq) FROM journal WHERE tenant_id = ?').pluck(),
      sizes: db.prepare('SELECT id AS tenant_id, (SELECT MAX(seq) FROM journal WHERE journal.tenant_id = tenants.id) AS size FROM tenants'),
      byRef: db.prepare(
        `SELECT ${ENTRY_COLUMNS} FROM journal j WHERE j.tenant_id = ? AND j.ref_id = ? AND j.type <> 'decision' ORDER BY j.seq DESC LIMIT 1`,
      ),
      decisionEntry: db.prepare(
        `SELECT ${ENTRY_COLUMNS} FROM decisions d JOIN journal j ON j.tenant_id = d.tenant_id AND j.seq = d.journal_seq
         WHERE d.tenant_id = ? AND d.id = ?`,
      ),
      latestHead: db.prepare('SELECT * FROM journal_heads WHERE tenant_id = ? ORDER BY tree_size DESC LIMIT 1'),
      headAt: db.prepare('SELECT * FROM journal_heads WHERE tenant_id = ? AND tree_size = ?'),
      saveHead: db.prepare(
        `INSERT OR IGNORE INTO journal_heads (tenant_id, tree_size, root_hash, timestamp, key_id, signature)
         VALUES (@tenant_id, @tree_size, @root_hash, @timestamp, @key_id, @signature)`,
      ),
    };
  }

  /**
   * Appends one entry to a tenant's journal. Call only inside the transaction that makes the change.
   * A `decision` entry's record is not stored: it is rebuilt from the decision's row when read.
   */
  append(tenantId: string, type: JournalEntryType, refId: string, timeMs: number, record: object): number | null {
    if (!this.enabled) return null;
    if (!this.db.inTransaction) throw new Error('a journal entry must be appended inside the transaction of its change');
    const text = journalRecordText(type, record);
    const previous = this.batchTips.get(tenantId) ?? (this.statements.tip.get(tenantId) as { seq: number; entry_hash: string } | undefined);
    const entry = chainEntry(previous ?? null, {
      type,
      ref_id: refId,
      time: isoTime(timeMs),
      content_hash: sha256Hex(text),
    });
    const stored = type === 'decision' ? null : packJson(text);
    const content = Buffer.from(entry.content_hash, 'hex');
    this.statements.insert.run(tenantId, entry.seq, type, refId, entry.time, content, Buffer.from(entry.entry_hash, 'hex'), stored);
    this.batchTips.set(tenantId, { seq: entry.seq, entry_hash: entry.entry_hash });
    return entry.seq;
  }

  /** Runs a group commit's transaction, remembering each tenant's last entry while it runs. */
  inBatch<T>(run: () => T): T {
    return this.batchTips.inBatch(run);
  }

  /** A savepoint rolled back: the entries remembered may be gone; read the tips again. */
  forgetBatchTips(): void {
    this.batchTips.clear();
  }

  async list(tenantId: string, afterSeq: number, limit: number): Promise<JournalRow[]> {
    return (this.statements.list.all(tenantId, afterSeq, limit) as Row[]).map((row) => this.journalRowOf(tenantId, row));
  }

  private journalRowOf(tenantId: string, row: Row): JournalRow {
    const entry: JournalRow = {
      seq: row.seq,
      type: row.type,
      refId: row.ref_id,
      time: row.time,
      contentHash: row.content_hash,
      prevHash: row.prev_hash,
      entryHash: row.entry_hash,
      record: recordText(row.record),
    };
    // INVARIANT: a decision entry is always checked against the decision's row as it is now, even
    // where an old entry kept a copy of its record: an edited row must not verify.
    if (row.type === 'decision') {
      const rebuilt = this.decisionRecord(tenantId, row.ref_id, row.record === null ? 'current' : 'with-payload');
      if (rebuilt) {
        entry.record = rebuilt.record;
        if (rebuilt.payload !== undefined) entry.payload = rebuilt.payload;
      }
    }
    return entry;
  }

  async hashesAfter(tenantId: string, afterSeq: number, limit: number): Promise<Uint8Array[]> {
    return this.statements.hashes.all(tenantId, afterSeq, limit) as Uint8Array[];
  }

  async size(tenantId: string): Promise<number> {
    return (this.statements.size.get(tenantId) as number | null) ?? 0;
  }

  async sizes(): Promise<{ tenantId: string; size: number }[]> {
    return (this.statements.sizes.all() as Row[])
      .filter((row) => row.size !== null)
      .map((row) => ({ tenantId: row.tenant_id, size: row.size }));
  }

  async findByRef(tenantId: string, refId: string): Promise<JournalRow | null> {
    // A decision's row names its entry; approvals are found through the by-reference index.
    const row = (this.statements.decisionEntry.get(tenantId, refId) ?? this.statements.byRef.get(tenantId, refId)) as Row | undefined;
    // An edited journal_seq must not hand out another decision's entry as this one's.
    return row && row.ref_id === refId ? this.journalRowOf(tenantId, row) : null;
  }

  async latestHead(tenantId: string): Promise<TreeHead | null> {
    return headOf(this.statements.latestHead.get(tenantId) as Row | undefined);
  }

  async headAt(tenantId: string, treeSize: number): Promise<TreeHead | null> {
    return headOf(this.statements.headAt.get(tenantId, treeSize) as Row | undefined);
  }

  /**
   * Issue 15: the tree head signed every second while decisions come committed with an fsync on the
   * event loop (0.5–2 ms during which no request ran); now that fsync runs on the thread pool, and the
   * head is kept (this resolves) once it is on disk, as before.
   */
  async saveHead(head: TreeHead): Promise<void> {
    await this.synced(() => void this.statements.saveHead.run(head));
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
