// A database written before migration 7 (decisions with payload/stages/signed_payload columns, journal
// records and hex hashes stored in full) keeps every decision readable and its journal verifiable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalHash, canonicalJson, chainEntry, publicKeySet, signedPayloadOf, signText, verifyJournal } from '@actiongate/engine';
import { SqliteStore } from '../src/index.ts';
import { SigningKeyRing, publicJwk } from '../src/signing-keys.ts';
import { MIGRATIONS } from '../src/store/sqlite/schema.ts';
import { presentEntry } from '../src/journal/journal-service.ts';

test('migration 7 keeps decisions from before readable and their journal verifiable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-migrate-'));
  const ring = SigningKeyRing.ephemeral();
  const key = ring.current;
  try {
    const old = new Database(join(dir, 'actiongate.db'));
    old.pragma('journal_mode = WAL');
    for (let i = 0; i < 6; i++) old.exec(MIGRATIONS[i]);
    old.pragma('user_version = 6');
    old.prepare("INSERT INTO tenants (id, name, email, created_at) VALUES ('tn_old', 'old', NULL, 0)").run();
    let previous: { seq: number; entry_hash: string } | null = null;
    const made: Array<{ id: string; payload: unknown; signedPayload: string }> = [];
    for (let i = 0; i < 3; i++) {
      const id = `fd_old${i}`;
      const payload = { query: `report ${i}`, nested: { n: i } };
      const stages = [{ stage: 'identity', enforcing: true, verdict: 'allow', detail: 'ok', data: { i } }];
      const time = new Date(1_700_000_000_000 + i).toISOString();
      const signedPayload = signedPayloadOf({ decision_id: id, tenant_id: 'tn_old', time, verdict: 'ALLOWED', stages });
      const signature = signText(signedPayload, key.privateKey);
      old
        .prepare(
          `INSERT INTO decisions (id, tenant_id, agent_id, key_id, path, payload, payload_hash, verdict, blocked, enforcing, mode, risk,
             detail, stages, created_at, signature, signing_key_id, signed_payload, approval_id)
           VALUES (?, 'tn_old', 'agent-1', 'ak_1', '/tools/search', ?, ?, 'ALLOWED', 0, 1, 'enforce', 'low', 'ok', ?, ?, ?, ?, ?, NULL)`,
        )
        .run(
          id,
          JSON.stringify(payload),
          canonicalHash(payload),
          JSON.stringify(stages),
          1_700_000_000_000 + i,
          signature,
          key.kid,
          signedPayload,
        );
      // The record as journals stored it before: with the payload inside.
      const record = {
        decision_id: id,
        tenant_id: 'tn_old',
        agent_id: 'agent-1',
        key_id: 'ak_1',
        path: '/tools/search',
        payload,
        payload_hash: canonicalHash(payload),
        verdict: 'ALLOWED',
        blocked: false,
        enforcing: true,
        mode: 'enforce',
        risk: 'low',
        detail: 'ok',
        stages,
        approval_id: null,
        created_at: time,
        signing_key_id: key.kid,
        signature,
      };
      const text = canonicalJson(record);
      const entry = chainEntry(previous, { type: 'decision', ref_id: id, time, content_hash: canonicalHash(record) });
      old
        .prepare(
          `INSERT INTO journal (tenant_id, seq, type, ref_id, time, content_hash, prev_hash, entry_hash, record)
           VALUES ('tn_old', ?, 'decision', ?, ?, ?, ?, ?, ?)`,
        )
        .run(entry.seq, id, time, entry.content_hash, entry.prev_hash, entry.entry_hash, text);
      previous = entry;
      made.push({ id, payload, signedPayload });
    }
    old
      .prepare(
        `INSERT INTO approvals (id, tenant_id, agent_id, path, payload, payload_hash, requested_by_key_id, decision_id, status, risk,
           reasons, detail, created_at, expires_at)
         VALUES ('apr_old', 'tn_old', 'agent-1', '/tools/search', ?, ?, 'ak_1', 'fd_old0', 'pending', 'low', '[]', 'held', 0, 9e15)`,
      )
      .run(JSON.stringify(made[0].payload), canonicalHash(made[0].payload));
    old.close();

    const store = new SqliteStore({ dataDir: dir });
    try {
      for (const before of made) {
        const row = (await store.getDecision('tn_old', before.id))!;
        assert.deepEqual(row.payload, before.payload);
        assert.equal(row.signedPayload, before.signedPayload);
      }
      assert.deepEqual((await store.getApproval('tn_old', 'apr_old', Date.now()))!.payload, made[0].payload);
      const entries = (await store.journal.list('tn_old', 0, 10)).map(presentEntry);
      assert.equal(entries.length, 3);
      assert.equal(entries[1].prev_hash, entries[0].entry_hash);
      const verdict = verifyJournal(entries, { keys: publicKeySet({ keys: [publicJwk(key)] }) });
      assert.equal(verdict.valid, true, JSON.stringify(verdict));
      assert.equal((await store.journal.findByRef('tn_old', 'fd_old1'))?.seq, 2, 'a decision from before still finds its entry');
      // Its stored record copy does not vouch for an edited row.
      store.db.prepare(`UPDATE decisions SET verdict = 'BLOCKED', blocked = 1 WHERE id = 'fd_old1'`).run();
      const edited = verifyJournal((await store.journal.list('tn_old', 0, 10)).map(presentEntry), {
        keys: publicKeySet({ keys: [publicJwk(key)] }),
      });
      assert.equal(edited.valid, false);
      const migrated = store.db.prepare('SELECT typeof(entry_hash) AS t, length(entry_hash) AS n FROM journal LIMIT 1').get();
      assert.deepEqual(migrated, { t: 'blob', n: 32 });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
