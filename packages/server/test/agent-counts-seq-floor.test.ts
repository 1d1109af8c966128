// Issue 15: an agent's recent-decision counts (agent controls: actions in the last hour, actions
// running) come from the agent's decisions (agent-chain.ts) from a seq floor per 5-minute period (decision-periods.ts)
// instead of a (tenant, agent, created_at) index. They must equal the plain count over created_at,
// whatever the clock does, for decisions made before the migration too; a floor noted by a decision
// that rolled back must not be taken as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUR_MS, RUNNING_TIMEOUT_MS } from '@actiongate/engine';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';
import { MIGRATIONS } from '../src/store/sqlite/schema.ts';

const PERIODS_MIGRATION = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE decision_periods'));
const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const ALLOWED = `verdict IN ('ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS')`;

/** The counts as the old index served them: every decision of the agent, filtered by created_at. */
function plainCounts(db: Database.Database, tenant: string, agent: string, now: number) {
  const count = (sql: string, since: number) =>
    (
      db
        .prepare(`SELECT COUNT(*) AS n FROM decisions NOT INDEXED WHERE tenant_id = ? AND agent_id = ? AND created_at > ? AND ${sql}`)
        .get(tenant, agent, since) as { n: number }
    ).n;
  return { actionsLastHour: count(ALLOWED, now - HOUR_MS), running: count(`outcome IS NULL AND ${ALLOWED}`, now - RUNNING_TIMEOUT_MS) };
}

/** Every decision has its period's row, with a first seq no larger than its own. */
function assertFloorsHold(db: Database.Database): void {
  const uncovered = db
    .prepare(
      `SELECT COUNT(*) AS n FROM decisions d WHERE NOT EXISTS
         (SELECT 1 FROM decision_periods p WHERE p.period = CAST(d.created_at AS INTEGER) / 300000 AND p.first_seq <= d.seq)`,
    )
    .get() as { n: number };
  assert.equal(uncovered.n, 0, 'every decision is covered by its period');
}

async function started(dataDir: string, clock: { now: number }) {
  const store = new SqliteStore({ dataDir });
  await bootstrap(store, 'fk_seq_floor_admin', clock.now);
  const admin = (await store.findKeyByHash(hashSecret('fk_seq_floor_admin')))!;
  // An established record, so their low-risk calls are allowed (`b`, new, is held: a verdict the counts leave out).
  for (const agentId of ['a', 'after', 'doomed'])
    await store.seedTrustRecord('tn_default', { agentId, keyId: admin.id }, { approved: 10, blocked: 0 }, clock.now);
  const service = new DecisionService(store, SigningKeyRing.ephemeral(), () => clock.now);
  const decide = (agent_id: string) => service.decide(admin, { path: '/tools/search', agent_id, payload: { at: clock.now } } as never);
  return { store, service, admin, decide };
}

