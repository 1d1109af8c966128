// Someone with write access to the database edits a decision after the fact: the journal export no
// longer verifies, whatever else they copy around, and proofs never hand out another entry.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { publicKeySet, verifyJournal } from '@actiongate/engine';
import { sqliteOnly, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const decide = (agent: string, payload: object) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search_documents', agent_id: agent, payload } });
const verifyExport = async () => {
  const { entries } = (await server.call('GET', '/fabric/journal')).body;
  const keys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x) as string[];
  return verifyJournal(entries, { keys: publicKeySet(keys) });
};

test(
  'editing a stored decision (verdict, payload or its hash) breaks the export, even with a record copied in',
  { skip: sqliteOnly },
  async () => {
    const made = (await decide('tamper-db', { query: 'first' })).body;
    await decide('tamper-db', { query: 'second' });
    assert.equal((await verifyExport()).valid, true);
    const db = server.store.db;
    const original = db.prepare('SELECT verdict, blocked, body, payload_hash FROM decisions WHERE id = ?').get(made.decision_id) as Record<
      string,
      unknown
    >;
    const restore = () =>
      db
        .prepare('UPDATE decisions SET verdict = ?, blocked = ?, body = ?, payload_hash = ? WHERE id = ?')
        .run(original.verdict, original.blocked, original.body, original.payload_hash, made.decision_id);
    const tampered = async (edit: string, ...params: unknown[]) => {
      db.prepare(edit).run(...params, made.decision_id);
      const result = await verifyExport();
      restore();
      return result;
    };
    let result = await tampered(`UPDATE decisions SET verdict = 'BLOCKED', blocked = 1 WHERE id = ?`);
    assert.equal(result.valid, false);
    assert.match(String(result.reason), /record was modified/);
    const other = db.prepare('SELECT body, payload_hash FROM decisions WHERE id <> ? ORDER BY seq DESC LIMIT 1').get(made.decision_id) as {
      body: Buffer;
      payload_hash: Buffer;
    };
    result = await tampered('UPDATE decisions SET body = ? WHERE id = ?', other.body);
    assert.equal(result.valid, false, 'another payload in the row');
    result = await tampered('UPDATE decisions SET body = ?, payload_hash = ? WHERE id = ?', other.body, other.payload_hash);
    assert.equal(result.valid, false, 'another payload with its matching hash');
    // Copying the honest record into the entry (as old entries keep one) must not hide an edit.
    const { entries } = (await server.call('GET', '/fabric/journal')).body;
    const honest = entries.find((entry: { ref_id: string }) => entry.ref_id === made.decision_id);
    db.prepare(`UPDATE journal SET record = ? WHERE ref_id = ? AND type = 'decision'`).run(JSON.stringify(honest.record), made.decision_id);
    result = await tampered(`UPDATE decisions SET verdict = 'BLOCKED', blocked = 1 WHERE id = ?`);
    assert.equal(result.valid, false, 'a copied record does not vouch for an edited row');
    assert.equal((await verifyExport()).valid, false, 'and the copied record itself no longer matches the current-format entry');
    db.prepare(`UPDATE journal SET record = NULL WHERE ref_id = ? AND type = 'decision'`).run(made.decision_id);
    assert.equal((await verifyExport()).valid, true, 'restored');
  },
);

test("an edited journal_seq does not hand out another decision's entry as a proof", { skip: sqliteOnly }, async () => {
  const a = (await decide('tamper-seq', { query: 'a' })).body;
  const b = (await decide('tamper-seq', { query: 'b' })).body;
  const db = server.store.db;
  const seqOfB = (db.prepare('SELECT journal_seq FROM decisions WHERE id = ?').get(b.decision_id) as { journal_seq: number }).journal_seq;
  db.prepare('UPDATE decisions SET journal_seq = ? WHERE id = ?').run(seqOfB, a.decision_id);
  const proof = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: a.decision_id } });
  assert.equal(proof.status, 404);
});
