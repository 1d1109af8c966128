// WAL checkpoints run on a worker thread, so no commit on the event loop pays for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checkpointer } from '../src/store/sqlite/checkpointer.ts';

test('the worker copies committed pages into the database file while the writer never checkpoints', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-checkpoint-'));
  const file = join(dir, 'test.db');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(200));
    })();
    const before = statSync(file).size;
    const failures: unknown[] = [];
    const checkpointer = new Checkpointer(file, (error) => failures.push(error));
    const deadline = Date.now() + 5_000;
    while (statSync(file).size === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await checkpointer.stop();
    assert.ok(statSync(file).size > before + 200_000, `database file ${before} -> ${statSync(file).size} bytes`);
    assert.deepEqual(failures, []);
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n, 2_000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a worker that cannot checkpoint says so, so the writer can take checkpoints back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-checkpoint-'));
  try {
    // The worker does not keep a process alive; this test must, until the failure arrives.
    const alive = setInterval(() => {}, 1_000);
    const failed = new Promise<unknown>((resolve) => new Checkpointer(join(dir, 'missing', 'test.db'), resolve));
    assert.match(String(await failed), /directory does not exist|unable to open|SQLITE_CANTOPEN/i);
    clearInterval(alive);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
