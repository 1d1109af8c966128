// Issue 15: a group commit starts from the journal's and the events' tips the last one left, unless
// something else wrote in between (batch-tips.ts, checked with `total_changes()`). A write outside
// the decisions between two group commits must be chained to and counted, never overwritten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';

const TENANT = 'tn_default';

async function withService(run: (store: SqliteStore, decide: (agentId: string) => Promise<unknown>) => Promise<void>) {
  const store = new SqliteStore({ dataDir: ':memory:' });
  try {
    await bootstrap(store, 'fk_batch_tips_admin', Date.now());
    const admin = (await store.findKeyByHash(hashSecret('fk_batch_tips_admin')))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    await run(store, (agent_id) => service.decide(admin, { path: '/tools/search', agent_id, payload: {} } as never));
  } finally {
    await store.close();
  }
}

async function assertChained(store: SqliteStore): Promise<number> {
  const entries = await store.journal.list(TENANT, 0, 1000);
  entries.forEach((entry, i) => {
    assert.equal(entry.seq, i + 1, 'journal seqs without gap');
    if (i > 0) assert.equal(entry.prevHash, entries[i - 1].entryHash, `entry ${entry.seq} chains to the one before`);
  });
  return entries.length;
}

test('journal entries and events written between two group commits are chained to by the next one', async () => {
  await withService(async (store, decide) => {
    await decide('first'); // a new agent's call is held: decision and approval, in the journal and as events
    const before = await store.listEvents(TENANT, 0, 1000);
    // Outside any group commit: an approval decided (journal entry and event) and an event of its own.
    const [approval] = await store.listApprovals(TENANT, { status: 'pending', limit: 10 }, Date.now());
    const decided = await store.decideApproval(TENANT, approval.id, {
      approve: false,
      keyId: 'another-key',
      note: null,
      now: Date.now(),
      resendWindowMs: 60_000,
    });
    assert.equal(decided.ok, true);
    await store.appendEvent(TENANT, 'posture.updated', { version: 2 }, Date.now());
    const journalBefore = await assertChained(store);
    await decide('second');
    await decide('third');
    assert.equal(await assertChained(store), journalBefore + 4, 'two held decisions, each with its approval');
    const events = await store.listEvents(TENANT, 0, 1000);
    assert.deepEqual(
      events.map((event) => event.seq),
      events.map((_, i) => i + 1),
      'event seqs without gap or repeat',
    );
    assert.equal(events.length, before.length + 2 + 4);
  });
});

test('consecutive group commits with nothing between them continue each other', async () => {
  await withService(async (store, decide) => {
    for (const agent of ['a', 'b', 'c', 'd']) await decide(agent);
    assert.equal(await assertChained(store), 8);
    const events = await store.listEvents(TENANT, 0, 1000);
    assert.deepEqual(
      events.map((event) => event.seq),
      events.map((_, i) => i + 1),
    );
  });
});
