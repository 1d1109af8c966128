// Issue 15: the SQLite store keeps the key's and agent's rows from one decision to the next
// (decision-rows.ts). Every write that is not a decision's own must reach the next decision: a
// suspended agent, a revoked key, and any row changed straight in the database; and rows kept are
// what the database holds after a decision's own writes and after a batch rolled back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { createTenantWithAdmin } from '../src/tenants.ts';
import { hashSecret } from '../src/ids.ts';
import { DecisionRows } from '../src/store/sqlite/decision-rows.ts';
import { canonicalHash } from '@actiongate/engine';

const TENANT = 'tn_rows';
const CALL = { path: '/tools/search_documents', agent_id: 'bot', payload: { query: 'q' } } as never;

async function withStore(
  run: (store: SqliteStore, decide: (call?: unknown) => Promise<{ verdict: string; id: string }>) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-decision-rows-'));
  const store = new SqliteStore({ dataDir: dir });
  try {
    const { apiKey } = await createTenantWithAdmin(store, { id: TENANT, name: 'rows', email: null }, Date.now());
    const key = (await store.findKeyByHash(hashSecret(apiKey)))!;
    // An agent and key with a record long enough for low-risk calls to run (and count) at once.
    store.db
      .prepare(`INSERT INTO agents (tenant_id, agent_id, approved, created_at, last_seen_at) VALUES (?, 'bot', 10, 0, 0)`)
      .run(TENANT);
    store.db.prepare('UPDATE keys SET approved = 10 WHERE id = ?').run(key.id);
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    await run(store, (call = CALL) => service.decide(key, call as never));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const counts = (store: SqliteStore) => ({
  agent: store.db.prepare(`SELECT approved FROM agents WHERE tenant_id = ? AND agent_id = 'bot'`).pluck().get(TENANT),
  key: store.db.prepare(`SELECT approved FROM keys WHERE tenant_id = ? AND kind = 'customer'`).pluck().get(TENANT),
});

test('rows changed outside a decision reach the next one: straight in the database, a suspension, a revocation', async () => {
  await withStore(async (store, decide) => {
    for (let i = 0; i < 3; i++) assert.match((await decide()).verdict, /^ALLOWED/);
    assert.deepEqual(counts(store), { agent: 13, key: 13 }, 'each decision counted once on the agent and the key');

    // Same connection, not through a decision: the next decision counts on from these values.
    store.db.prepare(`UPDATE agents SET approved = 100 WHERE tenant_id = ? AND agent_id = 'bot'`).run(TENANT);
    store.db.prepare(`UPDATE keys SET approved = 50 WHERE tenant_id = ?`).run(TENANT);
    await decide();
    assert.deepEqual(counts(store), { agent: 101, key: 51 });

    await store.setAgentOverride(TENANT, 'bot', 'suspended', 'test', Date.now());
    assert.doesNotMatch((await decide()).verdict, /^ALLOWED/, 'a suspended agent is not allowed');
    await store.setAgentOverride(TENANT, 'bot', null, 'test', Date.now());
    assert.match((await decide()).verdict, /^ALLOWED/);

    const [admin] = await store.listKeys(TENANT, 'customer');
    await store.revokeKey(TENANT, 'customer', admin.id, Date.now());
    await assert.rejects(decide(), (error: { code?: string }) => error.code === 'AG_UNKNOWN_KEY', 'a revoked key decides nothing');
  });
});

test('decisions in one batch, and after a batch rolled back, count from what the database holds', async () => {
  await withStore(async (store, decide) => {
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => decide()));
    assert.deepEqual(new Set(verdicts.map((row) => row.verdict)), new Set(['ALLOWED']));
    assert.deepEqual(counts(store), { agent: 18, key: 18 });
    // A batch whose commit fails takes its decisions' writes back; the rows kept go with them.
    const db = store.db;
    const commit = (store as unknown as { pragmas: { batchCommit: () => void } }).pragmas;
    const original = commit.batchCommit;
    commit.batchCommit = () => {
      original();
      commit.batchCommit = original;
      db.exec('CREATE TEMP TRIGGER fail_commit AFTER INSERT ON decisions BEGIN SELECT RAISE(ABORT, "disk gone"); END');
    };
    await assert.rejects(decide());
    db.exec('DROP TRIGGER fail_commit');
    assert.deepEqual(counts(store), { agent: 18, key: 18 }, 'the failed decision left nothing');
    await Promise.all(Array.from({ length: 4 }, () => decide()));
    assert.deepEqual(counts(store), { agent: 22, key: 22 });
  });
});

