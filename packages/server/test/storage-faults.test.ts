// Storage faults under a running server (issue 23): the data directory deleted, the database
// replaced, and the store reopened where a database used to be. Each must stop decisions with a 503
// that says why, turn readiness false while liveness stays true, and log an error line; a
// directory that had a database is never given a fresh store silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../src/index.ts';
import { dataDirBanner, STORE_MARKER_FILE } from '../src/store/sqlite/data-dir.ts';
import { startOn } from './support/storage-server.ts';

test('the data directory deleted under the running server: 503 with the reason, not ready, an error logged', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-deleted-'));
  const server = await startOn(dir);
  try {
    assert.equal((await server.decide()).status, 200);
    assert.equal((await server.call('GET', '/readyz')).status, 200);
    rmSync(dir, { recursive: true, force: true });
    for (let i = 0; i < 3; i++) {
      const res = await server.decide({ q: i });
      assert.equal(res.status, 503);
      assert.equal(res.body.verdict, undefined, 'never a verdict');
      assert.equal(res.body.code, 'AG_STORAGE_FAULT');
      assert.match(res.body.detail, /was deleted while the server had it open|is gone/);
      assert.equal(res.headers.get('retry-after'), null, 'a restart is needed: nothing to retry into');
    }
    const ready = await server.call('GET', '/readyz');
    assert.equal(ready.status, 503);
    assert.match(ready.body.detail, /cannot write/);
    assert.equal((await server.call('GET', '/healthz')).status, 200, 'the process lives');
    // Other writes are refused too: a key minted now would vanish at the next restart.
    assert.equal((await server.call('POST', '/fabric/api-keys', { name: 'late', role: 'approver' })).status, 503);
    assert.ok(
      server.lines.some((line) => line.level === 50 && /storage fault/.test(line.msg) && line.fault?.kind === 'files_replaced'),
      'an error line names the fault',
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the database file replaced by another: decisions stop before their answer, readiness false', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-replaced-'));
  const server = await startOn(dir, { storageCheckMs: 60_000 }); // only the check before each answer
  try {
    assert.equal((await server.decide()).status, 200);
    // A restore from an old copy, moved over the live file (rename is what tools do).
    copyFileSync(join(dir, 'actiongate.db'), join(dir, 'old-copy.db'));
    renameSync(join(dir, 'old-copy.db'), join(dir, 'actiongate.db'));
    const res = await server.decide({ q: 'after' });
    assert.equal(res.status, 503);
    assert.equal(res.body.verdict, undefined);
    assert.match(res.body.detail, /actiongate\.db` was replaced by another file/);
    assert.equal((await server.call('GET', '/readyz')).status, 503);
    assert.equal(server.store.storageFault()?.kind, 'files_replaced');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a store is never recreated silently where a database was: the marker makes it loud', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-marker-'));
  try {
    const first = new SqliteStore({ dataDir: dir });
    assert.equal(first.dataDirReport?.fresh, true);
    assert.deepEqual(dataDirBanner(first.dataDirReport!), [`ActionGate: created a new, empty store in \`${dir}\`.`]);
    assert.ok(existsSync(join(dir, STORE_MARKER_FILE)));
    await first.close();

    const again = new SqliteStore({ dataDir: dir });
    assert.equal(again.dataDirReport?.fresh, false);
    assert.equal(again.dataDirReport?.lostDatabase, null);
    assert.deepEqual(dataDirBanner(again.dataDirReport!), [], 'an existing store opens quietly');
    await again.close();

    for (const name of ['actiongate.db', 'actiongate.db-wal']) rmSync(join(dir, name), { force: true });
    const lost = new SqliteStore({ dataDir: dir });
    assert.equal(lost.dataDirReport?.fresh, true);
    assert.match(lost.dataDirReport?.lostDatabase?.createdAt ?? '', /^\d{4}-\d\d-\d\dT/);
    const banner = dataDirBanner(lost.dataDirReport!).join('\n');
    assert.match(banner, /THIS DATA DIRECTORY HAD A DATABASE, AND IT IS GONE/);
    assert.match(banner, /NEW, EMPTY store/);
    await lost.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no -shm file: the WAL index lives in memory, so a fault on it cannot SIGBUS the process', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-shm-'));
  const server = await startOn(dir);
  try {
    assert.equal((await server.decide()).status, 200);
    assert.equal(server.store.db.pragma('locking_mode', { simple: true }), 'exclusive');
    assert.equal(server.store.db.pragma('journal_mode', { simple: true }), 'wal');
    assert.ok(existsSync(join(dir, 'actiongate.db-wal')));
    assert.equal(existsSync(join(dir, 'actiongate.db-shm')), false);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
