// What waits for a group commit's WAL sync: the answers, the live events, and the operator's stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';
import { newKeyRow } from '../src/key-rows.ts';
import { WalSync } from '../src/store/sqlite/wal-sync.ts';
import { WAL_BOUND_PAGES } from '../src/store/sqlite/sqlite-store.ts';
import type { EventRow } from '../src/store/event-store.ts';

/** A store whose WAL syncs finish only when the test says so. */
async function storeWithManualSync() {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-durability-'));
  const syncs: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  /** The WAL's size in bytes when each sync started. */
  const walBytesAtSync: number[] = [];
  const wal = join(dir, 'actiongate.db-wal');
  class ManualSyncStore extends SqliteStore {
    constructor() {
      // Only the check before each answer, no timer (issue 23).
      super({ dataDir: dir, storageCheckMs: 60_000 });
      this.walSync = new WalSync(wal, (_fd, done) => {
        walBytesAtSync.push(statSync(wal).size);
        syncs.push(done);
      });
    }
  }
  const store = new ManualSyncStore();
  await bootstrap(store, 'fk_durability_admin_key_1', Date.now());
  const admin = (await store.findKeyByHash(hashSecret('fk_durability_admin_key_1')))!;
  const service = new DecisionService(store, SigningKeyRing.ephemeral());
  const finishSyncs = () => {
    for (const done of syncs.splice(0)) done(null);
  };
  const close = async () => {
    const closing = store.close();
    // close() waits for one more sync
    await new Promise((resolve) => setImmediate(resolve));
    finishSyncs();
    await closing;
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, admin, service, syncs, finishSyncs, close, dir, wal, walBytesAtSync };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('a decision is answered, and its event published, only after its WAL sync', async () => {
  const { store, admin, service, syncs, finishSyncs, close } = await storeWithManualSync();
  try {
    const events: EventRow[] = [];
    store.onEvents((batch) => events.push(...batch));
    let answered = false;
    const decision = service.decide(admin, { path: '/tools/search_documents', agent_id: 'a1', payload: { q: 1 } }).then((row) => {
      answered = true;
      return row;
    });
    for (let i = 0; i < 5 && syncs.length === 0; i++) await tick();
    assert.equal(syncs.length, 1, 'the batch committed and asked for a sync');
    assert.equal(answered, false);
    assert.equal(events.length, 0, 'no live event before the sync');
    finishSyncs();
    const row = await decision;
    assert.equal(answered, true);
    // A new agent's call is held: its decision and the approval it opened, in order.
    assert.deepEqual(
      events.map((event) => [event.type, event.data.decision_id]),
      [
        ['decision.created', row.id],
        ['approval.created', row.id],
      ],
    );
  } finally {
    await close();
  }
});

test("a batch's sync starts once all it wrote is in the WAL, and the next write commits with its own fsync again", async () => {
  const { store, admin, service, syncs, finishSyncs, close, wal, walBytesAtSync } = await storeWithManualSync();
  try {
    const decisions = [1, 2, 3].map((q) => service.decide(admin, { path: '/tools/search_documents', agent_id: 'a1', payload: { q } }));
    for (let i = 0; i < 5 && syncs.length === 0; i++) await tick();
    assert.equal(syncs.length, 1, 'one group commit, one sync');
    // Nothing of the batch was written after its sync began (issue 15: the sync starts right after
    // the commit, before the connection's settings are put back; those write nothing).
    assert.equal(statSync(wal).size, walBytesAtSync[0]);
    assert.ok(walBytesAtSync[0] > 0);
    // Every other write commits with synchronous=FULL, as before; SQLite's own checkpoints only past the
    // bound (issue 15: the store checkpoints, wal-checkpoint.ts).
    assert.equal(store.db.pragma('synchronous', { simple: true }), 2);
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), WAL_BOUND_PAGES);
    finishSyncs();
    assert.equal(new Set((await Promise.all(decisions)).map((row) => row.id)).size, 3);
  } finally {
    await close();
  }
});

