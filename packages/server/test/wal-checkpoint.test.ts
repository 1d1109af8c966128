// Issue 15: the SQLite store checkpoints its WAL with the fsyncs off the event loop (wal-checkpoint.ts):
// the copy without a sync once the WAL is on disk, the database file's sync on the thread pool, and
// nothing committed until it is done; a failed sync stops the store and keeps the WAL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';
import { WAL_BOUND_PAGES } from '../src/store/sqlite/sqlite-store.ts';
import { checkpointObservers, DatabaseFileSync, type CheckpointReport } from '../src/store/sqlite/wal-checkpoint.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The database file's syncs after a copy finish only when the test says so; syncs on the caller's thread are counted. */
class ManualDatabaseSync extends DatabaseFileSync {
  readonly pending: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  syncsNow = 0;
  constructor(file: string) {
    super(file, (_fd, done) => this.pending.push(done));
  }
  override durableNow(): void {
    this.syncsNow++;
    super.durableNow();
  }
}

async function storeWithManualDatabaseSync() {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-checkpoint-'));
  const file = join(dir, 'actiongate.db');
  let databaseSync!: ManualDatabaseSync;
  class ManualCheckpointStore extends SqliteStore {
    constructor() {
      super({ dataDir: dir, storageCheckMs: 60_000 });
      this.databaseSync.close();
      this.databaseSync = databaseSync = new ManualDatabaseSync(file);
    }
  }
  const store = new ManualCheckpointStore();
  await bootstrap(store, 'fk_checkpoint_admin_key_1', Date.now());
  const admin = (await store.findKeyByHash(hashSecret('fk_checkpoint_admin_key_1')))!;
  const service = new DecisionService(store, SigningKeyRing.ephemeral());
  const decide = (i: number) => service.decide(admin, { path: '/tools/search_documents', agent_id: `agent-${i % 3}`, payload: { i } });
  const reports: CheckpointReport[] = [];
  const observer = (report: CheckpointReport) => void reports.push(report);
  checkpointObservers.add(observer);
  /** Decides one at a time until the store asks for a sync of the database file. */
  const decideUntilCheckpoint = async () => {
    for (let i = 0; i < 500 && databaseSync.pending.length === 0; i++) {
      await decide(i);
      for (let t = 0; t < 3 && databaseSync.pending.length === 0; t++) await tick();
    }
    assert.equal(databaseSync.pending.length, 1, 'a checkpoint asked for a sync of the database file on the pool');
  };
  /** The WAL header: SQLite writes a new one (new salts) when it restarts the WAL. */
  const walHeader = () => readFileSync(`${file}-wal`).subarray(0, 32).toString('hex');
  const cleanup = () => {
    checkpointObservers.delete(observer);
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, dir, file, databaseSync: () => databaseSync, decide, decideUntilCheckpoint, reports, walHeader, cleanup };
}

const probeWrite = (store: SqliteStore) =>
  store.db
    .prepare('INSERT INTO storage_probe (id, probed_at) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET probed_at = probed_at + 1')
    .run();

test('a checkpoint copies without a sync and syncs the database file on the pool; nothing commits until that sync is done', async () => {
  const { store, databaseSync, decide, decideUntilCheckpoint, reports, walHeader, cleanup } = await storeWithManualDatabaseSync();
  try {
    // SQLite's own checkpoint (inside a commit, its fsyncs on the event loop) only past the bound.
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), WAL_BOUND_PAGES);
    await decideUntilCheckpoint();
    // The copy is done, the connection is back at FULL for other writes.
    assert.equal(store.db.pragma('synchronous', { simple: true }), 2);
    assert.equal(reports.length, 0, 'not reported before the database file is synced');
    // A decision waits: committing now would restart the WAL over pages the database file may not hold on disk yet.
    const header = walHeader();
    let answered = false;
    const waiting = decide(9999).then(() => {
      answered = true;
    });
    for (let i = 0; i < 10; i++) await tick();
    assert.equal(answered, false, 'no decision committed while the database file sync runs');
    assert.equal(walHeader(), header, 'the WAL was not restarted');
    // A write that is not held (an admin route's) syncs the database file on its own thread first.
    assert.equal(databaseSync().syncsNow, 0);
    probeWrite(store);
    assert.equal(databaseSync().syncsNow, 1, 'the database file was synced before the write restarted the WAL');
    assert.notEqual(walHeader(), header, 'that write restarted the WAL');
    probeWrite(store);
    assert.equal(databaseSync().syncsNow, 1, 'once');
    // The pool's sync ends: the held decision commits and is answered; the checkpoint is reported.
    for (const done of databaseSync().pending.splice(0)) done(null);
    await waiting;
    assert.equal(answered, true);
    assert.equal(reports.length, 1);
    assert.equal(reports[0].failed, null);
    assert.ok(reports[0].pages > 0, `${reports[0].pages} WAL pages copied`);
  } finally {
    await store.close();
    cleanup();
  }
});

test('a failed sync of the database file after a copy stops the store and keeps the WAL: no answered decision is lost', async () => {
  const { store, dir, file, databaseSync, decide, decideUntilCheckpoint, reports, walHeader, cleanup } =
    await storeWithManualDatabaseSync();
  const copy = mkdtempSync(join(tmpdir(), 'actiongate-checkpoint-copy-'));
  try {
    await decideUntilCheckpoint();
    const answered = (store.db.prepare('SELECT COUNT(*) FROM decisions').pluck().get() as number) ?? 0;
    const header = walHeader();
    const held = decide(9999);
    for (let i = 0; i < 3; i++) await tick();
    for (const done of databaseSync().pending.splice(0)) done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await assert.rejects(held, /failed disk sync|storage|fdatasync|unavailable/i);
    assert.equal(store.storageFault()?.kind, 'sync_failed');
    assert.deepEqual(
      reports.map((report) => report.failed),
      ['sync'],
    );
    // Nothing writes again: a write would restart the WAL, which holds what the database file may have lost.
    assert.throws(() => probeWrite(store), /failed sync of the database file/);
    await assert.rejects(decide(10_000));
    await store.close();
    assert.ok(existsSync(`${file}-wal`), 'the WAL is kept for the next start');
    assert.equal(walHeader(), header, 'and was never restarted');
    // The next start recovers from the WAL: every answered decision is there.
    cpSync(dir, copy, { recursive: true });
    const reopened = new SqliteStore({ dataDir: copy, storageCheckMs: 60_000 });
    try {
      assert.equal(reopened.db.prepare('SELECT COUNT(*) FROM decisions').pluck().get(), answered);
    } finally {
      await reopened.close();
    }
  } finally {
    cleanup();
    rmSync(copy, { recursive: true, force: true });
  }
});
