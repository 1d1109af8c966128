// Under continuous decisions the write-ahead log is checkpointed and reused: it stays a few MB.
// (A background PASSIVE checkpointer never caught up with a busy writer and let it grow without end.)
// Issue 15: the store's own checkpoints (wal-checkpoint.ts) keep it there, under the bound past which
// SQLite's automatic checkpoint would run inside a commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';
import { WAL_BOUND_PAGES } from '../src/store/sqlite/sqlite-store.ts';
import type { KeyRow } from '../src/store/store.ts';
import { checkpointObservers, type CheckpointReport } from '../src/store/sqlite/wal-checkpoint.ts';

/** The WAL file's size when it holds `pages` frames (4 KB pages, 24-byte frame headers, a 32-byte file header). */
const walBytes = (pages: number) => 32 + pages * (4096 + 24);

/**
 * Runs `decide` against a fresh store and returns the largest WAL it left; then asserts that the store
 * checkpointed it (at least 3 times, none failed) under the bound past which SQLite's automatic
 * checkpoint runs inside a commit (so that one never ran).
 */
async function checkpointedWal(
  adminKey: string,
  decide: (decide: DecisionService['decide'], key: KeyRow, walSize: () => number) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-wal-'));
  const store = new SqliteStore({ dataDir: dir });
  const reports: CheckpointReport[] = [];
  const observer = (report: CheckpointReport) => void reports.push(report);
  checkpointObservers.add(observer);
  try {
    await bootstrap(store, adminKey, Date.now());
    const key = (await store.findKeyByHash(hashSecret(adminKey)))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    let maxWal = 0;
    const walSize = () => (maxWal = Math.max(maxWal, statSync(join(dir, 'actiongate.db-wal')).size));
    await decide((k, call) => service.decide(k, call), key, walSize);
    assert.ok(reports.length >= 3, `${reports.length} checkpoints`);
    assert.deepEqual(
      reports.filter((report) => report.failed),
      [],
    );
    assert.ok(maxWal < walBytes(WAL_BOUND_PAGES), `WAL reached ${(maxWal / 1e6).toFixed(1)} MB`);
    return maxWal;
  } finally {
    checkpointObservers.delete(observer);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the write-ahead log stays bounded while decisions keep coming', async () => {
  const text = 'quarterly revenue report for the north region '.repeat(20);
  const maxWal = await checkpointedWal('fk_wal_bounded_admin_key_1', async (decide, key, walSize) => {
    // 40 rounds of 100 concurrent decisions: each round is a few group commits, with no pause between.
    // The store's checkpoints hold commits when due (the back-pressure).
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          decide(key, { path: '/tools/search_documents', agent_id: `agent-${i % 20}`, payload: { text, round, i } }),
        ),
      );
      walSize();
    }
  });
  // Unbounded, 4,000 decisions leave ~40 MB of WAL here.
  assert.ok(maxWal < 12 * 1024 * 1024, `WAL reached ${(maxWal / 1e6).toFixed(1)} MB`);
});

test('lone decisions: the store checkpoints the WAL, SQLite never has to (issue 15)', async () => {
  await checkpointedWal('fk_wal_bounded_admin_key_2', async (decide, key, walSize) => {
    // One at a time: every batch is a single decision (~15 WAL pages each).
    for (let i = 0; i < 1200; i++) {
      await decide(key, { path: '/tools/search_documents', agent_id: `lone-${i % 5}`, payload: { i } });
      if (i % 20 === 0) walSize();
    }
  });
});
