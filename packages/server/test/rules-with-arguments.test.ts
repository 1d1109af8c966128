import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let agentKey: string;
before(async () => {
  server = await startServer();
  // A trusted agent, so only the rules decide (thresholds lowered for the test; the default is 50).
  await server.call('PATCH', '/fabric/settings', { body: { thresholds: { trusted_min_approved: 1, normal_min_approved: 1 } } });
  agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'ruled-agent' } })).body.agent_key;
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'h', role: 'approver' } })).body.api_key;
  const held = await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/search', payload: { q: 1 } } });
  await server.call('POST', `/fabric/approvals/${held.body.approval_id}/approve`, { key: approver, body: {} });
  await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/search', payload: { q: 1 } } });
});
after(() => server.close());

const decide = (path: string, payload: unknown) => server.call('POST', '/fabric/decisions', { key: agentKey, body: { path, payload } });

test('deny send_email when `to` does not end with @ourcompany.com', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: {
      name: 'internal-mail-only',
      effect: 'deny',
      match_path: '/tools/send_email',
      match_args: [{ field: 'to', op: 'suffix', value: '@ourcompany.com', negate: true }],
    },
  });
  assert.equal(rule.status, 201);
  assert.deepEqual(rule.body.match_args, [{ field: 'to', op: 'suffix', value: '@ourcompany.com', negate: true }]);
  const inside = await decide('/tools/send_email', { to: 'cfo@ourcompany.com', body: 'hi' });
  assert.equal(inside.body.verdict, 'ALLOWED');
  const outside = await decide('/tools/send_email', { to: 'someone@evil.example', body: 'hi' });
  assert.equal(outside.body.verdict, 'BLOCKED');
  const policy = outside.body.stages[2];
  assert.match(
    policy.detail,
    /rule 'internal-mail-only' \(tr_\w+ v1\): deny when `to` not suffix "@ourcompany.com" \(got "someone@evil.example"\)/,
  );
  assert.equal(policy.data.matched_rules[0].conditions[0].matched_value, 'someone@evil.example');
});

test('require approval for transfer_funds when amount gt 500, whatever the number format', async () => {
  await server.call('POST', '/fabric/tool-rules', {
    body: {
      name: 'big-transfers',
      effect: 'require_approval',
      match_path: '/tools/transfer_funds',
      match_args: [{ field: 'amount', op: 'gt', value: 500 }],
    },
  });
  await server.call('POST', '/fabric/tools', { body: { tool_name: 'transfer_funds', risk_level: 'medium' } });
  const small = await decide('/tools/transfer_funds', { amount: 20, to: 'acct' });
  assert.equal(small.body.stages[2].verdict, 'allow');
  for (const amount of [501, '1,200.00', '$9,000']) {
    const big = await decide('/tools/transfer_funds', { amount, to: 'acct' });
    assert.equal(big.body.stages[2].verdict, 'require_approval', `amount ${amount}`);
    assert.match(big.body.stages[2].detail, /big-transfers/);
  }
});

test('a deny rule is not bypassed by rewriting the path', async () => {
  await server.call('POST', '/fabric/tool-rules', { body: { name: 'no-shell', effect: 'deny', match_path: '/tools/shell' } });
  for (const path of ['/tools/shell', '/tools//shell', '/Tools/Shell', '/tools/%73hell', '/tools/./shell/', '/tools/x/../shell']) {
    const res = await decide(path, { command: 'ls' });
    assert.equal(res.body.verdict, 'BLOCKED', path);
    assert.equal(res.body.path, path, 'the record keeps the path as submitted');
  }
});

test('rules scoped to agents and to a minimum risk', async () => {
  await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'intern', effect: 'deny', match_path: '/tools/deploy', agent_ids: ['intern-bot'] },
  });
  await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'risky-db', effect: 'require_approval', match_path: '/tools/db/', risk_at_least: 'high' },
  });
  const deploy = await decide('/tools/deploy', { env: 'staging' });
  assert.equal(deploy.body.stages[2].verdict, 'allow', 'the rule is for another agent');
  const read = await decide('/tools/db/query', { sql: 'SELECT id FROM users WHERE id = 1' });
  assert.equal(read.body.stages[2].verdict, 'allow');
  const wipe = await decide('/tools/db/query', { sql: 'DELETE FROM users' });
  assert.equal(wipe.body.stages[2].verdict, 'require_approval');
});

test('malformed conditions are 422 with the condition located', async () => {
  const bad = await server.call('POST', '/fabric/tool-rules', {
    body: {
      name: 'bad',
      effect: 'deny',
      match_path: '/tools/x',
      match_args: [
        { field: 'a', op: 'eq', value: 1 },
        { field: 'b', op: 'regex', value: '(a)\\1' },
      ],
    },
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.detail[0].loc, ['body', 'match_args', 1]);
  assert.match(bad.body.detail[0].msg, /invalid regex/);
  const unknownOp = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'bad', effect: 'deny', match_path: '/tools/x', match_args: [{ field: 'a', op: 'like' }] },
  });
  assert.equal(unknownOp.status, 422);
  const edited = await server.call('POST', '/fabric/tool-rules', { body: { name: 'editable', effect: 'deny', match_path: '/tools/y' } });
  const patched = await server.call('PATCH', `/fabric/tool-rules/${edited.body.id}`, {
    body: { match_args: [{ field: 'n', op: 'gt', value: 'many' }] },
  });
  assert.equal(patched.status, 422);
  const cleared = await server.call('PATCH', `/fabric/tool-rules/${edited.body.id}`, {
    body: { match_args: [{ field: 'n', op: 'gt', value: 3 }], agent_ids: ['a'] },
  });
  assert.equal(cleared.body.version, 2);
  assert.deepEqual(cleared.body.agent_ids, ['a']);
});
