import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let approver: string;
let agentKey: string;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
  agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'mailer' } })).body.agent_key;
});
after(() => server.close());

const decide = (body: unknown, idempotencyKey?: string, key?: string) =>
  server.call('POST', '/fabric/decisions', { body, key, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

async function approvedCall(agentId: string) {
  const call = { path: '/tools/send_email', agent_id: agentId, payload: { to: 'cfo@example.com', n: Math.random() } };
  const held = await decide(call);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approved = await server.call('POST', `/fabric/approvals/${held.body.approval_id}/approve`, { key: approver, body: {} });
  assert.equal(approved.status, 200);
  return { call, approvalId: held.body.approval_id as string };
}

test('a repeat of the key gets the first answer and consumes the approval once', async () => {
  const { call, approvalId } = await approvedCall('idem-1');
  const first = await decide(call, 'retry-1');
  assert.equal(first.status, 200);
  assert.equal(first.body.verdict, 'ALLOWED');
  assert.equal(first.headers.get('idempotency-replayed'), null);

  const repeat = await decide(call, 'retry-1');
  assert.equal(repeat.status, 200);
  assert.deepEqual(repeat.body, first.body, 'the repeat is the first answer, not a new decision');
  assert.equal(repeat.headers.get('idempotency-replayed'), 'true');

  const approval = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approver });
  assert.equal(approval.body.status, 'consumed');
  assert.equal(approval.body.consumed_by_decision_id, first.body.decision_id);
  const list = await server.call('GET', '/fabric/decisions?agent_id=idem-1');
  assert.equal(list.body.decisions.length, 2, 'the held decision and the allowed one; the repeat added none');

  const fresh = await decide(call, 'retry-2');
  assert.equal(fresh.body.verdict, 'REQUIRE_APPROVAL', 'a new key is a new call: the approval ran once');
});

test('concurrent repeats of one key decide once', async () => {
  const { call, approvalId } = await approvedCall('idem-2');
  const answers = await Promise.all(Array.from({ length: 5 }, () => decide(call, 'burst-1')));
  const ids = new Set(answers.map((answer) => answer.body.decision_id));
  assert.equal(ids.size, 1);
  assert.ok(answers.every((answer) => answer.body.verdict === 'ALLOWED'));
  assert.equal(answers.filter((answer) => answer.headers.get('idempotency-replayed') === 'true').length, 4);
  const approval = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approver });
  assert.equal(approval.body.consumed_by_decision_id, [...ids][0]);
});

test('the key reused for a different request is a 422 naming the header', async () => {
  const call = { path: '/tools/read_file', agent_id: 'idem-3', payload: { file: 'a.txt' } };
  const first = await decide(call, 'reuse-1');
  assert.equal(first.status, 200);
  const other = await decide({ ...call, payload: { file: 'b.txt' } }, 'reuse-1');
  assert.equal(other.status, 422);
  assert.deepEqual(other.body.detail[0].loc, ['header', 'idempotency-key']);
  assert.equal(other.body.detail[0].type, 'idempotency_key_reused');
  assert.match(other.body.detail[0].msg, new RegExp(first.body.decision_id));
  // key order of the payload does not make a different request
  const reordered = await decide({ payload: { file: 'a.txt' }, agent_id: 'idem-3', path: '/tools/read_file' }, 'reuse-1');
  assert.equal(reordered.body.decision_id, first.body.decision_id);
});

test('keys are scoped to the API key and tenant', async () => {
  const call = { path: '/tools/read_file', payload: { file: 'x' } };
  const asAgent = await decide(call, 'scoped-1', agentKey);
  const asAdmin = await decide({ ...call, agent_id: 'mailer' }, 'scoped-1');
  assert.equal(asAgent.status, 200);
  assert.equal(asAdmin.status, 200);
  assert.notEqual(asAgent.body.decision_id, asAdmin.body.decision_id);

  const signup = await server.call('POST', '/signup', { key: null, body: { name: 'other tenant' } });
  assert.equal(signup.status, 201);
  const otherTenant = await decide({ ...call, agent_id: 'mailer' }, 'scoped-1', signup.body.api_key);
  assert.equal(otherTenant.status, 200);
  assert.notEqual(otherTenant.body.decision_id, asAdmin.body.decision_id);
});

test('a malformed key is a 422; without a key every call decides anew', async () => {
  const bad = await decide({ path: '/tools/read_file', agent_id: 'idem-4' }, 'has space');
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.detail[0].loc, ['header', 'idempotency-key']);
  const long = await decide({ path: '/tools/read_file', agent_id: 'idem-4' }, 'k'.repeat(256));
  assert.equal(long.status, 422);
  const a = await decide({ path: '/tools/read_file', agent_id: 'idem-4' });
  const b = await decide({ path: '/tools/read_file', agent_id: 'idem-4' });
  assert.notEqual(a.body.decision_id, b.body.decision_id);
});

test('an old ALLOWED is not replayed once the agent is revoked or the tenant halted', async () => {
  const { call } = await approvedCall('idem-stop');
  const first = await decide(call, 'stop-1');
  assert.equal(first.body.verdict, 'ALLOWED');
  assert.equal((await decide(call, 'stop-1')).body.verdict, 'ALLOWED', 'replayed while nothing changed');

  await server.call('POST', '/fabric/agents/idem-stop/revoke', { body: { reason: 'compromised' } });
  const afterRevoke = await decide(call, 'stop-1');
  assert.equal(afterRevoke.status, 200);
  assert.equal(afterRevoke.body.verdict, 'BLOCKED', 'decided afresh, not replayed');
  assert.equal(afterRevoke.headers.get('idempotency-replayed'), null);
  await server.call('POST', '/fabric/agents/idem-stop/reinstate', { body: { reason: 'rotated' } });

  const other = await approvedCall('idem-halt');
  assert.equal((await decide(other.call, 'halt-1')).body.verdict, 'ALLOWED');
  const token = (await server.call('POST', '/fabric/halt/token', { body: {} })).body;
  const halted = await server.call('POST', '/fabric/halt', {
    body: { reason: 'incident', operator_id: 'ops', confirmation_token: token.confirmation_token ?? token.token },
  });
  assert.equal(halted.status, 200, JSON.stringify(halted.body));
  const duringHalt = await decide(other.call, 'halt-1');
  assert.equal(duringHalt.body.verdict, 'BLOCKED');
  await server.call('POST', '/fabric/resume', { body: {} });
});
