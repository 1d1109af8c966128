// Under continuous decisions the write-ahead log is checkpointed and reused: it stays a few MB.
// (A background PASSIVE checkpointer never caught up with a busy writer and let it grow without end.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, SigningKeyRing, SqliteStore } from '../src/index.ts';
import { DecisionService } from '../src/decision-service.ts';
import { hashSecret } from '../src/ids.ts';

test('the write-ahead log stays bounded while decisions keep coming', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-wal-'));
  const store = new SqliteStore({ dataDir: dir });
  try {
    await bootstrap(store, 'fk_wal_bounded_admin_key_1', Date.now());
    const key = (await store.findKeyByHash(hashSecret('fk_wal_bounded_admin_key_1')))!;
    const service = new DecisionService(store, SigningKeyRing.ephemeral());
    const text = 'quarterly revenue report for the north region '.repeat(20);
    let maxWal = 0;
    // 40 rounds of 100 concurrent decisions: each round is a few group commits, with no pause between.
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          service.decide(key, { path: '/tools/search_documents', agent_id: `agent-${i % 20}`, payload: { text, round, i } }),
        ),
      );
      maxWal = Math.max(maxWal, statSync(join(dir, 'actiongate.db-wal')).size);
    }
    // Unbounded, 4,000 decisions leave ~40 MB of WAL here; SQLite's checkpoints keep it near 1,000 pages.
    assert.ok(maxWal < 12 * 1024 * 1024, `WAL reached ${(maxWal / 1e6).toFixed(1)} MB`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
