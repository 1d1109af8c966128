import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrap, buildApp, configFromEnv, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { openSse } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let otherKey: string;
let approver: string;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  otherKey = (await server.call('POST', '/signup', { key: null, body: { name: 'other tenant' } })).body.api_key;
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'alice', role: 'approver' } })).body.api_key;
});
after(() => server.close());

const decide = (agent: string, payload: unknown = { q: 1 }, key = server.adminKey) =>
  server.call('POST', '/fabric/decisions', { key, body: { path: '/tools/search', agent_id: agent, payload } });
const poll = (query: string, key = server.adminKey) => server.call('GET', `/fabric/events?mode=polling&${query}`, { key });

test('polling pages the tenant events in order: decision, approval created, approved, consumed', async () => {
  const start = Number((await poll('limit=1')).body.latest_event_id);
  const held = await decide('poller', { n: 1 });
  const approvalId = held.body.approval_id;
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'ok' } })).status, 200);
  const ran = await decide('poller', { n: 1 });
  assert.equal(ran.body.verdict, 'ALLOWED');

  const page = await poll(`after=${start}&limit=100`);
  assert.equal(page.status, 200);
  const types = page.body.events.map((e: any) => e.type);
  assert.deepEqual(types, ['decision.created', 'approval.created', 'approval.approved', 'decision.created', 'approval.consumed']);
  const ids = page.body.events.map((e: any) => Number(e.id));
  assert.deepEqual(ids, [start + 1, start + 2, start + 3, start + 4, start + 5]);
  assert.equal(page.body.last_event_id, String(start + 5));
  assert.equal(page.body.events[0].data.decision_id, held.body.decision_id);
  assert.equal(page.body.events[2].data.note, 'ok');
  assert.equal(page.body.events[4].data.consumed_by_decision_id, ran.body.decision_id);

  const second = await poll(`after=${start + 2}&limit=2`);
  assert.deepEqual(
    second.body.events.map((e: any) => e.id),
    [String(start + 3), String(start + 4)],
  );
  const empty = await poll(`after=${start + 5}`);
  assert.deepEqual(empty.body.events, []);
  assert.equal(empty.body.last_event_id, String(start + 5));
});

test('events are per tenant: another tenant sees none of them and numbers its own from 1', async () => {
  await decide('isolated-agent');
  const mine = await poll('after=0&limit=1000');
  assert.ok(mine.body.events.length > 0);
  const theirs = await poll('after=0&limit=1000', otherKey);
  assert.equal(theirs.status, 200);
  assert.deepEqual(theirs.body.events, []);
  await decide('their-agent', { q: 2 }, otherKey);
  const now = await poll('after=0', otherKey);
  assert.deepEqual(
    now.body.events.map((e: any) => [e.id, e.type, e.data.agent_id]),
    [
      ['1', 'decision.created', 'their-agent'],
      ['2', 'approval.created', 'their-agent'],
    ],
  );
});

test('SSE delivers live events of the tenant only, with ids, and resumes after Last-Event-ID', async () => {
  const url = `${server.url}/fabric/events?mode=sse`;
  const mine = await openSse(url, server.adminKey);
  const theirs = await openSse(url, otherKey);
  try {
    assert.equal(mine.status, 200);
    assert.match(mine.headers.get('content-type') ?? '', /^text\/event-stream/);
    const held = await decide('sse-agent', { n: 'live' });
    const first = await mine.next();
    assert.equal(first.event, 'decision.created');
    assert.equal(first.data.data.decision_id, held.body.decision_id);
    assert.equal(first.id, first.data.id);
    const second = await mine.next();
    assert.equal(second.event, 'approval.created');
    assert.equal(Number(second.id), Number(first.id) + 1);
    await assert.rejects(theirs.next(300), /no event/);

    // Resume: events committed while disconnected arrive, then live ones, nothing twice.
    mine.close();
    await decide('sse-agent', { n: 'while away' });
    const resumed = await openSse(url, server.adminKey, { 'last-event-id': first.id! });
    try {
      const replay = [await resumed.next(), await resumed.next(), await resumed.next()];
      assert.deepEqual(
        replay.map((m) => Number(m.id)),
        [Number(first.id) + 1, Number(first.id) + 2, Number(first.id) + 3],
      );
      assert.deepEqual(
        replay.map((m) => m.event),
        ['approval.created', 'decision.created', 'approval.created'],
      );
      await decide('sse-agent', { n: 'live again' });
      assert.equal(Number((await resumed.next()).id), Number(first.id) + 4);
    } finally {
      resumed.close();
    }
  } finally {
    mine.close();
    theirs.close();
  }
});

