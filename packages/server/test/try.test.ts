import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Throttle } from '../src/throttle.ts';
import { onPostgres, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  // A generous limit here; the throttle has its own test with a small one.
  server = await startServer({ ACTIONGATE_TRY_PER_MINUTE: '100' });
});
after(() => server.close());

/** Every table with a `tenant_id` column, whoever added it. */
const tenantTables = async (): Promise<string[]> =>
  onPostgres
    ? (
        await server.sql<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema()`,
        )
      ).map((row) => row.name)
    : (await server.sql<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`))
        .map((row) => row.name)
        .filter((name) =>
          (server.store.db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).some((c) => c.name === 'tenant_id'),
        );

const tableCount = async (table: string): Promise<number> =>
  Number((await server.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

const EXPECTED: Record<string, { verdict: string; blocked: boolean; note: string; check?: (chain: any[], detail: string) => void }> = {
  'safe-read': {
    verdict: 'ALLOWED',
    blocked: false,
    note: 'a clean record reads',
    check: (chain) => assert.equal(chain[1].data.state, 'normal'),
  },
  'prompt-injection': {
    verdict: 'BLOCKED',
    blocked: true,
    note: 'the injection screen denies for an unknown agent',
    check: (chain) => {
      assert.equal(chain[1].verdict, 'deny');
      assert.match(chain[1].detail, /injection screen/);
    },
  },
  'malformed-plan': {
    verdict: 'BLOCKED',
    blocked: true,
    note: 'the policy stage says what is wrong with the plan',
    check: (chain) => {
      assert.equal(chain[2].stage, 'policy');
      assert.equal(chain[2].verdict, 'deny');
      assert.match(chain[2].detail, /malformed plan: .*`plan\[1\]` is missing `action`.*`plan\[2\].index` 1 repeats/);
    },
  },
  'new-agent': {
    verdict: 'REQUIRE_APPROVAL',
    blocked: true,
    note: 'unknown trust is held',
    check: (chain) => {
      assert.equal(chain[1].data.state, 'new');
      assert.match(chain[3].data.approval_id, /^apr_/);
    },
  },
  'critical-delete': {
    verdict: 'REQUIRE_APPROVAL',
    blocked: true,
    note: 'critical needs a human even when trusted',
    check: (chain) => {
      assert.equal(chain[1].data.state, 'trusted');
      assert.equal(chain[1].data.action_risk.class, 'critical');
    },
  },
  'large-transfer': {
    verdict: 'REQUIRE_APPROVAL',
    blocked: true,
    note: '25,000 is above the critical amount',
    check: (chain) => assert.ok(chain[1].data.action_risk.reasons.some((r: string) => /25000/.test(r))),
  },
  'tool-rule-deny': {
    verdict: 'BLOCKED',
    blocked: true,
    note: 'the rule is named in the detail',
    check: (chain, detail) => {
      assert.equal(chain[2].verdict, 'deny');
      assert.match(chain[2].detail, /no-production-deploys/);
      assert.match(detail, /no-production-deploys/);
    },
  },
};

test('GET /fabric/try lists the fixed scenarios without a key', async () => {
  const response = await server.call('GET', '/fabric/try', { key: null });
  assert.equal(response.status, 200);
  const ids = response.body.scenarios.map((s: any) => s.id);
  assert.deepEqual(ids.sort(), Object.keys(EXPECTED).sort());
  for (const scenario of response.body.scenarios) {
    assert.deepEqual(Object.keys(scenario).sort(), ['description', 'expected_verdict', 'id', 'request', 'title']);
    assert.deepEqual(Object.keys(scenario.request).sort(), ['agent_id', 'path', 'payload']);
    assert.equal(scenario.expected_verdict, EXPECTED[scenario.id].verdict);
  }
});

for (const [id, expected] of Object.entries(EXPECTED)) {
  test(`POST /fabric/try?scenario=${id}: ${expected.verdict} (${expected.note}), and the throwaway tenant is gone`, async () => {
    const tenantsBefore = await tableCount('tenants');
    const response = await server.call('POST', `/fabric/try?scenario=${id}`, { key: null });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const body = response.body;
    assert.equal(body.scenario.id, id);
    assert.equal(body.verdict, expected.verdict, body.detail);
    assert.equal(body.verdict, body.scenario.expected_verdict);
    assert.equal(body.blocked, expected.blocked);
    assert.match(body.decision_id, /^fd_/);
    assert.deepEqual(
      body.chain.map((stage: any) => stage.stage),
      ['identity', 'trust', 'policy', 'approval', ...(onPostgres ? ['consensus'] : [])],
    );
    expected.check?.(body.chain, body.detail);
    // Nothing of the run is left: no tenant, decision, approval or agent row.
    assert.equal(await tableCount('tenants'), tenantsBefore);
    const tables = await tenantTables();
    assert.ok(tables.includes('decisions') && tables.includes('approvals') && tables.includes('agents'));
    for (const table of tables) {
      const [left] = await server.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}" WHERE tenant_id LIKE 'tn_try_%'`);
      assert.equal(Number(left.n), 0, `rows left in ${table}`);
    }
  });
}

test('the demo decision is invisible to every key', async () => {
  const run = await server.call('POST', '/fabric/try?scenario=new-agent', { key: null });
  assert.equal(run.status, 200);
  const lookup = await server.call('GET', `/fabric/decisions/${run.body.decision_id}`);
  assert.equal(lookup.status, 404);
  const list = await server.call('GET', '/fabric/decisions?limit=1000');
  assert.ok(!list.body.decisions.some((d: any) => d.decision_id === run.body.decision_id));
  const approvals = await server.call('GET', '/fabric/approvals?limit=1000');
  assert.ok(!approvals.body.approvals.some((a: any) => a.decision_id === run.body.decision_id));
});

test('an unknown scenario is 404 with detail; a missing one is 422', async () => {
  const unknown = await server.call('POST', '/fabric/try?scenario=no-such-thing', { key: null });
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.detail, /unknown scenario `no-such-thing`/);
  assert.equal(unknown.body.code, 'AG_NOT_FOUND');
  const missing = await server.call('POST', '/fabric/try', { key: null });
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.detail[0].loc, ['query', 'scenario']);
});

