// The store conformance suite (src/store/store.cases.ts) against PostgreSQL: a real PostgreSQL 15
// started for this file (or the shared one of ACTIONGATE_TEST_DATABASE_URL), a fresh database per case.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DecisionService } from '../src/decision-service.ts';
import { newKeyRow } from '../src/key-rows.ts';
import { SigningKeyRing } from '../src/signing-keys.ts';
import { createTenantWithAdmin } from '../src/tenants.ts';
import { PostgresStore } from '../src/store/postgres/postgres-store.ts';
import { runStoreTests } from '../src/store/store.cases.ts';
import { createSharedDatabase, startPostgres, type TestPostgres } from './support/postgres-server.ts';

let server: TestPostgres | null = null;
let adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL ?? '';

before(async () => {
  if (!adminUrl) {
    server = await startPostgres();
    adminUrl = server.adminUrl;
  }
});
after(async () => {
  await server?.stop();
});

runStoreTests('postgres', async () => PostgresStore.open({ url: await createSharedDatabase(adminUrl), poolSize: 4 }));

// A group of decisions shares one transaction: one whose statements fail must fail alone, and the
// others of its group must still commit and be answered (the group is rolled back and decided again).
// The last decision of a group sends its writes together with COMMIT, which then answers ROLLBACK.
async function refusedAloneIn(paths: string[], agents = 1): Promise<void> {
  const store = await PostgresStore.open({ url: await createSharedDatabase(adminUrl), poolSize: 4 });
  try {
    const now = Date.now();
    const tenantId = 'tn_group';
    await createTenantWithAdmin(store, { id: tenantId, name: 'group', email: null }, now);
    const agentKeys: Array<ReturnType<typeof newKeyRow>['row']> = [];
    for (let a = 0; a < agents; a++) {
      const agentKey = newKeyRow({ tenantId, kind: 'agent', role: 'agent', name: `bot${a}`, agentId: `bot${a}` }, now).row;
      await store.createKey(agentKey);
      await store.seedTrustRecord(tenantId, { agentId: `bot${a}`, keyId: agentKey.id }, { approved: 10, blocked: 0 }, now);
      agentKeys.push(agentKey);
    }
    // The database refuses one path's decision row, as a constraint would.
    await store.pool.query(`CREATE FUNCTION refuse_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await store.pool.query(`CREATE TRIGGER refuse_explode BEFORE INSERT ON decisions FOR EACH ROW
      WHEN (NEW.path = '/tools/explode') EXECUTE FUNCTION refuse_explode()`);
    const decisions = new DecisionService(store, SigningKeyRing.ephemeral(), () => now);
    const call = (path: string, i: number) => decisions.decide(agentKeys[i % agents], { path, payload: { i } } as any);
    // Sent in one turn of the event loop: one group.
    const results = await Promise.allSettled(paths.map(call));
    assert.deepEqual(
      results.map((result) => result.status),
      paths.map((path) => (path === '/tools/explode' ? 'rejected' : 'fulfilled')),
    );
    // The connection the group used still serves the next group.
    const next = await call('/tools/search', 99);
    const answered = [...results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])), next];
    for (const row of answered) assert.equal((await store.getDecision(tenantId, row.id))?.verdict, row.verdict);
    const listed = await store.listDecisions(tenantId, { limit: 10 });
    assert.equal(listed.length, answered.length, 'the refused decision left no row');
    assert.equal(await store.journal.size(tenantId), answered.length, 'one journal entry per committed decision, none for the refused one');
    const created = (await store.listEvents(tenantId, 0, 100)).filter((event) => event.type === 'decision.created');
    assert.equal(created.length, answered.length);
  } finally {
    await store.close();
  }
}

test('a decision whose writes fail is refused alone; the rest of its group commits', () =>
  refusedAloneIn(['/tools/search', '/tools/search', '/tools/explode', '/tools/search', '/tools/search']));

test('the last decision of a group, whose writes leave with COMMIT, fails alone too; so does a lone one', async () => {
  await refusedAloneIn(['/tools/search', '/tools/search', '/tools/explode']);
  await refusedAloneIn(['/tools/explode']);
});

// Decisions of distinct agents read together and write together (reads-together.ts): one failing in
// the middle of such a run, or at its end with COMMIT, still fails alone.
test('a failing decision among distinct agents, read and written together, is refused alone', async () => {
  await refusedAloneIn(['/tools/search', '/tools/search', '/tools/explode', '/tools/search', '/tools/search'], 5);
  await refusedAloneIn(['/tools/search', '/tools/search', '/tools/explode'], 3);
});
