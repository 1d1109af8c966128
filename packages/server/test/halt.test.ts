import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const decide = (agent: string) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: agent, payload: { q: 'x' } } });
const token = async (key = server.adminKey) => (await server.call('POST', '/fabric/halt/token', { key })).body.confirmation_token as string;
const halt = (confirmation_token: string, key = server.adminKey) =>
  server.call('POST', '/fabric/halt', { key, body: { reason: 'runaway agent', operator_id: 'ops-alice', confirmation_token } });
const newKey = async (role: 'admin' | 'approver') =>
  (await server.call('POST', '/fabric/api-keys', { body: { name: `${role}-${Math.random()}`, role } })).body.api_key as string;

test('halt denies every decision at the identity stage until resume', async () => {
  const before = await decide('halt-agent');
  assert.equal(before.body.stages[0].verdict, 'allow');

  const issued = await server.call('POST', '/fabric/halt/token');
  assert.equal(issued.status, 201);
  assert.match(issued.body.confirmation_token, /^hlt_/);
  assert.equal(issued.body.halt_quorum, 1);
  const halted = await halt(issued.body.confirmation_token);
  assert.equal(halted.status, 200);
  assert.equal(halted.body.halted, true);
  assert.equal(halted.body.operator_id, 'ops-alice');

  const state = await server.call('GET', '/fabric/halt');
  assert.deepEqual([state.body.halted, state.body.reason, state.body.operator_id], [true, 'runaway agent', 'ops-alice']);

  const during = await decide('halt-agent');
  assert.equal(during.body.verdict, 'BLOCKED');
  assert.equal(during.body.blocked, true);
  assert.equal(during.body.stages[0].stage, 'identity');
  assert.equal(during.body.stages[0].verdict, 'deny');
  assert.match(during.body.stages[0].detail, /halted by the kill switch: runaway agent/);

  const again = await halt(await token());
  assert.equal(again.status, 409);

  const resumed = await server.call('POST', '/fabric/resume', { body: {} });
  assert.equal(resumed.status, 200);
  assert.equal(resumed.body.halted, false);
  assert.equal((await server.call('POST', '/fabric/resume', { body: {} })).status, 409);
  const afterResume = await decide('halt-agent');
  assert.equal(afterResume.body.stages[0].verdict, 'allow');
  assert.equal((await server.call('GET', '/fabric/halt')).body.halted, false);
});

test('a halt token is single use, bound to the key it was issued to, and refused when made up', async () => {
  const t = await token();
  const other = await newKey('admin');
  const wrong = await halt(t, other);
  assert.equal(wrong.status, 403);
  assert.match(wrong.body.detail, /issued to another key/);
  assert.equal((await halt(t)).status, 200);
  await server.call('POST', '/fabric/resume', { body: {} });
  const reused = await halt(t);
  assert.equal(reused.status, 403);
  assert.match(reused.body.detail, /already used/);
  const madeUp = await halt('hlt_not-a-real-token');
  assert.equal(madeUp.status, 403);
  assert.match(madeUp.body.detail, /unknown confirmation token/);
  assert.equal((await server.call('GET', '/fabric/halt')).body.halted, false);
});

test('halt and resume need an admin key; the body is validated', async () => {
  const approver = await newKey('approver');
  assert.equal((await server.call('POST', '/fabric/halt/token', { key: approver })).status, 403);
  assert.equal((await halt('hlt_x', approver)).status, 403);
  assert.equal((await server.call('POST', '/fabric/resume', { key: approver, body: {} })).status, 403);
  assert.equal((await server.call('GET', '/fabric/halt', { key: approver })).status, 200);
  assert.equal((await server.call('GET', '/fabric/halt', { key: null })).status, 401);
  const missing = await server.call('POST', '/fabric/halt', { body: { reason: 'x' } });
  assert.equal(missing.status, 422);
  const locs = missing.body.detail.map((item: any) => item.loc.join('.')).sort();
  assert.deepEqual(locs, ['body.confirmation_token', 'body.operator_id']);
});

test('with halt_quorum 2 the token must come from a different admin key', async () => {
  const patched = await server.call('PATCH', '/fabric/settings', { body: { halt_quorum: 2 } });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.halt_quorum, 2);
  assert.equal((await server.call('PATCH', '/fabric/settings', { body: { halt_quorum: 3 } })).status, 422);
  try {
    const own = await token();
    const alone = await halt(own);
    assert.equal(alone.status, 403);
    assert.match(alone.body.detail, /halt quorum is 2/);
    assert.equal((await server.call('GET', '/fabric/halt')).body.halted, false);

    const second = await newKey('admin');
    const fromSecond = await token(second);
    const done = await halt(fromSecond);
    assert.equal(done.status, 200);
    assert.equal(done.body.confirmed_by_key_id !== done.body.halted_by_key_id, true);
    assert.equal((await decide('quorum-agent')).body.verdict, 'BLOCKED');
    assert.equal((await server.call('POST', '/fabric/resume', { body: {} })).status, 200);
  } finally {
    await server.call('PATCH', '/fabric/settings', { body: { halt_quorum: 1 } });
  }
});

test('a halt token of one tenant does not halt another', async () => {
  const other = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  try {
    const signup = await other.call('POST', '/signup', { key: null, body: { name: 'second' } });
    const t = (await other.call('POST', '/fabric/halt/token')).body.confirmation_token;
    const res = await other.call('POST', '/fabric/halt', {
      key: signup.body.api_key,
      body: { reason: 'x', operator_id: 'y', confirmation_token: t },
    });
    assert.equal(res.status, 403);
    assert.equal((await other.call('GET', '/fabric/halt')).body.halted, false);
    assert.equal((await other.call('GET', '/fabric/halt', { key: signup.body.api_key })).body.halted, false);
  } finally {
    await other.close();
  }
});
