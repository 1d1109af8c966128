// Issue 15: decisions lost AUTOINCREMENT (its sqlite_sequence row was a page written per commit); the
// store gives out the seq itself. Its meaning stays AUTOINCREMENT's: a data dir from before goes on
// after its counter (not after its largest remaining decision), and the seqs of deleted decisions,
// the largest included, are never given again, across restarts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { createTenantWithAdmin } from '../src/tenants.ts';
import { hashSecret } from '../src/ids.ts';
import { MIGRATIONS } from '../src/store/sqlite/schema.ts';

const SEQ_MIGRATION = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE decision_seq'));

const apiKeys = new Map<string, string>();

/** Opens the store in `dir` and decides one call for `tenant` (created if missing); returns the decision's seq. */
async function decideOnce(dir: string, tenant: string): Promise<number> {
  const store = new SqliteStore({ dataDir: dir });
  try {
    if (!apiKeys.has(tenant))
      apiKeys.set(tenant, (await createTenantWithAdmin(store, { id: tenant, name: tenant, email: null }, Date.now())).apiKey);
    const key = await store.findKeyByHash(hashSecret(apiKeys.get(tenant)!));
    const row = await new DecisionService(store, SigningKeyRing.ephemeral()).decide(key!, {
      path: '/tools/search',
      agent_id: 'bot',
      payload: {},
    } as never);
    const listed = await store.listDecisions(tenant, { limit: 1 } as never);
    assert.equal(listed[0].id, row.id);
    return listed[0].seq!;
  } finally {
    await store.close();
  }
}

test('the seq goes on after the AUTOINCREMENT counter of a data dir from before, and a deleted largest seq is never given again', async () => {
  assert.ok(SEQ_MIGRATION > 0);
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-decision-seq-'));
  try {
    const old = new Database(join(dir, 'actiongate.db'));
    old.pragma('journal_mode = WAL');
    for (let i = 0; i < SEQ_MIGRATION; i++) old.exec(MIGRATIONS[i]);
    old.pragma(`user_version = ${SEQ_MIGRATION}`);
    const insert = old.prepare(
      `INSERT INTO decisions (id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail,
         created_at, signature, signing_key_id, body) VALUES (?, 'tn_old', 'bot', 'key_1', '/tools/search', x'00', 'ALLOWED', 0, 1, 'enforce', 'low', '', ?, x'00', 'sk', x'00')`,
    );
    for (let i = 0; i < 5; i++) insert.run(`fd_old_${i}`, 1_700_000_000_000 + i);
    // The two largest were deleted before the upgrade: AUTOINCREMENT's counter says 5, the table 3.
    old.prepare('DELETE FROM decisions WHERE seq > 3').run();
    old.close();

    const upgraded = new SqliteStore({ dataDir: dir });
    // The rebuild's frames were copied into the database and the WAL cut back (it never shrinks by itself).
    assert.equal(statSync(join(dir, 'actiongate.db-wal')).size, 0);
    await upgraded.close();
    assert.equal(await decideOnce(dir, 'tn_kept'), 6, 'after the counter, not after the largest row left');
    const rebuilt = new SqliteStore({ dataDir: dir });
    try {
      const sql = (rebuilt.db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'decisions'`).get() as { sql: string }).sql;
      assert.doesNotMatch(sql, /AUTOINCREMENT/);
      assert.deepEqual(
        (rebuilt.db.prepare(`SELECT id FROM decisions WHERE tenant_id = 'tn_old' ORDER BY seq`).all() as { id: string }[]).map((r) => r.id),
        ['fd_old_0', 'fd_old_1', 'fd_old_2'],
        'the rows kept their seqs',
      );
      assert.deepEqual(
        (
          rebuilt.db.prepare(`SELECT name FROM sqlite_master WHERE tbl_name = 'decisions' AND type = 'index' ORDER BY name`).all() as {
            name: string;
          }[]
        ).map((r) => r.name),
        // decisions_by_agent was rebuilt too, then dropped by a later migration (agent-chain.ts).
        ['decisions_by_tenant', 'decisions_by_trace', 'sqlite_autoindex_decisions_1'],
      );
    } finally {
      await rebuilt.close();
    }

    // A tenant holding the largest seqs is deleted: after a restart the next seq is still past them.
    assert.equal(await decideOnce(dir, 'tn_demo_gone'), 7);
    assert.equal(await decideOnce(dir, 'tn_demo_gone'), 8);
    const store = new SqliteStore({ dataDir: dir });
    await store.deleteTenant('tn_demo_gone');
    assert.equal((store.db.prepare('SELECT MAX(seq) AS n FROM decisions').get() as { n: number }).n, 6);
    await store.close();
    assert.equal(await decideOnce(dir, 'tn_kept'), 9);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('in one run, a seq taken by a decision that rolled back is not given again either', async () => {
  const store = new SqliteStore({ dataDir: ':memory:' });
  try {
    await bootstrap(store, 'fk_seq_rollback', Date.now());
    const admin = (await store.findKeyByHash(hashSecret('fk_seq_rollback')))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    const decide = (agent_id: string) => service.decide(admin, { path: '/tools/search', agent_id, payload: {} } as never);
    const first = await decide('a');
    const events = (store as unknown as { events: { appendDecision(row: { agentId: string }): void } }).events;
    const appendDecision = events.appendDecision.bind(events);
    events.appendDecision = (row, ...rest: unknown[]) => {
      if (row.agentId === 'doomed') throw new Error('disk full');
      (appendDecision as (...args: unknown[]) => void)(row, ...rest);
    };
    await assert.rejects(decide('doomed'));
    const after = await decide('b');
    assert.ok(after.seq! > first.seq! + 1, `${after.seq} after ${first.seq} and a rolled-back one`);
    const listed = await store.listDecisions('tn_default', { limit: 10 } as never);
    assert.deepEqual(
      listed.map((row) => row.seq),
      [after.seq, first.seq],
    );
  } finally {
    await store.close();
  }
});
