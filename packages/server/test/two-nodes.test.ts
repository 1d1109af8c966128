// Two ActionGate nodes on one PostgreSQL database: what one node changes is in force on the other
// before the call that changed it returns, and an approval runs once across both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import { publicKeySet, verifyJournal } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';
import { createSharedDatabase, startPostgres, type TestPostgres } from './support/postgres-server.ts';

let postgres: TestPostgres | null = null;
let a: TestServer;
let b: TestServer;
let approver: string;

before(async () => {
  let adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL;
  if (!adminUrl) {
    postgres = await startPostgres();
    adminUrl = postgres.adminUrl;
  }
  const databaseUrl = await createSharedDatabase(adminUrl);
  const env = { ACTIONGATE_WEBHOOK_ALLOW_PRIVATE: '1' };
  a = await startServer({ ...env, ACTIONGATE_NODE_ID: 'node-a' }, { databaseUrl });
  b = await startServer({ ...env, ACTIONGATE_NODE_ID: 'node-b' }, { databaseUrl, adminKey: a.adminKey });
  approver = (await a.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
});
after(async () => {
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

const decide = (node: TestServer, body: unknown, key?: string) => node.call('POST', '/fabric/decisions', { body, key });

test('40 concurrent resends of one approved call, spread over both nodes, run exactly once', async () => {
  const call = { path: '/tools/send_email', agent_id: 'racer', payload: { to: 'cfo@example.com', n: 1 } };
  const held = await decide(a, call);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;
  assert.equal((await b.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} })).status, 200);
  const results = await Promise.all(Array.from({ length: 40 }, (_, i) => decide(i % 2 === 0 ? a : b, call)));
  assert.ok(results.every((res) => res.status === 200));
  assert.equal(results.filter((res) => res.body.verdict === 'ALLOWED').length, 1);
  const approval = await a.call('GET', `/fabric/approvals/${approvalId}`, { key: approver });
  assert.equal(approval.body.status, 'consumed');
});

test('a deny rule made on node B blocks the next call on node A', async () => {
  const agentKey = (await a.call('POST', '/fabric/agent-keys', { body: { name: 'ruled' } })).body.agent_key;
  const call = { path: '/tools/shell', payload: { command: 'ls' } };
  assert.notEqual((await decide(a, call, agentKey)).body.stages[2].verdict, 'deny');
  const rule = await b.call('POST', '/fabric/tool-rules', { body: { name: 'no-shell', effect: 'deny', match_path: '/tools/shell' } });
  assert.equal(rule.status, 201);
  const blocked = await decide(a, call, agentKey);
  assert.equal(blocked.body.verdict, 'BLOCKED');
  assert.equal(blocked.body.stages[2].verdict, 'deny');
  assert.equal((await b.call('DELETE', `/fabric/tool-rules/${rule.body.id}`)).status, 204);
  assert.notEqual((await decide(a, call, agentKey)).body.stages[2].verdict, 'deny', 'the deletion is in force on A too');
});

test('an agent key revoked on node A is refused by node B at once', async () => {
  const created = (await a.call('POST', '/fabric/agent-keys', { body: { name: 'doomed' } })).body;
  const call = { path: '/tools/search', payload: { q: 'x' } };
  // B now remembers the key for decisions (key-identities.ts); its transaction must still see the revocation.
  assert.equal((await decide(b, call, created.agent_key)).status, 200);
  const recorded = async () => (await a.call('GET', '/fabric/decisions?agent_id=doomed')).body.decisions.length;
  assert.equal(await recorded(), 1);
  assert.equal((await a.call('DELETE', `/fabric/agent-keys/${created.agent_key_id}`)).status, 200);
  const refused = await decide(b, call, created.agent_key);
  assert.equal(refused.status, 401);
  assert.ok(refused.body.detail);
  assert.equal((await decide(b, call, created.agent_key)).status, 401, 'and again, once B forgot it');
  assert.equal((await b.call('GET', '/fabric/agents/doomed', { key: created.agent_key })).status, 401, 'other routes look it up afresh');
  assert.equal(await recorded(), 1, 'nothing of the refused calls was decided or recorded');
});

test('a customer key revoked on node B is refused for decisions by node A, which had just used it', async () => {
  const created = (await a.call('POST', '/fabric/api-keys', { body: { name: 'short-lived', role: 'admin' } })).body;
  const call = { path: '/tools/search', agent_id: 'customer-keyed', payload: { q: 'y' } };
  assert.equal((await decide(a, call, created.api_key)).status, 200);
  assert.equal((await b.call('DELETE', `/fabric/api-keys/${created.id}`)).status, 200);
  const refused = await decide(a, call, created.api_key);
  assert.equal(refused.status, 401);
  assert.equal(refused.body.code, 'AG_UNKNOWN_KEY');
});

test('a halt on node A stops node B at once, and a resume on node B frees node A', async () => {
  const token = (await a.call('POST', '/fabric/halt/token')).body.confirmation_token;
  const halted = await a.call('POST', '/fabric/halt', { body: { reason: 'drill', operator_id: 'ops', confirmation_token: token } });
  assert.equal(halted.status, 200);
  const onB = await decide(b, { path: '/tools/search', agent_id: 'halted', payload: {} });
  assert.equal(onB.body.verdict, 'BLOCKED');
  assert.match(onB.body.stages[0].detail, /halt/);
  assert.equal((await b.call('GET', '/fabric/halt')).body.halted, true);
  assert.equal((await b.call('POST', '/fabric/resume', { body: {} })).status, 200);
  const onA = await decide(a, { path: '/tools/search', agent_id: 'halted', payload: {} });
  assert.equal(onA.body.stages[0].verdict, 'allow');
});

