import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
});
after(() => server.close());

test('signup creates a tenant and shows its key once', async () => {
  const res = await server.call('POST', '/signup', { key: null, body: { name: 'Acme', email: 'ops@acme.test' } });
  assert.equal(res.status, 201);
  assert.match(res.body.tenant_id, /^tn_/);
  assert.match(res.body.key_id, /^key_/);
  assert.match(res.body.api_key, /^fk_/);
  assert.equal((await server.call('POST', '/signup', { key: null, body: {} })).status, 422);
});

test('a key of one tenant can neither read, list, approve nor verify anything of another', async () => {
  const a = (await server.call('POST', '/signup', { key: null, body: { name: 'Tenant A' } })).body.api_key;
  const b = (await server.call('POST', '/signup', { key: null, body: { name: 'Tenant B' } })).body.api_key;
  const bApprover = (await server.call('POST', '/fabric/api-keys', { key: b, body: { name: 'b-human', role: 'approver' } })).body.api_key;

  const held = await server.call('POST', '/fabric/decisions', {
    key: a,
    body: { path: '/tools/search', agent_id: 'shared-name', payload: { secret: 'a-only' } },
  });
  const decisionId = held.body.decision_id;
  const approvalId = held.body.stages[3].data.approval_id;
  const rule = (
    await server.call('POST', '/fabric/tool-rules', { key: a, body: { name: 'a-rule', effect: 'deny', match_path: '/tools/a' } })
  ).body;
  const agentKey = (await server.call('POST', '/fabric/agent-keys', { key: a, body: { name: 'a-bot' } })).body;

  const notFound = [
    ['GET', `/fabric/decisions/${decisionId}`],
    ['GET', `/fabric/decisions/${decisionId}/signature`],
    ['GET', `/fabric/approvals/${approvalId}`],
    ['GET', `/fabric/tool-rules/${rule.id}`],
    ['PATCH', `/fabric/tool-rules/${rule.id}`],
    ['DELETE', `/fabric/tool-rules/${rule.id}`],
    ['DELETE', `/fabric/agent-keys/${agentKey.agent_key_id}`],
    ['GET', '/fabric/agents/shared-name'],
  ] as const;
  for (const [method, path] of notFound) {
    const res = await server.call(method, path, { key: b, body: method === 'PATCH' ? { enabled: false } : undefined });
    assert.equal(res.status, 404, `${method} ${path}`);
  }
  const approve = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: bApprover, body: {} });
  assert.equal(approve.status, 404);

  const lists = await Promise.all([
    server.call('GET', '/fabric/decisions?limit=1000', { key: b }),
    server.call('GET', '/fabric/approvals', { key: b }),
    server.call('GET', '/fabric/tool-rules', { key: b }),
    server.call('GET', '/fabric/agent-keys', { key: b }),
    server.call('GET', '/fabric/agents', { key: b }),
  ]);
  const text = JSON.stringify(lists.map((r) => r.body));
  for (const secretOfA of [decisionId, approvalId, rule.id, agentKey.agent_key_id, 'a-only', 'shared-name']) {
    assert.ok(!text.includes(secretOfA), `tenant B sees ${secretOfA}`);
  }

  // B's own decision for an agent of the same name starts from nothing and is not bound by A's rule
  const bDecision = await server.call('POST', '/fabric/decisions', {
    key: b,
    body: { path: '/tools/a', agent_id: 'shared-name', payload: {} },
  });
  assert.equal(bDecision.body.stages[2].verdict, 'allow');
  // and A's approval still waits, untouched
  assert.equal((await server.call('GET', `/fabric/approvals/${approvalId}`, { key: a })).body.status, 'pending');
});

test('signup answers 404 when it is not enabled', async () => {
  const closed = await startServer();
  try {
    const res = await closed.call('POST', '/signup', { key: null, body: { name: 'x' } });
    assert.equal(res.status, 404);
  } finally {
    await closed.close();
  }
});
