// GET /metrics: Prometheus text through prom-client, for the operator (or open when
// ACTIONGATE_METRICS=open); a decision, a held call and its approval show up in the counters.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { onPostgres, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let open: TestServer;
before(async () => {
  [server, open] = await Promise.all([startServer({ ACTIONGATE_SIGNUP: 'open' }), startServer({ ACTIONGATE_METRICS: 'open' })]);
});
after(async () => {
  await Promise.all([server?.close(), open?.close()]);
});

/** The value of one sample, by its exact name and labels as Prometheus prints them. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

async function scrape(target: TestServer, key: string | null = target.adminKey): Promise<string> {
  const response = await target.call('GET', '/metrics', { key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return response.body as string;
}

test('only the operator or an admin key of the default tenant reads /metrics', async () => {
  assert.equal((await server.call('GET', '/metrics', { key: null })).status, 401);
  const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'scraper-agent' } })).body.agent_key;
  assert.equal((await server.call('GET', '/metrics', { key: agent })).status, 403);
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'ops', role: 'approver' } })).body.api_key;
  assert.equal((await server.call('GET', '/metrics', { key: approver })).status, 403);
  const otherTenant = (await server.call('POST', '/signup', { key: null, body: { name: 'other-co' } })).body.api_key;
  const forbidden = await server.call('GET', '/metrics', { key: otherTenant });
  assert.equal(forbidden.status, 403, 'another tenant must not see service-wide numbers');
  assert.equal(forbidden.body.code, 'AG_FORBIDDEN');
  await scrape(server);
});

test('ACTIONGATE_METRICS=open serves /metrics without a key', async () => {
  const text = await scrape(open, null);
  assert.match(text, /# TYPE actiongate_decisions_total counter/);
});

test('a held decision and its approval are counted; latency, WAL sync and process metrics are there', async () => {
  const before = await scrape(server);
  assert.equal(sample(before, 'actiongate_approvals_pending'), 0);
  const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'mailer' } })).body.agent_key;
  const held = await server.call('POST', '/fabric/decisions', {
    key: agent,
    body: { path: '/tools/send_email', payload: { to: 'cfo@example.com' } },
  });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const stage = held.body.stages.find((s: any) => s.verdict !== 'allow').stage;
  const allowed = await server.call('POST', '/fabric/decisions', { key: agent, body: { path: '/tools/read_file', payload: {} } });

  const afterDecisions = await scrape(server);
  const expected = new Map<string, number>();
  for (const made of [held.body, allowed.body]) {
    const decidedBy = made.stages.find((s: any) => s.verdict !== 'allow')?.stage ?? 'none';
    const series = `actiongate_decisions_total{verdict="${made.verdict}",stage="${decidedBy}",mode="enforce"}`;
    expected.set(series, (expected.get(series) ?? 0) + 1);
  }
  assert.ok(expected.has(`actiongate_decisions_total{verdict="REQUIRE_APPROVAL",stage="${stage}",mode="enforce"}`));
  for (const [series, count] of expected) assert.equal(sample(afterDecisions, series), count, series);
  assert.equal(
    sample(afterDecisions, 'actiongate_decision_duration_seconds_count{verdict="REQUIRE_APPROVAL"}'),
    expected.size === 1 ? 2 : 1,
  );
  const held2 = allowed.body.verdict === 'REQUIRE_APPROVAL' ? 1 : 0;
  assert.equal(sample(afterDecisions, 'actiongate_approvals_pending'), 1 + held2);
  // The WAL sync is SQLite's (its fdatasync, which group commits wait for); PostgreSQL syncs its own WAL on COMMIT.
  if (!onPostgres)
    assert.ok((sample(afterDecisions, 'actiongate_wal_sync_seconds_count{result="ok"}') ?? 0) >= 1, 'decisions waited for a WAL sync');
  assert.ok(sample(afterDecisions, 'nodejs_eventloop_lag_seconds') !== undefined, 'event-loop lag');
  assert.ok((sample(afterDecisions, 'process_resident_memory_bytes') ?? 0) > 0, 'process metrics');

  const approved = await server.call('POST', `/fabric/approvals/${held.body.approval_id}/approve`, { body: {} });
  assert.equal(approved.status, 200);
  const afterApproval = await scrape(server);
  assert.equal(sample(afterApproval, 'actiongate_approvals_resolved_total{outcome="approved"}'), 1);
  assert.equal(sample(afterApproval, 'actiongate_approvals_pending'), held2);

  // A replay of an idempotent decision is not a second decision.
  const once = { key: agent, body: { path: '/tools/read_file', payload: { n: 1 } }, headers: { 'idempotency-key': 'k-1' } };
  await server.call('POST', '/fabric/decisions', once);
  await server.call('POST', '/fabric/decisions', once);
  const total = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('actiongate_decisions_total{'))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  assert.equal(total(await scrape(server)), 4 - 1, 'held, allowed, and one idempotent call');
});