test('SSE also resumes from after=, and sends halt events', async () => {
  const start = (await poll('limit=1')).body.latest_event_id;
  const token = (await server.call('POST', '/fabric/halt/token')).body.confirmation_token;
  await server.call('POST', '/fabric/halt', { body: { reason: 'drill', operator_id: 'ops', confirmation_token: token } });
  await server.call('POST', '/fabric/resume');
  const stream = await openSse(`${server.url}/fabric/events?mode=sse&after=${start}`, approver);
  try {
    const halted = await stream.next();
    assert.equal(halted.event, 'halt.started');
    assert.equal(halted.data.data.reason, 'drill');
    assert.equal((await stream.next()).event, 'halt.lifted');
  } finally {
    stream.close();
  }
});

test('events need a customer key; bad positions are 422', async () => {
  const agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'ev-agent' } })).body.agent_key;
  assert.equal((await poll('after=0', agentKey)).status, 403);
  assert.equal((await server.call('GET', '/fabric/events?mode=polling', { key: null })).status, 401);
  assert.equal((await poll('after=-1')).status, 422);
  assert.equal((await server.call('GET', '/fabric/events?mode=carrier-pigeon')).status, 422);
  const badHeader = await server.call('GET', '/fabric/events?mode=polling', { headers: { 'last-event-id': 'abc' } });
  assert.equal(badHeader.status, 422);
  assert.deepEqual(badHeader.body.detail[0].loc, ['header', 'last-event-id']);
});

test('a tenant may hold 64 streams; a closed stream frees its place at once', async () => {
  const own = await startServer();
  const url = `${own.url}/fabric/events?mode=sse`;
  const streams = await Promise.all(Array.from({ length: 64 }, () => openSse(url, own.adminKey)));
  try {
    assert.ok(streams.every((s) => s.status === 200));
    const refused = await own.call('GET', '/fabric/events?mode=sse');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '5');
    streams.pop()!.close();
    let reopened: Awaited<ReturnType<typeof openSse>> | null = null;
    // Bounded (30 s: the server learns of the closed socket when its loop gets to it, late on a loaded machine).
    for (const deadline = Date.now() + 30_000; !reopened && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const attempt = await openSse(url, own.adminKey);
      if (attempt.status === 200) reopened = attempt;
      else attempt.close();
    }
    assert.ok(reopened, 'the place of the closed stream was not freed');
    streams.push(reopened);
  } finally {
    for (const s of streams) s.close();
    await own.close();
  }
});

test('closing the server ends open streams instead of hanging', async () => {
  const own = await startServer();
  const stream = await openSse(`${own.url}/fabric/events?mode=sse`, own.adminKey);
  // Without the server ending it, an open stream keeps close() waiting forever: a bound of seconds tells
  // the two apart, and a generous one is not tripped by a loaded machine (the store's own close is not timed).
  let ended = false;
  void stream.ended.then(() => (ended = true));
  const closing = own.close();
  const deadline = Date.now() + 20_000;
  while (!ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const endedByServer = ended;
  if (!endedByServer) stream.close(); // so the failing test still lets the server close
  await closing;
  assert.ok(endedByServer, 'the stream was not ended by closing the server');
});

test('a decision whose savepoint rolls back after its events were written publishes nothing', async () => {
  const store = new SqliteStore({ dataDir: ':memory:' });
  await bootstrap(store, 'fk_rollback_events', Date.now());
  const { app } = buildApp({
    config: configFromEnv({ PORT: '0', ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0' }),
    store,
    keyRing: SigningKeyRing.ephemeral(),
    logger: false,
  });
  const heard: string[] = [];
  store.onEvents((events) => heard.push(...events.map((e) => `${e.type}:${e.data.agent_id}`)));
  // Fail the decision after everything in it ran, as a later step of its savepoint (the journal) could.
  const inner = store as unknown as { applyDecision(job: { agentId: string }): unknown };
  const original = inner.applyDecision.bind(store);
  inner.applyDecision = (job) => {
    const row = original(job);
    if (job.agentId === 'doomed') throw new Error('a later step of the savepoint failed');
    return row;
  };
  try {
    const send = (agent_id: string) =>
      app.inject({
        method: 'POST',
        url: '/fabric/decisions',
        headers: { 'x-api-key': 'fk_rollback_events' },
        payload: { path: '/tools/search', agent_id, payload: {} },
      });
    const [doomed, fine] = await Promise.all([send('doomed'), send('fine')]);
    assert.equal(doomed.statusCode, 500);
    assert.equal(fine.statusCode, 200);
    assert.deepEqual(heard, ['decision.created:fine', 'approval.created:fine']);
    const logged = await store.listEvents('tn_default', 0, 100);
    assert.deepEqual(
      logged.map((e) => [e.seq, e.data.agent_id]),
      [
        [1, 'fine'],
        [2, 'fine'],
      ],
    );
  } finally {
    await app.close();
    await store.close();
  }
});
