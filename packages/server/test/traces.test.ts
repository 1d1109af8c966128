import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let agentKey: string;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'tracer' } })).body.agent_key;
});
after(() => server.close());

const event = (traceId: string, body: unknown, key = agentKey) => server.call('POST', `/fabric/traces/${traceId}/events`, { key, body });
/**
 * A timeline is in time order at millisecond resolution; within one millisecond its decisions come
 * before its events, whatever order they were recorded in. Steps meant to be in order are made in
 * distinct milliseconds (two quick calls on a fast machine can share one): the next waits until the
 * server's clock (this process's) is past the previous one's.
 */
async function pastMillisecondOf(createdAt: string): Promise<void> {
  const at = Date.parse(createdAt);
  assert.ok(Number.isFinite(at), `a time: ${createdAt}`);
  while (Date.now() <= at) await new Promise((resolve) => setTimeout(resolve, 1));
}

test('a trace reads back as one timeline of its decisions and events, in time order', async () => {
  const planned = await event('tr-checkout-1', { name: 'plan', attributes: { step: 1 } });
  assert.equal(planned.status, 201);
  assert.match(planned.body.event_id, /^ev_/);
  assert.match(planned.body.span_id, /^[0-9a-f]{16}$/);
  assert.equal(planned.body.kind, 'INTERNAL');
  assert.equal(planned.body.status, 'OK');
  assert.equal(planned.body.agent_id, 'tracer');

  await pastMillisecondOf(planned.body.created_at);
  const decided = await server.call('POST', '/fabric/decisions', {
    key: agentKey,
    body: { path: '/tools/charge_card', payload: { amount: 12 }, trace_id: 'tr-checkout-1' },
  });
  assert.equal(decided.status, 200);
  await pastMillisecondOf(decided.body.created_at);
  const failed = await event('tr-checkout-1', {
    name: 'tool.result',
    payload: { error: 'held' },
    parent_span_id: planned.body.span_id,
    kind: 'CLIENT',
    status: 'ERROR',
  });
  assert.equal(failed.status, 201);
  await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/other', payload: {}, trace_id: 'tr-other' } });

  const trace = await server.call('GET', '/fabric/traces/tr-checkout-1');
  assert.equal(trace.status, 200);
  assert.deepEqual(
    trace.body.items.map((item: any) => (item.type === 'decision' ? `decision:${item.decision.decision_id}` : `event:${item.event.name}`)),
    ['event:plan', `decision:${decided.body.decision_id}`, 'event:tool.result'],
  );
  const times = trace.body.items.map((item: any) => Date.parse(item.at));
  assert.deepEqual(
    [...times].sort((a, b) => a - b),
    times,
  );
  assert.equal(trace.body.items[2].event.parent_span_id, planned.body.span_id);
  assert.deepEqual(trace.body.items[2].event.payload, { error: 'held' });
  assert.equal(trace.body.items[1].decision.verdict, decided.body.verdict);

  const stored = await server.call('GET', `/fabric/decisions/${decided.body.decision_id}`);
  assert.equal(stored.body.trace_id, 'tr-checkout-1');

  const list = await server.call('GET', '/fabric/traces');
  const summary = list.body.traces.find((t: any) => t.trace_id === 'tr-checkout-1');
  assert.deepEqual([summary.decisions, summary.events], [1, 2]);
});

test('traces are per tenant and validated', async () => {
  await event('tr-private', { name: 'secret step' });
  const other = (await server.call('POST', '/signup', { key: null, body: { name: 'other' } })).body.api_key;
  assert.equal((await server.call('GET', '/fabric/traces/tr-private', { key: other })).status, 404);
  assert.deepEqual((await server.call('GET', '/fabric/traces', { key: other })).body.traces, []);
  assert.equal((await server.call('GET', '/fabric/traces/never-used')).status, 404);
  assert.equal((await server.call('GET', '/fabric/traces/tr-private', { key: agentKey })).status, 403);

  const noName = await event('tr-x', { attributes: {} });
  assert.equal(noName.status, 422);
  assert.deepEqual(noName.body.detail[0].loc, ['body', 'name']);
  assert.equal((await event('tr-x', { name: 'a', attributes: 'not an object' })).status, 422);
  assert.equal((await event('tr-x', { name: 'a' }, null as unknown as string)).status, 401);
});