test('the counts from the seq floor equal the plain counts while the clock jumps back and forth across hours and periods', async () => {
  const clock = { now: T0 };
  const { store, decide } = await started(':memory:', clock);
  try {
    // Minutes from T0: forward, across hours and periods, back by hours (a clock set back), several in one group commit.
    const times = [0, 4, 6, 3, 10, 59, 61, 65, -200, -190, 130, 20, 125, 240, 239, 5, 300];
    let n = 0;
    for (const minutes of times) {
      clock.now = T0 + minutes * 60_000 + (n++ % 7);
      await Promise.all(['a', 'b', 'a'].map(decide));
      const [first] = (await store.listDecisions('tn_default', { agentId: 'a', limit: 1 })) as Array<{ id: string }>;
      if (n % 3 === 0) await store.setOutcome('tn_default', first.id, { status: 'completed', detail: null, at: clock.now } as never);
    }
    assertFloorsHold(store.db);
    let compared = 0;
    for (let minutes = -300; minutes <= 420; minutes += 3) {
      const now = T0 + minutes * 60_000 + (minutes % 2);
      for (const agent of ['a', 'b', 'nobody']) {
        const expected = plainCounts(store.db, 'tn_default', agent, now);
        assert.deepEqual(await store.budgets.agentActivity('tn_default', agent, now), expected, `agent ${agent} at ${minutes} min`);
        if (expected.actionsLastHour > 0) compared++;
      }
    }
    assert.ok(compared > 50, 'the comparison saw decisions');
    const index = store.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'decisions_by_agent_time'`).get();
    assert.equal(index, undefined, 'the per-agent time index is gone');
  } finally {
    await store.close();
  }
});

test('a floor written by a decision that rolled back is written again by the next decision of that period', async () => {
  const clock = { now: T0 };
  const { store, decide } = await started(':memory:', clock);
  try {
    await decide('before');
    const events = (store as unknown as { events: { appendDecision(row: { agentId: string }): void } }).events;
    const appendDecision = events.appendDecision.bind(events);
    // Fails after the decision row (and its period's floor) were written, before the commit.
    events.appendDecision = (row, ...rest: unknown[]) => {
      if (row.agentId === 'doomed') throw new Error('disk full');
      (appendDecision as (...args: unknown[]) => void)(row, ...rest);
    };
    // A new period whose first decision rolls back: alone (the whole transaction), then first of a batch (its savepoint).
    clock.now = T0 + 3 * HOUR_MS;
    await assert.rejects(decide('doomed'));
    await decide('after');
    clock.now = T0 + 5 * HOUR_MS;
    const results = await Promise.allSettled(['doomed', 'after', 'after'].map(decide));
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'fulfilled', 'fulfilled'],
    );
    assertFloorsHold(store.db);
    assert.deepEqual(await store.budgets.agentActivity('tn_default', 'after', clock.now), { actionsLastHour: 2, running: 2 });
  } finally {
    await store.close();
  }
});

test('a data dir from before the migration keeps its counts: the floors are made from the decisions it holds', async () => {
  assert.ok(PERIODS_MIGRATION > 0);
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-seq-floor-'));
  const clock = { now: T0 };
  try {
    // Decisions written by the store as it was, the index still there.
    const old = new Database(join(dir, 'actiongate.db'));
    old.pragma('journal_mode = WAL');
    for (let i = 0; i < PERIODS_MIGRATION; i++) old.exec(MIGRATIONS[i]);
    old.pragma(`user_version = ${PERIODS_MIGRATION}`);
    // Its agents' rows, as the store wrote them with their decisions (the chain's head goes there:
    // agent-chain.ts); their tenant is left out, as for the decisions, so the test's own admin bootstraps.
    old.pragma('foreign_keys = OFF');
    old
      .prepare(`INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at) VALUES ('tn_old', 'a', @t, @t), ('tn_old', 'b', @t, @t)`)
      .run({ t: T0 });
    const insert = old.prepare(
      `INSERT INTO decisions (id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail,
         created_at, signature, signing_key_id, body, outcome) VALUES (?, 'tn_old', ?, 'key_1', '/tools/search', x'00', ?, 0, 1, 'enforce', 'low', '', ?, x'00', 'sk', x'00', ?)`,
    );
    const minutes = [0, 30, 70, -120, 95, 10, 200, 190, -30];
    minutes.forEach((m, i) =>
      insert.run(`fd_old_${i}`, i % 2 ? 'a' : 'b', i % 4 === 3 ? 'BLOCKED' : 'ALLOWED', T0 + m * 60_000, i % 3 ? null : 'completed'),
    );
    old.close();

    const { store } = await started(dir, clock);
    try {
      assertFloorsHold(store.db);
      for (let m = -200; m <= 300; m += 5)
        for (const agent of ['a', 'b']) {
          const now = T0 + m * 60_000;
          assert.deepEqual(
            await store.budgets.agentActivity('tn_old', agent, now),
            plainCounts(store.db, 'tn_old', agent, now),
            `${agent} ${m}`,
          );
        }
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
