// Trust thresholds are tenant settings; the operator's own deny rules do not count against an agent
// unless the tenant says so; reinstating gives an agent back the state its approved record earns.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
  // Reads of /tools/search run for any agent with a short record (an allow rule lifts that hold).
  await server.call('POST', '/fabric/tool-rules', { body: { name: 'reads-ok', effect: 'allow', match_path: '/tools/search' } });
  await server.call('POST', '/fabric/tool-rules', { body: { name: 'no-wire', effect: 'deny', match_path: '/tools/wire_money' } });
});
after(() => server.close());

const decide = (body: unknown, key: string) => server.call('POST', '/fabric/decisions', { body, key });

async function agentWithRecord(name: string, approved: number): Promise<string> {
  const key = (await server.call('POST', '/fabric/agent-keys', { body: { name } })).body.agent_key;
  for (let i = 0; i < approved; i++)
    assert.equal((await decide({ path: '/tools/search', payload: { q: i } }, key)).body.verdict, 'ALLOWED');
  return key;
}

test('settings show and change every trust threshold; a bad value is refused with the field named', async () => {
  const before = await server.call('GET', '/fabric/settings');
  assert.deepEqual(
    { ...before.body.thresholds, count_rule_denials: before.body.count_rule_denials },
    {
      trusted_min_approved: 50,
      trusted_min_share: 0.95,
      normal_min_approved: 3,
      normal_min_share: 0.8,
      degraded_below_share: 0.8,
      degraded_min_record: 5,
      degrade_window_seconds: 86400,
      degrade_after_blocks: 1,
      suspend_after_blocks: 3,
      count_rule_denials: false,
    },
  );
  const bad = await server.call('PATCH', '/fabric/settings', { body: { thresholds: { suspend_after_blocks: 0 } } });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.detail[0].loc, ['body', 'thresholds', 'suspend_after_blocks']);
});

test('a call blocked by the operator’s own deny rule does not count against the agent by default', async () => {
  const key = await agentWithRecord('rule-hit', 3);
  const blocked = await decide({ path: '/tools/wire_money', payload: { amount: 5 } }, key);
  assert.equal(blocked.body.verdict, 'BLOCKED');
  const agent = await server.call('GET', '/fabric/agents/rule-hit');
  assert.equal(agent.body.counters.blocked, 0);
  assert.equal(agent.body.state, 'normal');
  assert.equal((await decide({ path: '/tools/read_file', payload: { path: 'notes.txt' } }, key)).body.verdict, 'ALLOWED');
});

test('count_rule_denials and suspend_after_blocks: rule blocks count, and two suspend the agent', async () => {
  const patched = await server.call('PATCH', '/fabric/settings', {
    body: { count_rule_denials: true, thresholds: { suspend_after_blocks: 2, degrade_window_seconds: 3600 } },
  });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.count_rule_denials, true);
  assert.equal(patched.body.thresholds.suspend_after_blocks, 2);
  assert.equal(patched.body.thresholds.degrade_window_seconds, 3600);
  try {
    const key = await agentWithRecord('counted', 4);
    await decide({ path: '/tools/wire_money', payload: { amount: 1 } }, key);
    let agent = await server.call('GET', '/fabric/agents/counted');
    assert.equal(agent.body.state, 'degraded');
    assert.equal(agent.body.counters.blocked_last_24h, 1);
    // Degraded: even a read is held, and the trust stage says why.
    const read = await decide({ path: '/tools/read_file', payload: { path: 'a' } }, key);
    assert.equal(read.body.verdict, 'REQUIRE_APPROVAL');
    assert.match(read.body.stages[1].detail, /trust state degraded.*blocked attempts on record/);
    await decide({ path: '/tools/wire_money', payload: { amount: 2 } }, key);
    agent = await server.call('GET', '/fabric/agents/counted');
    assert.equal(agent.body.state, 'suspended');
    assert.equal(agent.body.override, null, 'suspended by its record, not by an operator');

    // Reinstating restores the earned state (4 approved: normal), not `degraded` by a share of 4/6.
    const reinstated = await server.call('POST', '/fabric/agents/counted/reinstate', { body: { reason: 'the rule was new; fine now' } });
    assert.equal(reinstated.status, 200);
    assert.equal(reinstated.body.state, 'normal');
    assert.equal(reinstated.body.agent_state, 'normal');
    assert.equal(reinstated.body.counters.blocked, 2, 'the blocked attempts stay on record');
    assert.equal(reinstated.body.counters.forgiven_blocked, 2);
    assert.equal(reinstated.body.override_reason, 'the rule was new; fine now');
    assert.equal((await decide({ path: '/tools/read_file', payload: { path: 'b' } }, key)).body.verdict, 'ALLOWED');
    // A new block after reinstatement counts again.
    await decide({ path: '/tools/wire_money', payload: { amount: 3 } }, key);
    assert.equal((await server.call('GET', '/fabric/agents/counted')).body.state, 'degraded');
  } finally {
    await server.call('PATCH', '/fabric/settings', {
      body: { count_rule_denials: false, thresholds: { suspend_after_blocks: 3, degrade_window_seconds: 86400 } },
    });
  }
});

test('reinstating an agent an operator suspended returns it to its earned state', async () => {
  const key = await agentWithRecord('paused', 3);
  const suspended = await server.call('POST', '/fabric/agents/paused/suspend', { body: { reason: 'investigating' } });
  assert.equal(suspended.body.state, 'suspended');
  assert.equal((await decide({ path: '/tools/search', payload: { q: 'x' } }, key)).body.verdict, 'REQUIRE_APPROVAL');
  const back = await server.call('POST', '/fabric/agents/paused/reinstate', { body: { reason: 'all clear' } });
  assert.equal(back.body.state, 'normal');
  assert.equal(back.body.override, null);
  assert.equal((await decide({ path: '/tools/read_file', payload: { path: 'c' } }, key)).body.verdict, 'ALLOWED');
});
