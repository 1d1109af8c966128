import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('a missing key is 401 with a detail about the header, never a verdict', async () => {
  const res = await server.call('POST', '/fabric/decisions', { key: null, body: { path: '/tools/x', agent_id: 'a' } });
  assert.equal(res.status, 401);
  assert.match(res.body.detail, /X-API-Key/);
  assert.equal(res.body.verdict, undefined);
});

test('an unknown key is 401', async () => {
  const res = await server.call('GET', '/fabric/decisions', { key: 'fk_not_a_real_key' });
  assert.equal(res.status, 401);
  assert.equal(typeof res.body.detail, 'string');
});

test('health needs no key', async () => {
  const res = await server.call('GET', '/healthz', { key: null });
  assert.equal(res.status, 200);
  assert.equal(res.body.status, 'ok');
});

test('admin keys mint customer keys, shown once and stored only as hashes', async () => {
  const res = await server.call('POST', '/fabric/api-keys', { body: { name: 'reviewer', role: 'approver' } });
  assert.equal(res.status, 201);
  assert.match(res.body.id, /^key_/);
  assert.match(res.body.api_key, /^fk_/);
  assert.equal(res.body.role, 'approver');
  assert.equal(res.body.name, 'reviewer');
  assert.ok(Date.parse(res.body.created_at));

  const list = await server.call('GET', '/fabric/api-keys');
  const listed = list.body.keys.find((key: any) => key.id === res.body.id);
  assert.ok(listed);
  assert.equal(listed.api_key, undefined, 'the secret is never shown again');

  const rows = await server.sql('SELECT * FROM keys');
  const dump = JSON.stringify(rows);
  assert.ok(!dump.includes(res.body.api_key), 'the secret is not stored');
  assert.ok(!dump.includes(server.adminKey), 'the seeded admin key is not stored');
  assert.ok(rows.every((row) => /^[0-9a-f]{64}$/.test(String(row.key_hash))));
});

test('approver keys may read and decide approvals but not change rules, keys or agents', async () => {
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'r2', role: 'approver' } })).body.api_key;
  assert.equal((await server.call('GET', '/fabric/approvals', { key: approver })).status, 200);
  assert.equal((await server.call('GET', '/fabric/tool-rules', { key: approver })).status, 200);
  const forbidden = [
    ['POST', '/fabric/tool-rules', { name: 'x', effect: 'deny', match_path: '/tools/x' }],
    ['POST', '/fabric/api-keys', { name: 'x', role: 'admin' }],
    ['POST', '/fabric/agent-keys', { name: 'x' }],
    ['POST', '/fabric/agents/a1/suspend', { reason: 'x' }],
    ['PATCH', '/fabric/settings', { mode: 'shadow' }],
  ] as const;
  for (const [method, path, body] of forbidden) {
    const res = await server.call(method, path, { key: approver, body });
    assert.equal(res.status, 403, `${method} ${path}`);
    assert.equal(typeof res.body.detail, 'string');
  }
});

test('a revoked customer key is refused at once', async () => {
  const created = (await server.call('POST', '/fabric/api-keys', { body: { name: 'temp', role: 'admin' } })).body;
  assert.equal((await server.call('GET', '/fabric/decisions', { key: created.api_key })).status, 200);
  const revoked = await server.call('DELETE', `/fabric/api-keys/${created.id}`);
  assert.equal(revoked.status, 200);
  assert.ok(revoked.body.revoked_at);
  assert.equal((await server.call('GET', '/fabric/decisions', { key: created.api_key })).status, 401);
});

test('agent keys: minted once, bound to their agent, listed, revoked', async () => {
  const res = await server.call('POST', '/fabric/agent-keys', { body: { name: 'billing-bot', budget_usd: 25 } });
  assert.equal(res.status, 201);
  assert.match(res.body.agent_key_id, /^ak_/);
  assert.match(res.body.agent_key, /^agt_/);
  assert.equal(res.body.agent_id, 'billing-bot');
  assert.equal(res.body.budget_usd, 25);
  const agentKey = res.body.agent_key;

  // agent_id defaults to the key's agent
  const own = await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/search', payload: { q: 'x' } } });
  assert.equal(own.status, 200);
  assert.equal(own.body.agent_id, 'billing-bot');
  assert.equal(own.body.stages[0].verdict, 'allow');

  // another claimed agent is refused before anything is decided or recorded (agent-binding.test.ts)
  const other = await server.call('POST', '/fabric/decisions', {
    key: agentKey,
    body: { path: '/tools/search', agent_id: 'ops-bot', payload: {} },
  });
  assert.equal(other.status, 403);
  assert.match(other.body.detail, /billing-bot/);

  // agent keys may not manage anything
  assert.equal((await server.call('GET', '/fabric/tool-rules', { key: agentKey })).status, 403);
  assert.equal((await server.call('POST', '/fabric/agent-keys', { key: agentKey, body: { name: 'x' } })).status, 403);

  const list = await server.call('GET', '/fabric/agent-keys');
  const listed = list.body.agent_keys.find((key: any) => key.agent_key_id === res.body.agent_key_id);
  assert.ok(listed);
  assert.equal(listed.agent_key, undefined);

  assert.equal((await server.call('DELETE', `/fabric/agent-keys/${res.body.agent_key_id}`)).status, 200);
  assert.equal((await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/search' } })).status, 401);
  assert.equal((await server.call('DELETE', '/fabric/agent-keys/ak_missing')).status, 404);
});

test('agent key request validation follows AgentKeyRequest', async () => {
  const empty = await server.call('POST', '/fabric/agent-keys', { body: { name: '' } });
  assert.equal(empty.status, 422);
  assert.deepEqual(empty.body.detail[0].loc, ['body', 'name']);
  const long = await server.call('POST', '/fabric/agent-keys', { body: { name: 'x'.repeat(121) } });
  assert.equal(long.status, 422);
  const budget = await server.call('POST', '/fabric/agent-keys', { body: { name: 'ok', budget_usd: 0 } });
  assert.equal(budget.status, 422);
  assert.deepEqual(budget.body.detail[0].loc, ['body', 'budget_usd']);
});

test('an encoded path reaches the same route and the same key check', async () => {
  const encoded = await server.call('GET', '/%66abric/keys/public', { key: null });
  assert.equal(encoded.status, 401);
  const verify = await server.call('POST', '/%66abric/journal/verify', { key: null, body: { journal: [], fabric_public_key: 'x' } });
  assert.equal(verify.status, 401);
});
