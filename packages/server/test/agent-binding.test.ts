// An agent key speaks for its own agent only, and operator overrides name agents that exist:
// a key naming another agent is 403 with nothing recorded; suspend/revoke/reinstate of an unknown id is 404.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const count = async (sql: string, ...args: unknown[]) => Number((await server.sql<{ n: number }>(sql, ...args))[0].n);

test('an agent key naming another agent is 403, and nothing lands in either agent history', async () => {
  const mine = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'mailer' } })).body.agent_key;
  // The victim exists with a clean record.
  const victim = await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/search', agent_id: 'payroll', payload: { q: 1 } },
  });
  assert.equal(victim.status, 200);
  const decisionsBefore = await count('SELECT COUNT(*) AS n FROM decisions');
  const journalBefore = await count('SELECT COUNT(*) AS n FROM journal');
  const victimOf = async () => (await server.sql("SELECT approved, blocked, recent_blocked FROM agents WHERE agent_id = 'payroll'"))[0];
  const victimBefore = await victimOf();

  for (let i = 0; i < 5; i++) {
    const res = await server.call('POST', '/fabric/decisions', {
      key: mine,
      body: { path: '/tools/transfer', agent_id: 'payroll', payload: { amount: i } },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'AG_FORBIDDEN');
    assert.match(res.body.detail, /`mailer`.*`payroll`/);
    assert.equal(res.body.verdict, undefined);
  }
  assert.equal(await count('SELECT COUNT(*) AS n FROM decisions'), decisionsBefore, 'no decision recorded');
  assert.equal(await count('SELECT COUNT(*) AS n FROM journal'), journalBefore, 'nothing journaled');
  assert.deepEqual(await victimOf(), victimBefore, "the other agent's record is untouched");
  const agent = await server.call('GET', '/fabric/agents/payroll');
  assert.equal(agent.body.counters.blocked, 0);
  assert.notEqual(agent.body.state, 'degraded');
  // The key still works for its own agent, named or implied.
  assert.equal(
    (await server.call('POST', '/fabric/decisions', { key: mine, body: { path: '/tools/search', agent_id: 'mailer' } })).status,
    200,
  );
  assert.equal((await server.call('POST', '/fabric/decisions', { key: mine, body: { path: '/tools/search' } })).status, 200);
});

test('suspend, revoke and reinstate of an unknown agent id are 404 and create nothing', async () => {
  for (const action of ['suspend', 'revoke', 'reinstate']) {
    const res = await server.call('POST', `/fabric/agents/ghost-${action}/${action}`, { body: { reason: 'typo' } });
    assert.equal(res.status, 404, action);
    assert.match(res.body.detail, new RegExp(`ghost-${action}`));
    assert.equal(await count('SELECT COUNT(*) AS n FROM agents WHERE agent_id = ?', `ghost-${action}`), 0);
    assert.equal((await server.call('GET', `/fabric/agents/ghost-${action}`)).status, 404);
  }
  // A known agent still takes the override.
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'known', payload: {} } });
  const suspended = await server.call('POST', '/fabric/agents/known/suspend', { body: { reason: 'checking' } });
  assert.equal(suspended.status, 200);
  assert.equal(suspended.body.override, 'suspended');
});
