// A full disk (issue 23), on a real 2 MB tmpfs volume: the server refuses decisions with a 503 that
// says the disk is full (never a verdict), keeps serving reads, starts on the full disk, and once
// space returns checkpoints the WAL and decides again by itself. Mounting needs root; without it
// the test still checks what it can without a volume (the classification and the recovery state).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyStorageError } from '../src/store/storage-status.ts';
import { StorageHealth } from '../src/store/sqlite/storage-health.ts';
import { startOn } from './support/storage-server.ts';

function mountSmallVolume(): string | null {
  const point = mkdtempSync(join(tmpdir(), 'actiongate-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', point], { stdio: 'ignore' });
    return point;
  } catch {
    rmSync(point, { recursive: true, force: true });
    return null;
  }
}

/** Writes zeros to `file` until the volume says ENOSPC; returns the bytes written. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(16 * 1024);
  let written = 0;
  try {
    for (let i = 0; i < 1024; i++) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

test('a full disk: 503 "disk is full" and reads served; starts while full; recovers and checkpoints when space returns', async (t) => {
  const volume = mountSmallVolume();
  if (!volume) {
    t.diagnostic('cannot mount a tmpfs here (not root?): checking the fault state without a volume');
    assert.equal(classifyStorageError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))?.kind, 'disk_full');
    assert.equal(classifyStorageError(Object.assign(new Error('no space'), { code: 'ENOSPC' }))?.kind, 'disk_full');
    const health = new StorageHealth();
    assert.equal(health.noteError(Object.assign(new Error('full'), { code: 'SQLITE_FULL' })), true);
    assert.equal(health.fault?.permanent, false);
    health.recovered();
    assert.equal(health.fault, null);
    return;
  }
  const dataDir = join(volume, 'data');
  mkdirSync(dataDir);
  let server = await startOn(dataDir);
  try {
    const text = 'x'.repeat(4000);
    for (let i = 0; i < 5; i++) assert.equal((await server.decide({ text, i })).status, 200);
    const decided = (await server.call('GET', '/fabric/decisions?limit=1000')).body.decisions.length;
    fill(join(volume, 'filler'));

    // The WAL may still have room for a few; within a bounded number the disk runs out.
    let full: Awaited<ReturnType<typeof server.decide>> | null = null;
    for (let i = 0; i < 400 && !full; i++) {
      const res = await server.decide({ text, filler: i });
      assert.ok(res.status === 200 || res.status === 503, `status ${res.status}: ${JSON.stringify(res.body)}`);
      if (res.status === 503) full = res;
    }
    assert.ok(full, 'the disk filled up within 400 decisions');
    assert.equal(full.body.verdict, undefined, 'never a verdict');
    assert.equal(full.body.code, 'AG_STORAGE_FAULT');
    assert.match(full.body.detail, /disk is full/);
    assert.equal(full.headers.get('retry-after'), '5');
    const again = await server.decide({ text, after: true });
    assert.equal(again.status, 503);
    assert.match(again.body.detail, /disk is full/);
    const ready = await server.call('GET', '/readyz');
    assert.equal(ready.status, 503);
    assert.match(ready.body.detail, /disk is full/);
    assert.equal((await server.call('GET', '/healthz')).status, 200);
    const listed = await server.call('GET', '/fabric/decisions?limit=1000');
    assert.equal(listed.status, 200, 'reads are served');
    assert.ok(listed.body.decisions.length >= decided);

    // A restart on the full disk: the server starts, serves reads, refuses decisions.
    await server.close();
    server = await startOn(dataDir);
    assert.equal((await server.call('GET', '/fabric/decisions?limit=1000')).status, 200);
    let refused = false;
    for (let i = 0; i < 400 && !refused; i++) {
      const res = await server.decide({ text, restarted: i });
      assert.ok(res.status === 200 || res.status === 503, `status ${res.status}`);
      refused = res.status === 503;
    }
    assert.ok(refused, 'still full after the restart');

    // Space returns: the monitor checkpoints and probes, and the node decides again by itself.
    const walBefore = statSync(join(dataDir, 'actiongate.db-wal')).size;
    rmSync(join(volume, 'filler'));
    let readyAgain = false;
    // The monitor ticks every second; bounded by 60 s of time, not by tries (a loaded machine is slow).
    for (const deadline = Date.now() + 60_000; !readyAgain && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      readyAgain = (await server.call('GET', '/readyz')).status === 200;
    }
    assert.ok(readyAgain, 'ready again after space returned');
    const after = await server.decide({ text, recovered: true });
    assert.equal(after.status, 200);
    assert.match(after.body.verdict, /^[A-Z_]+$/);
    const walAfter = statSync(join(dataDir, 'actiongate.db-wal')).size;
    assert.ok(walAfter < walBefore, `the WAL was checkpointed (${walBefore} -> ${walAfter} bytes)`);
    assert.ok(server.lines.some((line) => line.msg === 'storage recovered, deciding again'));
  } finally {
    await server.close();
    unmount(volume);
    rmSync(volume, { recursive: true, force: true });
  }
});

/** Unmounts the test volume; a mount still busy a few seconds on (a loaded machine) is detached lazily, so cleanup never hides the failure above. */
function unmount(volume: string): void {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      execFileSync('umount', [volume], { stdio: 'ignore' });
      return;
    } catch {
      execFileSync('sleep', ['0.25']);
    }
  }
  execFileSync('umount', ['-l', volume]);
}
