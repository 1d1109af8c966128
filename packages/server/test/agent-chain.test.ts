// Issue 15: the SQLite store lists an agent's decisions by walking a chain (each decision names the
// agent's decision before it, the agent's row its latest: agent-chain.ts) instead of a (tenant, agent,
// seq) index. Every listing must equal what that order gives: through group commits, decisions rolled
// back inside them, cursors of the agent's own pages and of anything else, filters, other tenants,
// and for decisions written before the migration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';
import { createTenantWithAdmin } from '../src/tenants.ts';
import { newKeyRow } from '../src/key-rows.ts';
import { encodeDecisionBody } from '../src/store/sqlite/decision-body.ts';
import { MIGRATIONS } from '../src/store/sqlite/schema.ts';
import type { DecisionListQuery } from '../src/store/store.ts';
import { agentCountSql, agentListSql } from '../src/store/sqlite/agent-chain.ts';
import { SEQ_FLOOR_SINCE } from '../src/store/sqlite/decision-periods.ts';

const CHAIN_MIGRATION = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN agent_prev_seq'));
const AGENTS = ['a', 'b', 'c', 'nobody'];

/** The listing as the (tenant, agent, seq) index served it: every row of the agent, filtered, newest first. */
function plainList(db: Database.Database, tenantId: string, query: DecisionListQuery & { agentId: string }): string[] {
  const where = ['tenant_id = @tenantId', 'agent_id = @agentId'];
  if (query.beforeSeq !== undefined) where.push('seq < @beforeSeq');
  if (query.verdict !== undefined) where.push('verdict = @verdict');
  if (query.path !== undefined) where.push('path = @path');
  return (
    db
      .prepare(`SELECT id FROM decisions NOT INDEXED WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @limit`)
      .all({ tenantId, beforeSeq: null, verdict: null, path: null, ...query }) as { id: string }[]
  ).map((row) => row.id);
}

async function assertListingsMatch(store: SqliteStore, tenantId: string): Promise<number> {
  const ids = async (query: DecisionListQuery & { agentId: string }) => (await store.listDecisions(tenantId, query)).map((row) => row.id);
  const seqs = (store.db.prepare('SELECT seq FROM decisions').pluck().all() as number[]).concat([0, 1, 1e9]);
  const verdicts = store.db.prepare('SELECT DISTINCT verdict FROM decisions').pluck().all() as string[];
  let compared = 0;
  for (const agentId of AGENTS) {
    for (const limit of [1, 3, 1000]) {
      assert.deepEqual(await ids({ agentId, limit }), plainList(store.db, tenantId, { agentId, limit }), `${tenantId} ${agentId} ${limit}`);
      // Page by page with the cursor a listing hands out (the last decision of the page before).
      const paged: string[] = [];
      let beforeSeq: number | undefined;
      for (;;) {
        const page = await store.listDecisions(tenantId, { agentId, limit, beforeSeq });
        paged.push(...page.map((row) => row.id));
        if (page.length < limit) break;
        // A cursor that does not move back would page forever: fail instead of hanging.
        const next = page[page.length - 1].seq;
        assert.ok(beforeSeq === undefined || next < beforeSeq, `${tenantId} ${agentId} cursor stuck at ${beforeSeq}`);
        beforeSeq = next;
      }
      assert.deepEqual(paged, plainList(store.db, tenantId, { agentId, limit: 1000 }), `${tenantId} ${agentId} paged by ${limit}`);
    }
    // Any cursor: another agent's or tenant's decision, a seq rolled back, past the end, before the start.
    for (const beforeSeq of seqs) {
      const query = { agentId, limit: 4, beforeSeq };
      assert.deepEqual(await ids(query), plainList(store.db, tenantId, query), `${tenantId} ${agentId} before ${beforeSeq}`);
      compared++;
    }
    for (const verdict of verdicts) {
      const query = { agentId, limit: 2, verdict, path: '/tools/search' };
      assert.deepEqual(await ids(query), plainList(store.db, tenantId, query), `${tenantId} ${agentId} ${verdict}`);
    }
    const other = { agentId, limit: 5, path: '/tools/other' };
    assert.deepEqual(await ids(other), plainList(store.db, tenantId, other));
  }
  return compared;
}