test('rows are dropped whenever anything else wrote since the last decision settled', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, v INTEGER); INSERT INTO t VALUES ('a', 1)`);
  const rows = new DecisionRows(db);
  let reads = 0;
  const read = () => (reads++, db.prepare(`SELECT * FROM t WHERE id = 'a'`).get() as Record<string, unknown>);
  rows.begin();
  assert.equal(rows.key('a', read)?.v, 1);
  rows.settle();
  rows.begin();
  assert.equal(rows.key('a', read)?.v, 1);
  assert.equal(reads, 1, 'kept while nothing wrote');
  rows.wroteKey('a', { v: 2 });
  db.prepare(`UPDATE t SET v = 2 WHERE id = 'a'`).run();
  rows.settle();
  rows.begin();
  assert.equal(rows.key('a', read)?.v, 2, "the decision's own write is kept as written");
  assert.equal(reads, 1);
  rows.settle();
  db.prepare(`UPDATE t SET v = 3 WHERE id = 'a'`).run();
  rows.begin();
  assert.equal(rows.key('a', read)?.v, 3, 'another write dropped it');
  assert.equal(reads, 2);
  rows.settle();
  rows.clear();
  rows.begin();
  rows.key('a', read);
  assert.equal(reads, 3, 'cleared: read again');
  db.close();
});

test("a call's approval written outside a decision reaches the next decision of an agent known to hold none", async () => {
  await withStore(async (store, decide) => {
    const now = Date.now();
    const rule = {
      id: 'tr_rows',
      tenantId: TENANT,
      name: 'hold searches',
      effect: 'require_approval' as const,
      match_path: '/tools/search_documents',
      match_args: null,
      agent_ids: null,
      risk_at_least: null,
      description: '',
      enabled: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await store.createToolRule(rule);
    // Two calls while the rule is off: the second finds the agent known to hold no approval for the path.
    const pay = { path: '/tools/search_documents', agent_id: 'bot', payload: { query: 'held' } };
    assert.match((await decide(pay)).verdict, /^ALLOWED/);
    await decide(pay);
    // Straight in the database: an approved approval of the call; then the rule turned on.
    store.db
      .prepare(
        `INSERT INTO approvals (id, tenant_id, agent_id, path, payload_hash, requested_by_key_id, decision_id, status, risk, reasons,
           detail, created_at, expires_at) VALUES ('apr_rows', ?, 'bot', '/tools/search_documents', ?, 'k', 'fd_x', 'approved', 'low', '[]', '', ?, ?)`,
      )
      .run(TENANT, canonicalHash(pay.payload), now, now + 3_600_000);
    await store.updateToolRule({ ...rule, enabled: true, version: 2 });
    const decided = await decide(pay);
    assert.match(decided.verdict, /^ALLOWED/, 'the held call runs on its approval');
    const approval = store.db.prepare(`SELECT status, consumed_by_decision_id AS by FROM approvals WHERE id = 'apr_rows'`).get();
    assert.deepEqual(approval, { status: 'consumed', by: decided.id }, 'the approval was found and consumed');
  });
});

test("an agent's approvals for a path are known until anything else wrote, and a decision's own approval counts at once", () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY)`);
  const rows = new DecisionRows(db);
  let reads = 0;
  let asks = 0;
  const read = () => (reads++, []);
  const holdsAny = () => (asks++, false);
  const forCall = (agentId = 'bot', path = '/tools/pay') => rows.approvalsForCall('tn', agentId, path, read, holdsAny);
  rows.begin();
  assert.deepEqual(forCall(), []);
  assert.deepEqual(forCall(), []);
  assert.deepEqual([reads, asks], [1, 1], 'known to hold none: not read again');
  forCall('bot', '/tools/other');
  forCall('bo', 't/tools/pay');
  assert.deepEqual([reads, asks], [3, 3], 'another path, and an agent id and path that join to the same text, are asked apart');
  rows.wroteApproval('tn', 'bot', '/tools/pay');
  forCall();
  assert.deepEqual([reads, asks], [4, 3], "after the decision's own approval: read, and not known empty again");
  rows.settle();
  rows.begin();
  rows.clear();
  forCall();
  forCall();
  assert.deepEqual([reads, asks], [5, 4], 'cleared: asked again, then known');
  rows.settle();
  db.prepare(`INSERT INTO t VALUES ('a')`).run();
  rows.begin();
  forCall();
  assert.deepEqual([reads, asks], [6, 5], 'another write dropped what was known');
  db.close();
});
