import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let approver: string;
before(async () => {
  server = await startServer();
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
});
after(() => server.close());

const decide = (body: unknown, key?: string) => server.call('POST', '/fabric/decisions', { body, key });

test('held, approved by another key, resent: runs once; resent again: held again', async () => {
  const call = {
    path: '/tools/send_email',
    agent_id: 'mailer',
    payload: { to: 'cfo@example.com', subject: 'Q3', body: 'numbers attached' },
  };
  const held = await decide(call);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;

  const again = await decide(call);
  assert.equal(again.body.verdict, 'REQUIRE_APPROVAL');
  assert.equal(again.body.stages[3].data.approval_id, approvalId, 'an identical pending call reuses its approval');

  const pending = await server.call('GET', '/fabric/approvals?status=pending', { key: approver });
  const item = pending.body.approvals.find((a: any) => a.approval_id === approvalId);
  assert.ok(item);
  assert.equal(item.agent_id, 'mailer');
  assert.equal(item.path, '/tools/send_email');
  assert.deepEqual(item.payload, call.payload);
  assert.ok(Date.parse(item.expires_at) - Date.parse(item.created_at) === 3600_000);

  const own = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { body: {} });
  assert.equal(own.status, 403, 'the key that made the request cannot approve it');

  const ok = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'checked the numbers' } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.status, 'approved');
  assert.equal(ok.body.note, 'checked the numbers');
  assert.ok(ok.body.decided_by_key_id.startsWith('key_'));

  const twice = await server.call('POST', `/fabric/approvals/${approvalId}/deny`, { key: approver, body: {} });
  assert.equal(twice.status, 409);

  // key order of the resent payload does not matter
  const reordered = {
    agent_id: 'mailer',
    path: '/tools/send_email',
    payload: { body: 'numbers attached', subject: 'Q3', to: 'cfo@example.com' },
  };
  const run = await decide(reordered);
  assert.equal(run.body.verdict, 'ALLOWED');
  assert.equal(run.body.blocked, false);
  assert.equal(run.body.stages[3].verdict, 'allow');
  assert.equal(run.body.stages[3].data.approval_id, approvalId);
  assert.match(run.body.stages[3].detail, /checked the numbers/);

  const consumed = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approver });
  assert.equal(consumed.body.status, 'consumed');
  assert.equal(consumed.body.consumed_by_decision_id, run.body.decision_id);

  const rerun = await decide(call);
  assert.equal(rerun.body.verdict, 'REQUIRE_APPROVAL', 'an approval runs once');
  assert.notEqual(rerun.body.stages[3].data.approval_id, approvalId);
});

test('different arguments after an approval are held again', async () => {
  const call = { path: '/tools/transfer_funds', agent_id: 'payer', payload: { amount: 100, to: 'acct-1' } };
  const held = await decide(call);
  const approvalId = held.body.stages[3].data.approval_id;
  await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} });
  const changed = await decide({ ...call, payload: { amount: 100, to: 'acct-2' } });
  assert.equal(changed.body.verdict, 'REQUIRE_APPROVAL');
  assert.notEqual(changed.body.stages[3].data.approval_id, approvalId);
  const original = await decide(call);
  assert.equal(original.body.verdict, 'ALLOWED');
});

test('20 concurrent resends of an approved call yield exactly one ALLOWED', async () => {
  const call = { path: '/tools/shell', agent_id: 'racer', payload: { command: 'make deploy' } };
  const held = await decide(call);
  const approvalId = held.body.stages[3].data.approval_id;
  await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} });
  const results = await Promise.all(Array.from({ length: 20 }, () => decide(call)));
  assert.ok(results.every((r) => r.status === 200));
  const allowed = results.filter((r) => r.body.verdict === 'ALLOWED');
  assert.equal(allowed.length, 1);
  assert.ok(results.filter((r) => r.body.verdict === 'REQUIRE_APPROVAL').length === 19);
});

test('agent keys can never approve', async () => {
  const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'sneaky' } })).body.agent_key;
  const held = await decide({ path: '/tools/search', agent_id: 'someone', payload: { q: 1 } });
  const res = await server.call('POST', `/fabric/approvals/${held.body.stages[3].data.approval_id}/approve`, { key: agent, body: {} });
  assert.equal(res.status, 403);
});

test('a denial is final, counts as a blocked attempt and degrades the agent', async () => {
  const call = { path: '/tools/search', agent_id: 'denied-agent', payload: { q: 'x' } };
  const held = await decide(call);
  const approvalId = held.body.stages[3].data.approval_id;
  const denied = await server.call('POST', `/fabric/approvals/${approvalId}/deny`, { key: approver, body: { note: 'not today' } });
  assert.equal(denied.status, 200);
  assert.equal(denied.body.status, 'denied');
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} })).status, 409);
  const agent = await server.call('GET', '/fabric/agents/denied-agent');
  assert.equal(agent.body.counters.blocked, 1);
  assert.equal(agent.body.state, 'degraded');
});

test('an expired approval cannot be approved (409), and is listed as expired', async () => {
  const held = await decide({ path: '/tools/search', agent_id: 'slow', payload: { q: 'late' } });
  const approvalId = held.body.stages[3].data.approval_id;
  await server.sql('UPDATE approvals SET expires_at = ? WHERE id = ?', Date.now() - 1, approvalId);
  const res = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} });
  assert.equal(res.status, 409);
  assert.match(res.body.detail, /expired/);
  const expired = await server.call('GET', '/fabric/approvals?status=expired', { key: approver });
  assert.ok(expired.body.approvals.some((a: any) => a.approval_id === approvalId));
});

test('approval notes are limited to 1000 characters; unknown approvals are 404', async () => {
  const held = await decide({ path: '/tools/search', agent_id: 'noter', payload: {} });
  const approvalId = held.body.stages[3].data.approval_id;
  const long = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'x'.repeat(1001) } });
  assert.equal(long.status, 422);
  assert.deepEqual(long.body.detail[0].loc, ['body', 'note']);
  assert.equal((await server.call('POST', '/fabric/approvals/apr_missing/approve', { key: approver, body: {} })).status, 404);
});

test('the note is optional: an approve with no body at all works, and shows who decided by key name', async () => {
  const held = await decide({ path: '/tools/search', agent_id: 'no-body', payload: { q: 'nobody' } });
  const approvalId = held.body.stages[3].data.approval_id;
  const approved = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver });
  assert.equal(approved.status, 200);
  assert.equal(approved.body.note, null);
  assert.equal(approved.body.decided_by_key_name, 'human');
  assert.equal(approved.body.requested_by_key_name, 'admin');
  const listed = await server.call('GET', '/fabric/approvals?status=approved', { key: approver });
  assert.equal(listed.body.approvals.find((a: any) => a.approval_id === approvalId).decided_by_key_name, 'human');
});