test('a database file replaced while its sync runs: the batch is not answered as decided (issue 23), whether checked in full or in one stat', async () => {
  const { store, admin, service, syncs, finishSyncs, close, dir } = await storeWithManualSync();
  try {
    const decideSynced = async (q: number) => {
      const decision = service.decide(admin, { path: '/tools/search_documents', agent_id: 'a1', payload: { q } });
      for (let i = 0; i < 5 && syncs.length === 0; i++) await tick();
      return { decision, syncing: syncs.length === 1 };
    };
    const answered = async (q: number) => {
      const { decision, syncing } = await decideSynced(q);
      assert.ok(syncing);
      finishSyncs();
      return decision;
    };
    await answered(1);
    // The directory's last change (the WAL appearing) is now older than a timestamp's granularity:
    // after one more full check, the answers are confirmed by one stat of the directory.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await answered(2);
    await answered(3);
    const { decision, syncing } = await decideSynced(4);
    assert.ok(syncing);
    copyFileSync(join(dir, 'actiongate.db'), join(dir, 'old-copy.db'));
    renameSync(join(dir, 'old-copy.db'), join(dir, 'actiongate.db'));
    finishSyncs();
    await assert.rejects(decision, (error: Error) => /actiongate\.db` was replaced by another file/.test(error.message));
    assert.equal(store.storageFault()?.kind, 'files_replaced');
  } finally {
    await close();
  }
});

test('revoking a key reports done only after answers decided before it have left', async () => {
  const { store, admin, service, syncs, finishSyncs, close } = await storeWithManualSync();
  try {
    const order: string[] = [];
    const decision = service.decide(admin, { path: '/tools/search_documents', agent_id: 'a1', payload: { q: 2 } }).then(() => {
      order.push('decision answered');
    });
    for (let i = 0; i < 5 && syncs.length === 0; i++) await tick();
    const { row } = newKeyRow({ tenantId: admin.tenantId, kind: 'customer', role: 'approver', name: 'other' }, Date.now());
    await store.createKey(row);
    const revoked = store.revokeKey(admin.tenantId, 'customer', row.id, Date.now()).then(() => {
      order.push('revoke done');
    });
    await tick();
    assert.deepEqual(order, []);
    while (order.length < 2) {
      finishSyncs();
      await tick();
    }
    await Promise.all([decision, revoked]);
    assert.deepEqual(order, ['decision answered', 'revoke done']);
  } finally {
    await close();
  }
});

test('a tree head is kept only once a WAL sync that began after its write is done, and none runs inside its commit (issue 15)', async () => {
  const { store, admin, syncs, finishSyncs, close, wal, walBytesAtSync } = await storeWithManualSync();
  try {
    const head = (size: number) => ({
      tenant_id: admin.tenantId,
      tree_size: size,
      root_hash: 'ab'.repeat(32),
      timestamp: new Date().toISOString(),
      key_id: 'k1',
      signature: 'sig',
    });
    let kept = false;
    const saving = store.journal.saveHead(head(1)).then(() => {
      kept = true;
    });
    // Committed without an fsync (NORMAL: SQLite's own sync would run on the event loop), then synced.
    assert.equal(syncs.length, 1, 'the write asked for a sync');
    assert.equal(statSync(wal).size, walBytesAtSync[0], 'the whole write was in the WAL when its sync began');
    assert.equal(store.db.pragma('synchronous', { simple: true }), 2, 'other writes still commit with their own fsync');
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), WAL_BOUND_PAGES);
    for (let i = 0; i < 3; i++) await tick();
    assert.equal(kept, false, 'not kept before its sync');
    finishSyncs();
    await saving;
    assert.equal(kept, true);
    assert.equal((await store.journal.headAt(admin.tenantId, 1))?.signature, 'sig');
    // A failed sync fails the head and stops the store, as a failed decision sync does.
    const failing = store.journal.saveHead(head(2));
    for (const done of syncs.splice(0)) done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await assert.rejects(failing, /EIO/);
    assert.equal(store.storageFault()?.kind, 'sync_failed');
    await assert.rejects(store.journal.saveHead(head(3)), /failed disk sync/);
  } finally {
    await close();
  }
});
