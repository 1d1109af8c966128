// The files' identity check before a group commit is answered (issue 23), confirmed in one stat of
// the data directory while nothing in it changed since a full check passed (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileIdentityWatch } from '../src/store/sqlite/file-identity-watch.ts';

/** A data directory with a database and a WAL whose entries are older than a timestamp's granularity. */
async function settledDir(): Promise<{ dir: string; db: string; wal: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-identity-'));
  const db = join(dir, 'actiongate.db');
  const wal = `${db}-wal`;
  writeFileSync(db, 'pages');
  writeFileSync(wal, 'frames');
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return { dir, db, wal };
}

test('unchanged since a passing check: one stat says so, and any entry deleted, replaced or added since says not', async () => {
  const { dir, db, wal } = await settledDir();
  try {
    const watch = new FileIdentityWatch([dir, db], [wal], dir);
    assert.equal(watch.unchangedSincePassed(), false, 'nothing has passed yet');
    assert.equal(watch.check(), null);
    assert.equal(watch.unchangedSincePassed(), true);
    // Writing into the files changes no name.
    writeFileSync(wal, 'more frames', { flag: 'a' });
    assert.equal(watch.unchangedSincePassed(), true);

    // A restore moved over the live file.
    copyFileSync(db, join(dir, 'old.db'));
    renameSync(join(dir, 'old.db'), db);
    assert.equal(watch.unchangedSincePassed(), false);
    assert.match(watch.check() ?? '', /actiongate\.db` was replaced by another file/);
    assert.equal(watch.unchangedSincePassed(), false, 'a failed check passes nothing');
    watch.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the WAL deleted, the directory deleted, or the directory changed just before the check: not confirmed', async () => {
  const { dir, db, wal } = await settledDir();
  try {
    const watch = new FileIdentityWatch([dir, db], [wal], dir);
    assert.equal(watch.check(), null);
    unlinkSync(wal);
    assert.equal(watch.unchangedSincePassed(), false);
    assert.match(watch.check() ?? '', /-wal` was deleted/);
    watch.close();

    writeFileSync(wal, 'frames');
    // The directory changed a moment ago: its ctime may be as coarse as the next change's.
    const fresh = new FileIdentityWatch([dir, db], [wal], dir);
    assert.equal(fresh.check(), null);
    assert.equal(fresh.unchangedSincePassed(), false);
    fresh.close();

    const later = new FileIdentityWatch([dir, db], [wal], dir);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    assert.equal(later.check(), null);
    assert.equal(later.unchangedSincePassed(), true);
    rmSync(dir, { recursive: true, force: true });
    assert.equal(later.unchangedSincePassed(), false);
    assert.match(later.check() ?? '', /was deleted while the server had it open/);
    later.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file that is a symbolic link, or lives elsewhere, or no directory named: always the full check', async () => {
  const { dir, db, wal } = await settledDir();
  const elsewhere = mkdtempSync(join(tmpdir(), 'actiongate-identity-target-'));
  try {
    const target = join(elsewhere, 'real.db');
    writeFileSync(target, 'pages');
    const link = join(dir, 'linked.db');
    symlinkSync(target, link);
    mkdirSync(join(dir, 'sub'));
    const other = join(dir, 'sub', 'other.db');
    writeFileSync(other, 'pages');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const watch of [
      new FileIdentityWatch([dir, link], [], dir),
      new FileIdentityWatch([dir, other], [], dir),
      new FileIdentityWatch([dir, db], [wal]),
    ]) {
      assert.equal(watch.check(), null);
      assert.equal(watch.unchangedSincePassed(), false);
      watch.close();
    }
    // The link's target replaced where the directory cannot see it: the full check does.
    const watch = new FileIdentityWatch([dir, link], [], dir);
    copyFileSync(target, join(elsewhere, 'copy.db'));
    renameSync(join(elsewhere, 'copy.db'), target);
    assert.equal(watch.unchangedSincePassed(), false);
    assert.match(watch.check() ?? '', /linked\.db` was replaced/);
    watch.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