test('tenants and stray rows left behind by a crash are swept by the next run', async () => {
  const fresh = await startServer();
  try {
    const old = Date.now() - 10 * 60 * 1000;
    await fresh.store.createTenant({
      id: 'tn_try_leftover',
      name: 'demo (throwaway)',
      email: null,
      createdAt: old,
      settings: null,
      halted: null,
    });
    await fresh.store.seedTrustRecord('tn_try_leftover', { agentId: 'ghost' }, { approved: 1, blocked: 0 }, old);
    // A row of a tenant already deleted, as a background writer racing the deletion could leave.
    await fresh.sql(`INSERT INTO events (tenant_id, seq, type, data, created_at) VALUES ('tn_try_orphan', 1, 'x', '{}', ?)`, old);
    // A real tenant whose id merely sorts nearby is left alone.
    await fresh.store.createTenant({ id: 'tn_trx', name: 'real', email: null, createdAt: old, settings: null, halted: null });
    const run = await fresh.call('POST', '/fabric/try?scenario=safe-read', { key: null });
    assert.equal(run.status, 200);
    assert.equal(await fresh.store.getTenant('tn_try_leftover'), null);
    assert.equal(await fresh.store.getAgent('tn_try_leftover', 'ghost'), null);
    assert.equal(Number((await fresh.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM events WHERE tenant_id = 'tn_try_orphan'`))[0].n), 0);
    assert.ok(await fresh.store.getTenant('tn_trx'));
  } finally {
    await fresh.close();
  }
});

test('the demo is throttled per client address: 429 with Retry-After', async () => {
  // The bucket refills one run every 20 s: on the wall clock, four runs slower than that on a loaded
  // machine would all pass. The server's clock stands still here, so only the bucket decides.
  const now = Date.now();
  const limited = await startServer({ ACTIONGATE_TRY_PER_MINUTE: '3' }, { clock: () => now });
  try {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await limited.call('POST', '/fabric/try?scenario=safe-read', { key: null });
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.equal(last!.body.code, 'AG_THROTTLED');
    const retryAfter = Number(last!.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 20, `retry-after ${retryAfter}`);
    // Listing the scenarios is not throttled: it does no work.
    assert.equal((await limited.call('GET', '/fabric/try', { key: null })).status, 200);
  } finally {
    await limited.close();
  }
});

test('throttle: a token bucket per client, refilled over time, with bounded memory', () => {
  const throttle = new Throttle({ capacity: 2, refillPerSecond: 1, maxClients: 3 });
  assert.deepEqual(throttle.take('a', 0), { ok: true });
  assert.deepEqual(throttle.take('a', 0), { ok: true });
  assert.deepEqual(throttle.take('a', 0), { ok: false, retryAfterSeconds: 1 });
  assert.deepEqual(throttle.take('b', 0), { ok: true }, 'another client has its own bucket');
  assert.deepEqual(throttle.take('a', 1000), { ok: true }, 'one token back after a second');
  for (const client of ['c', 'd', 'e', 'f']) throttle.take(client, 1000);
  assert.equal(throttle.size, 3, 'never more than maxClients buckets');
});
