// Issue 15: the migration that keys the journal by (tenant_id, seq) alone (WITHOUT ROWID) keeps every
// entry of a data dir written before it, and the chain goes on from the last one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { canonicalJson, chainEntry } from '@actiongate/engine';
import { SqliteStore } from '../src/index.ts';
import { MIGRATIONS } from '../src/store/sqlite/schema.ts';

const JOURNAL_KEY_MIGRATION = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE journal_v3'));

test('the journal keyed by tenant and seq keeps the entries written before and chains on from them', async () => {
  assert.ok(JOURNAL_KEY_MIGRATION > 0);
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-journal-key-'));
  try {
    const old = new Database(join(dir, 'actiongate.db'));
    old.pragma('journal_mode = WAL');
    for (let i = 0; i < JOURNAL_KEY_MIGRATION; i++) old.exec(MIGRATIONS[i]);
    old.pragma(`user_version = ${JOURNAL_KEY_MIGRATION}`);
    const written: Array<{ tenant: string; seq: number; entryHash: string; record: string }> = [];
    for (const tenant of ['tn_a', 'tn_b']) {
      old.prepare('INSERT INTO tenants (id, name, email, created_at) VALUES (?, ?, NULL, 0)').run(tenant, tenant);
      let previous: { seq: number; entry_hash: string } | null = null;
      for (let i = 0; i < 3; i++) {
        const record = canonicalJson({ approval_id: `ap_${tenant}_${i}`, status: 'pending' });
        const entry = chainEntry(previous, {
          type: 'approval.created',
          ref_id: `ap_${tenant}_${i}`,
          time: new Date(1_700_000_000_000 + i).toISOString(),
          content_hash: createHash('sha256').update(record).digest('hex'),
        });
        old
          .prepare(
            'INSERT INTO journal (tenant_id, seq, type, ref_id, time, content_hash, entry_hash, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            tenant,
            entry.seq,
            entry.type,
            entry.ref_id,
            entry.time,
            Buffer.from(entry.content_hash, 'hex'),
            Buffer.from(entry.entry_hash, 'hex'),
            record,
          );
        written.push({ tenant, seq: entry.seq, entryHash: entry.entry_hash, record });
        previous = { seq: entry.seq, entry_hash: entry.entry_hash };
      }
    }
    old.close();

    const store = new SqliteStore({ dataDir: dir });
    try {
      const sql = (store.db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'journal'`).get() as { sql: string })
        .sql;
      assert.match(sql, /WITHOUT ROWID/);
      const autoindexes = store.db
        .prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE tbl_name = 'journal' AND name LIKE 'sqlite_autoindex%'`)
        .get() as { n: number };
      assert.equal(autoindexes.n, 0, 'no second B-tree for the key');
      for (const tenant of ['tn_a', 'tn_b']) {
        const entries = await store.journal.list(tenant, 0, 10);
        const expected = written.filter((entry) => entry.tenant === tenant);
        assert.deepEqual(
          entries.map((entry) => [entry.seq, entry.entryHash, entry.record]),
          expected.map((entry) => [entry.seq, entry.entryHash, entry.record]),
        );
        assert.equal(entries[1].prevHash, entries[0].entryHash);
        assert.equal((await store.journal.findByRef(tenant, `ap_${tenant}_1`))?.seq, 2, 'found by reference');
      }
      // A new entry follows the last migrated one of its tenant.
      const seq = store.db.transaction(() =>
        store.journal.append('tn_b', 'approval.approved', 'ap_tn_b_2', 1_700_000_001_000, { ok: true }),
      )();
      assert.equal(seq, 4);
      const [added] = await store.journal.list('tn_b', 3, 10);
      assert.equal(added.prevHash, written.at(-1)!.entryHash);
      assert.equal(await store.journal.size('tn_a'), 3);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
