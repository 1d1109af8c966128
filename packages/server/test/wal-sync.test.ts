// Group commit durability: answers wait for an fdatasync that began after their commit was written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalSync } from '../src/store/sqlite/wal-sync.ts';

/** A sync that finishes only when the test says so; `fds` holds the descriptor each call synced. */
function manualSync() {
  const calls: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  const fds: number[] = [];
  return {
    calls,
    fds,
    sync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      fds.push(fd);
      calls.push(done);
    },
  };
}

/** Descriptors this process holds open on `file`. */
const openOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

/** A WAL file in a temp dir and a WalSync over it whose syncs the test finishes. */
async function withManualWal(run: (walSync: WalSync, sync: ReturnType<typeof manualSync>, wal: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-walsync-'));
  const wal = join(dir, 'db-wal');
  writeFileSync(wal, 'frames');
  const manual = manualSync();
  const walSync = new WalSync(wal, manual.sync);
  try {
    await run(walSync, manual, wal);
  } finally {
    walSync.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const EIO = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

test('a caller who wrote while a sync was running starts its own on another descriptor; while two run, callers share the next', async () => {
  await withManualWal(async (walSync, { calls, fds }, wal) => {
    const first = walSync.durable();
    assert.equal(calls.length, 1);
    assert.equal(openOn(wal), 2, 'both descriptors are opened together, before the first sync');
    // Written after the first sync began: it may not be answered by it, so it starts its own at once.
    const second = walSync.durable();
    assert.equal(calls.length, 2, 'a second sync runs beside the first');
    assert.notEqual(fds[1], fds[0], 'each sync in flight has its own descriptor');
    const third = walSync.durable();
    const fourth = walSync.durable();
    assert.equal(calls.length, 2, 'callers while both run share the next sync');
    calls[1](null);
    assert.equal(await settled(second), 'pending', 'not answered before the sync that began earlier succeeded');
    assert.equal(calls.length, 3, 'the next sync starts as soon as a running one ends');
    assert.equal(fds[2], fds[1], 'on the descriptor just freed');
    calls[0](null);
    assert.equal(await settled(first), 'resolved');
    assert.equal(await settled(second), 'resolved');
    assert.equal(await settled(third), 'pending');
    calls[2](null);
    assert.equal(await settled(third), 'resolved');
    assert.equal(await settled(fourth), 'resolved');
    walSync.close();
    assert.equal(openOn(wal), 0, 'closed');
  });
});

test('a writeback error reported to only one of two overlapping syncs fails the callers of both', async () => {
  await withManualWal(async (walSync, { calls }) => {
    const first = walSync.durable();
    const second = walSync.durable();
    // The later sync reports success (its descriptor did not hear of the error), the earlier one fails:
    // the later commit lies after the lost frames in the WAL, so it is not on disk either.
    calls[1](null);
    calls[0](EIO());
    await assert.rejects(first, /EIO/);
    await assert.rejects(second, /EIO/);
    // The other order: the earlier succeeds, the later fails; only the later's callers are refused.
    const third = walSync.durable();
    const fourth = walSync.durable();
    calls[2](null);
    calls[3](EIO());
    assert.equal(await settled(third), 'resolved');
    await assert.rejects(fourth, /EIO/);
  });
});

test('a failed sync rejects its callers, and the next call syncs afresh', async () => {
  await withManualWal(async (walSync, { calls }) => {
    const failed = walSync.durable();
    calls[0](EIO());
    await assert.rejects(failed, /EIO/);
    const next = walSync.durable();
    assert.equal(calls.length, 2);
    calls[1](null);
    await next;
  });
});

test('an in-memory database has nothing to sync', async () => {
  await new WalSync(null).durable();
});
