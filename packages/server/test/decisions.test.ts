import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { onPostgres, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const decide = (body: unknown, key?: string) => server.call('POST', '/fabric/decisions', { body, key });

test('a decision answers the record of the spec with all four stages in order', async () => {
  const res = await decide({ path: '/tools/search', agent_id: 'fresh-agent', payload: { query: 'weather' } });
  assert.equal(res.status, 200);
  const record = res.body;
  assert.match(record.decision_id, /^fd_/);
  assert.equal(record.verdict, 'REQUIRE_APPROVAL');
  assert.equal(record.blocked, true);
  assert.equal(record.enforcing, true);
  assert.equal(record.mode, 'enforce');
  assert.equal(record.path, '/tools/search');
  // Several nodes on PostgreSQL: the chain gains the consensus stage after approval.
  assert.deepEqual(
    record.stages.map((s: any) => s.stage),
    ['identity', 'trust', 'policy', 'approval', ...(onPostgres ? ['consensus'] : [])],
  );
  if (onPostgres) assert.match(record.stages[4].detail, /^quorum: 1 of 1 nodes healthy/);
  for (const stage of record.stages) {
    assert.deepEqual(Object.keys(stage).sort(), ['data', 'detail', 'enforcing', 'stage', 'verdict']);
    assert.ok(['allow', 'require_approval', 'deny'].includes(stage.verdict));
    assert.ok(stage.detail.length > 0);
  }
  const trust = record.stages[1];
  assert.equal(trust.data.state, 'new');
  assert.ok(Array.isArray(trust.data.action_risk.reasons));
  assert.match(record.stages[3].data.approval_id, /^apr_/);
  assert.equal(record.approval_id, record.stages[3].data.approval_id);
});

test('every verdict is HTTP 200, including BLOCKED', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', { body: { name: 'no-drop', effect: 'deny', match_path: '/tools/drop_db' } });
  assert.equal(rule.status, 201);
  const res = await decide({ path: '/tools/drop_db', agent_id: 'a', payload: {} });
  assert.equal(res.status, 200);
  assert.equal(res.body.verdict, 'BLOCKED');
  assert.equal(res.body.stages[2].verdict, 'deny');
  assert.equal(res.body.stages[2].enforcing, true);
  assert.match(res.body.stages[2].detail, new RegExp(`rule 'no-drop' \\(${rule.body.id} v1\\): deny`));
});

test('decisions are listed newest first, paged by cursor, filtered by agent and verdict', async () => {
  for (let i = 0; i < 5; i++) await decide({ path: '/tools/search', agent_id: 'lister', payload: { i } });
  const page1 = await server.call('GET', '/fabric/decisions?limit=3&agent_id=lister');
  assert.equal(page1.status, 200);
  assert.equal(page1.body.decisions.length, 3);
  assert.deepEqual(
    page1.body.decisions.map((d: any) => d.payload.i),
    [4, 3, 2],
  );
  assert.ok(page1.body.next_cursor);
  const page2 = await server.call('GET', `/fabric/decisions?limit=3&agent_id=lister&cursor=${page1.body.next_cursor}`);
  assert.deepEqual(
    page2.body.decisions.map((d: any) => d.payload.i),
    [1, 0],
  );
  assert.equal(page2.body.next_cursor, null);
  const blocked = await server.call('GET', '/fabric/decisions?verdict=BLOCKED');
  assert.ok(blocked.body.decisions.length >= 1);
  assert.ok(blocked.body.decisions.every((d: any) => d.verdict === 'BLOCKED'));
  assert.equal((await server.call('GET', '/fabric/decisions?limit=1001')).status, 422);
  const defaults = await server.call('GET', '/fabric/decisions');
  assert.ok(defaults.body.decisions.length <= 50);
});

test('one decision by id, and 404 for an unknown one', async () => {
  const made = await decide({ path: '/tools/search', agent_id: 'getter', payload: { b: 1, a: 2 } });
  const res = await server.call('GET', `/fabric/decisions/${made.body.decision_id}`);
  assert.equal(res.status, 200);
  assert.equal(res.body.decision_id, made.body.decision_id);
  assert.deepEqual(res.body.payload, { a: 2, b: 1 });
  assert.deepEqual(res.body.stages, made.body.stages);
  const missing = await server.call('GET', '/fabric/decisions/fd_nope');
  assert.equal(missing.status, 404);
  assert.equal(typeof missing.body.detail, 'string');
});

