// The database goes away under a running node and comes back: while it is gone, calls are answered
// 503 with a detail (never a verdict) and the node reports not ready; once it is back, the same node
// answers again without a restart, and every decision it answered is in the database.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';
import { createSharedDatabase, startPostgres, type TestPostgres } from './support/postgres-server.ts';

let postgres: TestPostgres;
let server: TestServer;

before(async () => {
  // Its own PostgreSQL, since the test stops it.
  postgres = await startPostgres();
  server = await startServer({}, { databaseUrl: await createSharedDatabase(postgres.adminUrl) });
});
after(async () => {
  await server?.close().catch(() => {});
  await postgres?.stop();
});

const decide = (n: number) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'outage', payload: { n } } });

test('database down mid-load: 503 with a detail, never a verdict; back up: the node recovers by itself', async () => {
  const answered: string[] = [];
  const before = await Promise.all([1, 2, 3].map(decide));
  for (const res of before) {
    assert.equal(res.status, 200);
    answered.push(res.body.decision_id);
  }
  // Calls in flight while the database stops: each is either decided (and then stored) or a 5xx without a verdict.
  const inFlight = Promise.all([4, 5, 6, 7, 8, 9].map(decide));
  await postgres.down();
  for (const res of await inFlight) {
    if (res.status === 200) answered.push(res.body.decision_id);
    else {
      assert.ok(res.status >= 500, `status ${res.status}`);
      assert.equal(res.body.verdict, undefined);
      assert.ok(res.body.detail);
    }
  }
  const down = await decide(10);
  assert.equal(down.status, 503);
  assert.match(down.body.detail, /database is unreachable/);
  assert.equal(down.body.verdict, undefined);
  assert.equal((await server.call('GET', '/readyz', { key: null })).status, 503);

  await postgres.up();
  // The pool reconnects on its own; a bounded number of tries covers the connections it drops first.
  let back = await decide(11);
  for (let attempt = 0; attempt < 20 && back.status !== 200; attempt++) back = await decide(11);
  assert.equal(back.status, 200);
  assert.equal((await server.call('GET', '/readyz', { key: null })).status, 200);
  answered.push(back.body.decision_id);
  for (const id of answered)
    assert.equal((await server.call('GET', `/fabric/decisions/${id}`)).status, 200, `decision ${id} was answered, so it is stored`);
});