test('each node signs with its own key; a decision signed on B verifies with the keys A publishes', async () => {
  const made = await decide(b, { path: '/tools/search', agent_id: 'signer', payload: { q: 1 } });
  const sig = await a.call('GET', `/fabric/decisions/${made.body.decision_id}/signature`);
  assert.equal(sig.status, 200);
  const publishedByA = (await a.call('GET', '/fabric/keys/public')).body.keys;
  const publishedByB = (await b.call('GET', '/fabric/keys/public')).body.keys;
  const kidsOf = (keys: any[]) => keys.map((key) => key.kid).sort();
  assert.deepEqual(kidsOf(publishedByA), kidsOf(publishedByB), 'both nodes publish the same set');
  assert.ok(publishedByA.length >= 2, 'one key per node at least');
  const ownOfA = (await a.call('GET', '/fabric/keys/public')).body.keys[0].kid;
  assert.notEqual(sig.body.key_id, ownOfA, 'B signed with its own key');
  const jwk = publishedByA.find((key: any) => key.kid === sig.body.key_id);
  assert.ok(jwk, "B's key is published by A");
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  assert.ok(verify(null, Buffer.from(sig.body.signed_payload), publicKey, Buffer.from(sig.body.signature, 'base64url')));
});

test("the journal is one chain: entries written by both nodes verify as one tenant's journal", async () => {
  await Promise.all([
    decide(a, { path: '/tools/search', agent_id: 'chain', payload: { n: 1 } }),
    decide(b, { path: '/tools/search', agent_id: 'chain', payload: { n: 2 } }),
  ]);
  const { entries, tree_head } = (await b.call('GET', '/fabric/journal')).body;
  const keys = (await a.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x);
  const types = new Set(entries.map((entry: any) => JSON.parse(JSON.stringify(entry.record)).signing_key_id).filter(Boolean));
  assert.ok(types.size >= 2, 'records signed by both nodes are in the one chain');
  assert.equal(verifyJournal(entries, { keys: publicKeySet(keys), treeHead: tree_head }).valid, true);
  const verified = await a.call('POST', '/fabric/journal/verify', { body: { journal: entries, fabric_public_key: keys } });
  assert.equal(verified.status, 200);
  assert.equal(verified.body.valid, true);
});

test('live events of a decision made on node B reach listeners on node A', async () => {
  const heard: string[] = [];
  const stop = a.store.onEvents((events) => {
    for (const event of events) if (event.type === 'decision.created') heard.push(event.data.decision_id as string);
  });
  try {
    // Bounded: the LISTEN connection opens with the first listener; a decision made before it is up is not announced to it.
    let made: string | null = null;
    for (let attempt = 0; attempt < 50 && !(made && heard.includes(made)); attempt++) {
      made = (await decide(b, { path: '/tools/search', agent_id: 'live', payload: { attempt } })).body.decision_id;
      for (let wait = 0; wait < 10 && !heard.includes(made!); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(made && heard.includes(made), 'a decision made on B was heard on A');
    const sse = await a.call('GET', '/fabric/events?mode=polling&after=0');
    assert.ok(sse.body.events.some((event: any) => event.data.decision_id === made));
  } finally {
    stop();
  }
});

/** Polls `check` (bounded: 15 s) until it holds; a change on one node reaches the other by NOTIFY. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a containment made on node A holds calls on node B; its release on B frees node A', async () => {
  const tenant = (await a.call('GET', '/fabric/posture')).body.tenant as string;
  const call = { path: '/tools/search', agent_id: 'contained', payload: { q: 'x' } };
  const contained = async (node: TestServer) => /held until released/.test((await decide(node, call)).body.stages[0].detail);
  assert.equal(await contained(b), false, 'B has the posture cached before the change');
  assert.equal((await a.call('POST', '/fabric/contain', { body: { tenant } })).status, 200);
  await until(() => contained(b), 'the containment on B');
  assert.equal((await b.call('POST', '/fabric/contain', { body: { tenant, action: 'release' } })).status, 200);
  await until(async () => !(await contained(a)), 'the release on A');
});

test('every node hears every event, but a webhook gets each event once', async () => {
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push(String(req.headers['x-actiongate-delivery']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    const hook = await a.call('POST', '/fabric/webhooks', {
      body: { url, events: ['decision.blocked'], secret: 'a-secret-of-two-nodes-0123' },
    });
    assert.equal(hook.status, 201);
    // Node B learns of a webhook made on A when it re-reads the tenants with webhooks (every 5 s).
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const rule = await a.call('POST', '/fabric/tool-rules', { body: { name: 'no-rm', effect: 'deny', match_path: '/tools/rm' } });
    for (const node of [a, b, a, b])
      assert.equal((await decide(node, { path: '/tools/rm', agent_id: 'hooked', payload: {} })).body.verdict, 'BLOCKED');
    await until(async () => received.length >= 4, 'four deliveries');
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a duplicate would arrive meanwhile
    assert.equal(received.length, 4, 'one delivery per blocked decision, not one per node');
    const log = await a.call('GET', `/fabric/webhooks/${hook.body.id}/deliveries`);
    assert.equal(log.body.deliveries.length, 4);
    await a.call('DELETE', `/fabric/tool-rules/${rule.body.id}`);
    await a.call('DELETE', `/fabric/webhooks/${hook.body.id}`);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