test('every decision is signed with Ed25519, verifiable with the published key', async () => {
  const made = await decide({ path: '/tools/shell', agent_id: 'signer', payload: { command: 'ls' } });
  const sig = await server.call('GET', `/fabric/decisions/${made.body.decision_id}/signature`);
  assert.equal(sig.status, 200);
  assert.equal(sig.body.algorithm, 'Ed25519');
  assert.equal(sig.body.decision_id, made.body.decision_id);
  const signed = JSON.parse(sig.body.signed_payload);
  assert.equal(signed.decision_id, made.body.decision_id);
  assert.equal(signed.tenant_id, 'tn_default');
  assert.equal(signed.verdict, made.body.verdict);
  assert.ok(Date.parse(signed.time));
  assert.deepEqual(
    signed.stages,
    made.body.stages.map((s: any) => ({ stage: s.stage, verdict: s.verdict })),
  );

  const keys = await server.call('GET', '/fabric/keys/public');
  const jwk = keys.body.keys.find((key: any) => key.kid === sig.body.key_id);
  assert.equal(jwk.kty, 'OKP');
  assert.equal(jwk.crv, 'Ed25519');
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  const signature = Buffer.from(sig.body.signature, 'base64url');
  assert.ok(verify(null, Buffer.from(sig.body.signed_payload), publicKey, signature));
  const tampered = sig.body.signed_payload.replace(made.body.verdict, 'ALLOWED');
  assert.ok(!verify(null, Buffer.from(tampered), publicKey, signature), 'a changed verdict no longer verifies');
});

test('bad bodies are 422 HTTPValidationError with loc, msg, type; never 5xx', async () => {
  const missing = await decide({ agent_id: 'a' });
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.detail[0].loc, ['body', 'path']);
  assert.equal(missing.body.detail[0].type, 'missing');
  assert.equal(typeof missing.body.detail[0].msg, 'string');

  const noAgent = await decide({ path: '/tools/x' });
  assert.equal(noAgent.status, 422);
  assert.deepEqual(noAgent.body.detail[0].loc, ['body', 'agent_id']);

  const badPayload = await decide({ path: '/tools/x', agent_id: 'a', payload: 'rm -rf /' });
  assert.equal(badPayload.status, 422);
  assert.deepEqual(badPayload.body.detail[0].loc, ['body', 'payload']);

  const badPath = await decide({ path: 'no-slash', agent_id: 'a' });
  assert.equal(badPath.status, 422);

  const malformed = await server.call('POST', '/fabric/decisions', { raw: '{"path": "/tools/x", ' });
  assert.equal(malformed.status, 422);
  assert.equal(malformed.body.detail[0].type, 'json_invalid');

  const notJson = await server.call('POST', '/fabric/decisions', { raw: 'path=/tools/x', headers: { 'content-type': 'text/plain' } });
  assert.ok(notJson.status >= 400 && notJson.status < 500, `status ${notJson.status}`);
});

test('an oversized body is 413 and nothing is decided', async () => {
  const before = (await server.call('GET', '/fabric/decisions?limit=1000')).body.decisions.length;
  const res = await decide({ path: '/tools/x', agent_id: 'big', payload: { blob: 'x'.repeat(1024 * 1024 + 10) } });
  assert.equal(res.status, 413);
  assert.equal(typeof res.body.detail, 'string');
  const after = (await server.call('GET', '/fabric/decisions?limit=1000')).body.decisions.length;
  assert.equal(after, before);
});

test('an answered decision is on disk before the answer: it survives reopening the database', async () => {
  const made = await decide({ path: '/tools/search', agent_id: 'durable', payload: { n: 1 } });
  let row: { verdict: string } | undefined;
  if (onPostgres) {
    // Another connection of the pool: a row it reads was committed.
    [row] = await server.sql<{ verdict: string }>('SELECT verdict FROM decisions WHERE id = ?', made.body.decision_id);
  } else {
    const Database = (await import('better-sqlite3')).default;
    // The server holds the database in exclusive mode (issue 23: no -shm mapping), so another connection
    // cannot open it: read a copy of the files as they are on disk now, as recovery after a crash would.
    const { copyFileSync, mkdtempSync, rmSync } = await import('node:fs');
    const copy = mkdtempSync(`${server.dataDir}-copy-`);
    for (const name of ['actiongate.db', 'actiongate.db-wal']) copyFileSync(`${server.dataDir}/${name}`, `${copy}/${name}`);
    const reader = new Database(`${copy}/actiongate.db`);
    row = reader.prepare('SELECT verdict FROM decisions WHERE id = ?').get(made.body.decision_id) as { verdict: string } | undefined;
    reader.close();
    rmSync(copy, { recursive: true, force: true });
  }
  assert.equal(row?.verdict, made.body.verdict);
});

test('an unknown route is a 404 with detail', async () => {
  const res = await server.call('GET', '/fabric/nothing-here');
  assert.equal(res.status, 404);
  assert.equal(typeof res.body.detail, 'string');
});

test('the caller reports the outcome of a decision once', async () => {
  const made = await decide({ path: '/tools/search', agent_id: 'reporter', payload: { q: 'done?' } });
  const res = await server.call('POST', `/fabric/decisions/${made.body.decision_id}/outcome`, {
    body: { status: 'completed', detail: '3 results' },
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.outcome.status, 'completed');
  assert.equal(res.body.outcome.detail, '3 results');
  const again = await server.call('POST', `/fabric/decisions/${made.body.decision_id}/outcome`, { body: { status: 'failed' } });
  assert.equal(again.status, 409);
  assert.equal((await server.call('POST', '/fabric/decisions/fd_missing/outcome', { body: { status: 'failed' } })).status, 404);
  assert.equal(
    (await server.call('POST', `/fabric/decisions/${made.body.decision_id}/outcome`, { body: { status: 'maybe' } })).status,
    422,
  );
});
