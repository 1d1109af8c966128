// Issue 21: a plan step is used once across two ActionGate nodes on one PostgreSQL database: the
// step count is read and raised in each decision's transaction, under the tenant's lock.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type TestServer } from './support/test-server.ts';
import { databaseForNodes, type TestPostgres } from './support/postgres-server.ts';
import { readThenMailPlan } from './support/plan-fixture.ts';

let postgres: TestPostgres | null = null;
let a: TestServer;
let b: TestServer;
let approver: string;

before(async () => {
  let databaseUrl: string;
  ({ databaseUrl, postgres } = await databaseForNodes());
  a = await startServer({ ACTIONGATE_NODE_ID: 'node-a' }, { databaseUrl });
  b = await startServer({ ACTIONGATE_NODE_ID: 'node-b' }, { databaseUrl, adminKey: a.adminKey });
  approver = (await a.call('POST', '/fabric/api-keys', { body: { name: 'plan approver', role: 'approver' } })).body.api_key;
});
after(async () => {
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

test('20 concurrent calls of one plan step, spread over both nodes, use it once; the plan completes on either node', async () => {
  const tenant = (await a.call('GET', '/fabric/me')).body.tenant_id;
  const committed = await a.call('POST', '/fabric/plans', {
    body: readThenMailPlan('two-node-planner', tenant),
  });
  assert.equal(committed.status, 201);
  const planId = committed.body.plan_id;
  assert.equal((await b.call('POST', `/fabric/plans/${planId}/authorize`, { key: approver, body: {} })).status, 200);
  // Node A learns of the authorization from its plan snapshot, at most a second old.
  await sleep(1100);
  const step0 = { path: '/tools/read_file', agent_id: 'two-node-planner', payload: { path: '/srv/a.txt' } };
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).call('POST', '/fabric/decisions', { body: step0 })),
  );
  assert.ok(results.every((res) => res.status === 200));
  assert.equal(results.filter((res) => res.body.verdict === 'ALLOWED').length, 1);
  assert.equal((await a.call('GET', `/fabric/plans/${planId}`)).body.steps_used, 1);

  const step1 = { path: '/tools/send_email', agent_id: 'two-node-planner', payload: { to: 'ops@ourco.com' } };
  assert.equal((await a.call('POST', '/fabric/decisions', { body: step1 })).body.verdict, 'ALLOWED');
  const onB = (await b.call('GET', `/fabric/plans/${planId}`)).body;
  assert.equal(onB.status, 'completed');
  assert.equal((await b.call('POST', '/fabric/decisions', { body: step1 })).body.verdict, 'REQUIRE_APPROVAL');
});
