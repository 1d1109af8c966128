// Fail closed: an internal error, an unreachable store or a failed commit never yields a verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, buildApp, configFromEnv, SigningKeyRing, SqliteStore } from '../src/index.ts';
import type { DecisionJob } from '../src/store/store.ts';
import { WalSync } from '../src/store/sqlite/wal-sync.ts';

const KEY = 'fk_fail_closed_key';

async function start(store: SqliteStore) {
  await bootstrap(store, KEY, Date.now());
  const { app } = buildApp({
    config: configFromEnv({ PORT: '0', ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0' }),
    store,
    keyRing: SigningKeyRing.ephemeral(),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const decide = () =>
    fetch(`http://127.0.0.1:${port}/fabric/decisions`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tools/search', agent_id: 'a', payload: { q: 1 } }),
    });
  return { app, port, decide };
}

test('a failing commit answers 500 without a verdict, and the batch is not half-written', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-fail-'));
  class FailingCommitStore extends SqliteStore {
    failNext = false;
    override runDecision(job: DecisionJob) {
      if (!this.failNext) return super.runDecision(job);
      // The engine runs, but the record cannot be written: a disk error at commit time.
      return super.runDecision({
        ...job,
        compute: (state) => {
          const out = job.compute(state);
          return { ...out, row: { ...out.row, id: null as unknown as string } };
        },
      });
    }
  }
  const store = new FailingCommitStore({ dataDir: dir });
  const { app, decide } = await start(store);
  try {
    store.failNext = true;
    const res = await decide();
    assert.equal(res.status, 500);
    const body = await res.json();
    assert.equal(body.verdict, undefined);
    assert.equal(body.blocked, undefined);
    assert.match(body.detail, /not decided/);
    const count = (store.db.prepare('SELECT COUNT(*) AS n FROM decisions').get() as { n: number }).n;
    assert.equal(count, 0);
    const approvals = (store.db.prepare('SELECT COUNT(*) AS n FROM approvals').get() as { n: number }).n;
    assert.equal(approvals, 0, 'the approval of a decision that failed to commit is rolled back with it');
    store.failNext = false;
    assert.equal((await decide()).status, 200, 'the next decision goes through');
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a failed fsync of the write-ahead log answers 503 without a verdict, and stops the store until a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-fsync-'));
  let failSync = false;
  class FailingDiskStore extends SqliteStore {
    constructor() {
      super({ dataDir: dir });
      this.walSync = new WalSync(join(dir, 'actiongate.db-wal'), (fd, done) =>
        failSync ? done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })) : fdatasync(fd, done),
      );
    }
  }
  const store = new FailingDiskStore();
  const { app, port, decide } = await start(store);
  try {
    assert.equal((await decide()).status, 200);
    failSync = true;
    const res = await decide();
    assert.equal(res.status, 503, 'a disk that fails is a storage fault (issue 23), not a bad request');
    const body = await res.json();
    assert.equal(body.code, 'AG_STORAGE_FAULT');
    assert.equal(body.verdict, undefined, 'a decision that may not be on disk is not answered as decided');
    // After a failed fsync a later one may report success for pages that were lost: trust none.
    failSync = false;
    const after = await decide();
    assert.ok(after.status >= 500, `status ${after.status}`);
    assert.equal((await after.json()).verdict, undefined);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 503, 'reported unhealthy until restarted');
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unreachable store: readiness is 503, liveness 200, and decisions are refused, never allowed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-down-'));
  const store = new SqliteStore({ dataDir: dir });
  const { app, port, decide } = await start(store);
  try {
    store.db.close();
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 503, 'this node cannot decide');
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200, 'but the process lives: no restart needed');
    const res = await decide();
    assert.ok(res.status >= 500, `status ${res.status}`);
    const body = await res.json();
    assert.equal(body.verdict, undefined);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
