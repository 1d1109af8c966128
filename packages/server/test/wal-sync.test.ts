// Group commit durability: answers wait for an fdatasync that began after their commit was written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalSync } from '../src/store/sqlite/wal-sync.ts';

/** A sync that finishes only when the test says so. */
function manualSync() {
  const calls: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  return { calls, sync: (_fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void calls.push(done) };
}

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

test('a caller who wrote while a sync was running waits for the next sync, and one sync serves many', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-walsync-'));
  try {
    const wal = join(dir, 'db-wal');
    writeFileSync(wal, 'frames');
    const { calls, sync } = manualSync();
    const walSync = new WalSync(wal, sync);
    const first = walSync.durable();
    assert.equal(calls.length, 1);
    // Written after the first sync began: neither may be answered by it.
    const second = walSync.durable();
    const third = walSync.durable();
    assert.equal(calls.length, 1, 'callers during a running sync share the next one');
    calls[0](null);
    assert.equal(await settled(first), 'resolved');
    assert.equal(await settled(second), 'pending');
    assert.equal(calls.length, 2, 'the next sync starts as soon as the running one ends');
    calls[1](null);
    assert.equal(await settled(second), 'resolved');
    assert.equal(await settled(third), 'resolved');
    walSync.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a failed sync rejects its callers, and the next call syncs afresh', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-walsync-'));
  try {
    const wal = join(dir, 'db-wal');
    writeFileSync(wal, 'frames');
    const { calls, sync } = manualSync();
    const walSync = new WalSync(wal, sync);
    const failed = walSync.durable();
    calls[0](Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await assert.rejects(failed, /EIO/);
    const next = walSync.durable();
    assert.equal(calls.length, 2);
    calls[1](null);
    await next;
    walSync.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an in-memory database has nothing to sync', async () => {
  await new WalSync(null).durable();
});