test('an agent’s decisions listed by its chain equal the (tenant, agent, seq) order, through group commits, rollbacks, cursors and filters', async () => {
  const store = new SqliteStore({ dataDir: ':memory:' });
  try {
    await bootstrap(store, 'fk_agent_chain_admin', Date.now());
    const admin = (await store.findKeyByHash(hashSecret('fk_agent_chain_admin')))!;
    const second = await createTenantWithAdmin(store, { id: 'tn_second', name: 'second', email: null }, Date.now());
    const secondAdmin = (await store.findKeyByHash(hashSecret(second.apiKey)))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    // A decision marked `doom` fails after its agent's row, its own row and its event were written: its savepoint (or, alone, its transaction) rolls back.
    const events = (store as unknown as { events: { appendDecision(row: { payload?: { doom?: boolean } }): void } }).events;
    const appendDecision = events.appendDecision.bind(events);
    events.appendDecision = (row, ...rest: unknown[]) => {
      (appendDecision as (...args: unknown[]) => void)(row, ...rest);
      if (row.payload?.doom) throw new Error('disk full');
    };
    let n = 0;
    const call = (agent_id: string, doom: boolean) => {
      const key = n % 5 === 4 ? secondAdmin : admin;
      const path = n % 3 === 2 ? '/tools/other' : '/tools/search';
      return service.decide(key, { path, agent_id, payload: { n: n++, ...(doom ? { doom } : {}) } } as never);
    };
    let failed = 0;
    for (let round = 0; round < 40; round++) {
      const size = (round % 6) + 1;
      const calls = Array.from({ length: size }, (_, i) => call(AGENTS[(round * 7 + i * 3) % 3], (round + i) % 5 === 3));
      failed += (await Promise.allSettled(calls)).filter((result) => result.status === 'rejected').length;
    }
    assert.ok(failed > 5, 'some decisions rolled back');
    // The events' seqs (remembered per tenant within a group commit, dropped with a rolled-back savepoint) have no gap.
    for (const tenantId of ['tn_default', 'tn_second']) {
      const seqs = store.db.prepare('SELECT seq FROM events WHERE tenant_id = ? ORDER BY seq').pluck().all(tenantId) as number[];
      assert.deepEqual(
        seqs,
        seqs.map((_, i) => i + 1),
        `${tenantId} events`,
      );
    }
    const compared = (await assertListingsMatch(store, 'tn_default')) + (await assertListingsMatch(store, 'tn_second'));
    assert.ok(compared > 100);
    const index = store.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'decisions_by_agent'`).get();
    assert.equal(index, undefined, 'the per-agent index is gone');
  } finally {
    await store.close();
  }
});

test('a data dir from before the chain: the migration links every decision, and new ones go on from the old head', async () => {
  assert.ok(CHAIN_MIGRATION > 0);
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-agent-chain-'));
  try {
    const old = new Database(join(dir, 'actiongate.db'));
    old.pragma('journal_mode = WAL');
    for (let i = 0; i < CHAIN_MIGRATION; i++) old.exec(MIGRATIONS[i]);
    old.pragma(`user_version = ${CHAIN_MIGRATION}`);
    // Decisions as the store wrote them, with their tenant and agents' rows (c's row missing: the migration makes it).
    old.prepare(`INSERT INTO tenants (id, name, created_at) VALUES ('tn_default', 'old', 1)`).run();
    old
      .prepare(
        `INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at) VALUES ('tn_default', 'a', 1, 1), ('tn_default', 'b', 1, 1)`,
      )
      .run();
    const insert = old.prepare(
      `INSERT INTO decisions (seq, id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail,
         created_at, signature, signing_key_id, body) VALUES (?, ?, 'tn_default', ?, 'key_1', '/tools/search', x'00', ?, 0, 1, 'enforce', 'low', '', ?, x'00', 'sk', ?)`,
    );
    for (let i = 0; i < 30; i++)
      insert.run(i * 2 + 1, `fd_old_${i}`, AGENTS[(i * i) % 3], i % 4 ? 'ALLOWED' : 'HELD', 1000 + i, encodeDecisionBody('{}', []));
    old.close();

    const store = new SqliteStore({ dataDir: dir });
    try {
      await assertListingsMatch(store, 'tn_default');
      const { row } = newKeyRow(
        { tenantId: 'tn_default', kind: 'customer', role: 'admin', name: 'admin', secret: 'fk_agent_chain_old' },
        Date.now(),
      );
      await store.createKey(row);
      const admin = (await store.findKeyByHash(hashSecret('fk_agent_chain_old')))!;
      const service = new DecisionService(store, SigningKeyRing.ephemeral());
      for (const agent_id of ['a', 'c', 'a', 'nobody'])
        await service.decide(admin, { path: '/tools/search', agent_id, payload: {} } as never);
      await assertListingsMatch(store, 'tn_default');
      const listed = await store.listDecisions('tn_default', { agentId: 'a', limit: 1000 });
      assert.ok(listed.some((row) => row.id.startsWith('fd_old_')) && listed.some((row) => !row.id.startsWith('fd_old_')));
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every walk of the chain is rowid lookups: no statement scans the decisions of a tenant per step', async () => {
  const store = new SqliteStore({ dataDir: ':memory:' });
  try {
    const params = { start: 1, tenantId: 't', agentId: 'a', tenant: 't', agent: 'a', since: 1, limit: 5, verdict: 'v', path: 'p' };
    const statements = [
      agentListSql([]),
      agentListSql(['d.verdict = @verdict', 'd.path = @path']),
      agentCountSql(SEQ_FLOOR_SINCE, 'd.created_at > @since'),
    ];
    for (const sql of statements) {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail);
      const onDecisions = plan.filter((detail) => /\b(decisions|d)\b/.test(detail));
      assert.ok(onDecisions.length >= 3, plan.join('\n'));
      for (const detail of onDecisions)
        assert.match(detail, /^SEARCH (decisions|d) USING INTEGER PRIMARY KEY \(rowid=\?\)$/, plan.join('\n'));
    }
  } finally {
    await store.close();
  }
});
