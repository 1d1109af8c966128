// Issue 21: governance policies over HTTP: written and versioned, refused when malformed, evaluated
// without recording anything, and taking part in the policy stage of real decisions (named with
// their version), including a two-person hold that a real second approver lifts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const wire = {
  name: 'large transfers',
  scope: { actions: ['/tools/transfer_*'] },
  constraints: [
    {
      effect: 'require_approval',
      conditions: [{ field: 'amount', op: 'gte', value: 1000 }],
      min_distinct_approvers: 2,
      reason: 'two people for 1,000 or more',
    },
    { effect: 'deny', conditions: [{ field: 'amount', op: 'gte', value: 100000 }], reason: 'never automated' },
  ],
  exceptions: [
    {
      conditions: [
        { field: 'agent', op: 'eq', value: 'treasury' },
        { field: 'amount', op: 'lt', value: 100000 },
      ],
      reason: 'treasury runs daily',
    },
  ],
  priority: 100,
};

test('policies: created at version 1.0, updated to 2.0, malformed ones refused with the reason', async () => {
  const created = await server.call('POST', '/fabric/governance/policies', { body: wire });
  assert.equal(created.status, 201);
  assert.equal(created.body.version, '1.0');
  assert.equal(created.body.status, 'active');
  assert.ok(created.body.policy_id.startsWith('gp_'));
  const id = created.body.policy_id;
  const child = await server.call('POST', '/fabric/governance/policies', {
    body: {
      name: 'child',
      parent_policy_id: id,
      constraints: [{ effect: 'deny', conditions: [{ field: 'args.to', op: 'prefix', value: 'offshore-' }] }],
    },
  });
  assert.equal(child.status, 201);
  const cases: Array<{ note: string; body: Record<string, unknown>; detail: RegExp }> = [
    { note: 'bad effect', body: { name: 'x', constraints: [{ effect: 'perhaps' }] }, detail: /effect` must be one of/ },
    {
      note: 'unknown fact',
      body: { name: 'x', constraints: [{ effect: 'deny', conditions: [{ field: 'weather', op: 'eq', value: 1 }] }] },
      detail: /names no fact/,
    },
    { note: 'missing parent', body: { name: 'x', parent_policy_id: 'gp_nope' }, detail: /governance policy `gp_nope` not found/ },
    { note: 'priority out of range', body: { name: 'x', priority: 0 }, detail: /priority/ },
    { note: 'unknown field', body: { name: 'x', colour: 'red' }, detail: /colour/ },
  ];
  for (const row of cases) {
    const res = await server.call('POST', '/fabric/governance/policies', { body: row.body });
    assert.equal(res.status, 422, row.note);
    assert.match(JSON.stringify(res.body.detail), row.detail, row.note);
  }
  const updated = await server.call('PATCH', `/fabric/governance/policies/${id}`, { body: { priority: 90 } });
  assert.equal(updated.status, 200);
  assert.equal(updated.body.version, '2.0');
  assert.equal(updated.body.priority, 90);
  assert.equal((await server.call('GET', `/fabric/governance/policies/${id}`)).body.version, '2.0');
  assert.equal((await server.call('PATCH', '/fabric/governance/policies/gp_missing', { body: { priority: 5 } })).status, 404);
  const listed = await server.call('GET', '/fabric/governance/policies');
  assert.equal(listed.body.policies.length, 2);
});

test('evaluate: table cases, with the deciding policy explained and nothing recorded', async () => {
  const before = (await server.call('GET', '/fabric/decisions?limit=1000')).body.decisions.length;
  const night = await server.call('POST', '/fabric/governance/policies', {
    body: {
      name: 'payroll first',
      priority: 10,
      scope: { actions: ['/tools/transfer_*'] },
      constraints: [{ effect: 'allow', conditions: [{ field: 'args.to', op: 'eq', value: 'payroll' }] }],
    },
  });
  assert.equal(night.status, 201);
  const cases: Array<{ note: string; body: Record<string, unknown>; verdict: string; policy?: string; approvers?: number }> = [
    { note: 'small transfer', body: { action: '/tools/transfer_funds', agent_id: 'payer', scope: { amount: 10 } }, verdict: 'none' },
    {
      note: 'two approvers from 1,000',
      body: { action: '/tools/transfer_funds', agent_id: 'payer', scope: { amount: 5000 } },
      verdict: 'require_approval',
      policy: 'large transfers',
      approvers: 2,
    },
    {
      note: 'deny at 100,000',
      body: { action: '/tools/transfer_funds', agent_id: 'payer', scope: { amount: 250000 } },
      verdict: 'deny',
      policy: 'large transfers',
    },
    {
      note: 'treasury exception',
      body: { action: '/tools/transfer_funds', agent_id: 'treasury', scope: { amount: 5000 } },
      verdict: 'none',
    },
    {
      note: 'child policy in parent scope',
      body: { action: '/tools/transfer_funds', agent_id: 'payer', scope: { amount: 5, to: 'offshore-1' } },
      verdict: 'deny',
      policy: 'child',
    },
    {
      note: 'priority 10 allow outranks',
      body: { action: '/tools/transfer_funds', agent_id: 'payer', scope: { amount: 250000, to: 'payroll' } },
      verdict: 'allow',
      policy: 'payroll first',
    },
    { note: 'out of scope', body: { action: '/tools/send_email', agent_id: 'payer', scope: { amount: 250000 } }, verdict: 'none' },
  ];
  for (const row of cases) {
    const res = await server.call('POST', '/fabric/governance/evaluate', { body: row.body });
    assert.equal(res.status, 200, row.note);
    assert.equal(res.body.verdict, row.verdict, `${row.note}: ${res.body.detail}`);
    assert.equal(res.body.recorded, false);
    if (row.policy) assert.equal(res.body.deciding[0].name, row.policy, row.note);
    if (row.approvers) assert.equal(res.body.required_approvers, row.approvers, row.note);
  }
  const control = await server.call('POST', '/fabric/controls/evaluate', { body: { action: 'transfer_funds', agent_id: 'payer' } });
  assert.equal(control.status, 200);
  assert.equal(control.body.verdict, 'none');
  assert.ok(Array.isArray(control.body.matched_rules));
  assert.equal((await server.call('POST', '/fabric/governance/evaluate', { body: { action: '' } })).status, 422);
  const after = (await server.call('GET', '/fabric/decisions?limit=1000')).body.decisions.length;
  assert.equal(after, before, 'evaluation records no decision');
});

test('decisions: the policy stage names the policy and version; a two-person hold needs two distinct keys', async () => {
  const a = (await server.call('POST', '/fabric/api-keys', { body: { name: 'a', role: 'approver' } })).body.api_key;
  const b = (await server.call('POST', '/fabric/api-keys', { body: { name: 'b', role: 'approver' } })).body.api_key;
  const call = { path: '/tools/transfer_funds', agent_id: 'payer', payload: { to: 'acct-1', amount: 5000 } };
  const held = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const policy = held.body.stages[2];
  assert.equal(policy.verdict, 'require_approval');
  assert.match(
    policy.detail,
    /governance policy `large transfers` \(gp_\w+ v2\.0, priority 90\) requires approval by 2 distinct approvers/,
  );
  assert.equal(policy.data.governance_policy_version, '2.0');
  const approvalId = held.body.stages[3].data.approval_id;

  const first = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: a, body: { note: 'ok' } });
  assert.equal(first.status, 200);
  assert.equal(first.body.status, 'pending', 'one approver is not enough');
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: a, body: {} })).status, 409);
  const stillHeld = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(stillHeld.body.verdict, 'REQUIRE_APPROVAL');
  const second = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: b, body: {} });
  assert.equal(second.body.status, 'approved');
  const votes = await server.call('GET', `/fabric/approvals/${approvalId}/votes`, { key: a });
  assert.equal(votes.body.required_approvers, 2);
  assert.equal(votes.body.approvers.length, 2);
  const ran = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(ran.body.verdict, 'ALLOWED');
  const again = await server.call('POST', '/fabric/decisions', { body: call });
  assert.equal(again.body.verdict, 'REQUIRE_APPROVAL', 'the approval ran once');

  const blocked = await server.call('POST', '/fabric/decisions', { body: { ...call, payload: { to: 'acct-1', amount: 500000 } } });
  assert.equal(blocked.body.verdict, 'BLOCKED');
  assert.match(blocked.body.detail, /never automated/);

  // Disabled: takes no part any more.
  const list = (await server.call('GET', '/fabric/governance/policies')).body.policies;
  for (const p of list) await server.call('PATCH', `/fabric/governance/policies/${p.policy_id}`, { body: { status: 'disabled' } });
  const free = await server.call('POST', '/fabric/decisions', { body: { ...call, payload: { to: 'acct-1', amount: 500000 } } });
  assert.notEqual(free.body.stages[2].verdict, 'deny');
});
