// Issue 15: within one group commit the journal remembers each tenant's last entry instead of reading
// it back. A decision of the batch whose savepoint rolls back after its entries were written must
// not leave the next decisions chaining from those entries: no gap, no hash from a rolled-back entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';

test('a decision rolled back inside a batch leaves the next ones of the batch chained to the entries before it', async () => {
  const store = new SqliteStore({ dataDir: ':memory:' });
  try {
    await bootstrap(store, 'fk_batch_rollback_admin', Date.now());
    const admin = (await store.findKeyByHash(hashSecret('fk_batch_rollback_admin')))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    await service.decide(admin, { path: '/tools/search', agent_id: 'before', payload: {} } as never);
    const sizes: number[] = [];
    const inner = store as unknown as { flush(): void; queue: unknown[] };
    const flush = inner.flush.bind(store);
    inner.flush = () => {
      sizes.push(inner.queue.length);
      flush();
    };
    // The held call of agent `doomed` fails after both its entries were appended (decision, approval).
    const journal = store.journal;
    const append = journal.append.bind(journal);
    journal.append = (tenantId, type, refId, time, record) => {
      const seq = append(tenantId, type, refId, time, record);
      if (type === 'approval.created' && (record as { agent_id?: string }).agent_id === 'doomed') throw new Error('disk full');
      return seq;
    };
    const results = await Promise.allSettled(
      ['first', 'doomed', 'after'].map((agent_id) => service.decide(admin, { path: '/tools/search', agent_id, payload: {} } as never)),
    );
    assert.deepEqual(sizes, [3], 'the three calls were one group commit');
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const entries = await store.journal.list('tn_default', 0, 100);
    assert.deepEqual(
      entries.map((entry) => entry.seq),
      [1, 2, 3, 4, 5, 6],
      'three held decisions with their approvals, nothing of the doomed one, no gap',
    );
    for (let i = 1; i < entries.length; i++) assert.equal(entries[i].prevHash, entries[i - 1].entryHash, `entry ${entries[i].seq}`);
    assert.ok(!JSON.stringify(entries).includes('doomed'));
  } finally {
    await store.close();
  }
});
