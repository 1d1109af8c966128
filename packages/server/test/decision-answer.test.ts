// Issue 15: a decision's answer is serialised while its commit's fsync runs (routes/decisions.ts,
// next-turn.ts). Whatever path wrote it, the answer is the committed record as it is read back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const ANSWER_FIELDS = [
  'agent_id',
  'approval_id',
  'blocked',
  'created_at',
  'decision_id',
  'detail',
  'enforcing',
  'mode',
  'path',
  'risk',
  'stages',
  'verdict',
];

test('every answer is the committed record, for every verdict, alone and many at once', async () => {
  const rule = await server.call('POST', '/fabric/tool-rules', { body: { name: 'no-drop', effect: 'deny', match_path: '/tools/drop_db' } });
  assert.equal(rule.status, 201);
  const calls = [
    { path: '/tools/search', agent_id: 'answer-a', payload: { query: 'weather' } },
    { path: '/tools/drop_db', agent_id: 'answer-b', payload: {} },
    { path: '/tools/shell', agent_id: 'answer-c', payload: { command: 'rm -rf /' } },
  ];
  const alone = [];
  for (const call of calls) alone.push(await server.call('POST', '/fabric/decisions', { body: call }));
  const together = await Promise.all(
    Array.from({ length: 24 }, (_, i) => server.call('POST', '/fabric/decisions', { body: { ...calls[i % 3], payload: { n: i } } })),
  );
  const verdicts = new Set<string>();
  for (const answer of [...alone, ...together]) {
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(Object.keys(answer.body).sort(), ANSWER_FIELDS);
    const stored = await server.call('GET', `/fabric/decisions/${answer.body.decision_id}`);
    assert.equal(stored.status, 200);
    assert.deepEqual(answer.body, Object.fromEntries(ANSWER_FIELDS.map((field) => [field, stored.body[field]])));
    verdicts.add(answer.body.verdict);
  }
  assert.ok(verdicts.has('BLOCKED') && verdicts.has('REQUIRE_APPROVAL'), [...verdicts].join());
});

test('a replay answers the first record again, marked as a replay', async () => {
  const call = { path: '/tools/search', agent_id: 'answer-replay', payload: { q: 1 } };
  const headers = { 'idempotency-key': 'answer-replay-1' };
  const first = await server.call('POST', '/fabric/decisions', { body: call, headers });
  const again = await server.call('POST', '/fabric/decisions', { body: call, headers });
  assert.equal(first.headers.get('idempotency-replayed'), null);
  assert.equal(again.headers.get('idempotency-replayed'), 'true');
  assert.deepEqual(again.body, first.body);
});
