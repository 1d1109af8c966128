// Starts `npm start`'s entry point as its own process, as a user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBundle } from './support/server-bundle.ts';

const MAIN = serverBundle();

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitFor(url: string, deadline = Date.now() + 120_000): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

test('first start prints the admin key once, serves, and stops cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-main-'));
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ACTIONGATE_DATA_DIR: dataDir,
      ACTIONGATE_ADMIN_KEY: '',
      ACTIONGATE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  try {
    const health = await waitFor(`http://127.0.0.1:${port}/healthz`);
    assert.equal(health.status, 200);
    const key = /X-API-Key: (fk_[A-Za-z0-9_-]+)/.exec(out)?.[1];
    assert.ok(key, `printed key in: ${out}`);
    const decision = await fetch(`http://127.0.0.1:${port}/fabric/decisions`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tools/search', agent_id: 'first', payload: { q: 'hello' } }),
    });
    assert.equal(decision.status, 200);
    assert.equal((await decision.json()).verdict, 'REQUIRE_APPROVAL');

    const keyDir = join(dataDir, 'signing-keys');
    const [pem] = readdirSync(keyDir);
    assert.equal(statSync(join(keyDir, pem)).mode & 0o777, 0o600, 'the signing key is private to its owner');
  } finally {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out);
  }

  // A second start keeps the tenant and its key, and prints no new key.
  const again = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ACTIONGATE_DATA_DIR: dataDir,
      ACTIONGATE_ADMIN_KEY: '',
      ACTIONGATE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out2 = '';
  again.stdout.on('data', (chunk) => (out2 += chunk));
  try {
    assert.equal((await waitFor(`http://127.0.0.1:${port}/healthz`)).status, 200);
    assert.ok(!out2.includes('X-API-Key'), out2);
  } finally {
    const exited = new Promise<number | null>((r) => again.once('exit', (code) => r(code)));
    again.kill('SIGTERM');
    assert.equal(await exited, 0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A server on a fresh data directory that a test kills (-9) and starts again: `decide` posts a decision
 * and records its id in `answered` when it was answered; `lostAnswers` lists those the running server lacks.
 */
async function crashableServer(prefix: string, adminKey: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ACTIONGATE_DATA_DIR: dataDir,
    ACTIONGATE_ADMIN_KEY: adminKey,
    ACTIONGATE_LOG_LEVEL: 'warn',
    // Every call of the load must be answered (shedding is load-shedding.test.ts's subject): on a loaded
    // machine a stall as long as a 250 ms sample reads as an infinite delay and sheds calls with 503.
    ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0',
  };
  const url = `http://127.0.0.1:${port}`;
  const answered: string[] = [];
  return {
    dataDir,
    answered,
    start: () => spawn(process.execPath, [MAIN], { env, stdio: 'ignore' }),
    ready: () => waitFor(`${url}/healthz`),
    decide: (agentId: string, payload: unknown) =>
      fetch(`${url}/fabric/decisions`, {
        method: 'POST',
        headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/tools/search', agent_id: agentId, payload }),
      }).then(async (res) => {
        if (res.status === 200) answered.push((await res.json()).decision_id);
        return res.status;
      }),
    /** The answered decisions the running server does not hold. */
    lostAnswers: async () => {
      const list = await fetch(`${url}/fabric/decisions?limit=1000`, { headers: { 'x-api-key': adminKey } });
      const stored = new Set(((await list.json()).decisions as { decision_id: string }[]).map((d) => d.decision_id));
      return answered.filter((id) => !stored.has(id));
    },
  };
}

async function stopAndRemove(server: ReturnType<typeof spawn>, dataDir: string): Promise<void> {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

test('every answered decision survives a crash (SIGKILL) of the server', async () => {
  const server = await crashableServer('actiongate-crash-', 'fk_crash_test_key');
  const first = server.start();
  try {
    await server.ready();
    // Bounded load: 200 decisions in waves of 20, then kill -9 while more are in flight.
    const send = (i: number) => server.decide(`crash-${i % 7}`, { i });
    for (let wave = 0; wave < 10; wave++) await Promise.all(Array.from({ length: 20 }, (_, j) => send(wave * 20 + j)));
    const inFlight = Array.from({ length: 20 }, (_, j) => send(1000 + j).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await Promise.all(inFlight);
  } finally {
    first.kill('SIGKILL');
  }
  assert.ok(server.answered.length >= 200);
  const second = server.start();
  try {
    await server.ready();
    assert.deepEqual(await server.lostAnswers(), [], 'answered decisions lost in the crash');
  } finally {
    await stopAndRemove(second, server.dataDir);
  }
});

test('every answered decision survives a crash (SIGKILL) during a checkpoint (issue 15)', async () => {
  const server = await crashableServer('actiongate-crash-checkpoint-', 'fk_crash_checkpoint_key');
  const database = join(server.dataDir, 'actiongate.db');
  const first = server.start();
  let killedInCheckpoint = false;
  try {
    await server.ready();
    await Promise.all(Array.from({ length: 5 }, (_, i) => server.decide(`ckpt-${i}`, { i })));
    // Only a checkpoint writes the database file (every commit goes to the WAL): kill -9 the moment it
    // changes, while the copy's database-file sync runs and decisions wait or commit around it.
    const before = statSync(database).mtimeMs;
    const watch = setInterval(() => {
      if (statSync(database).mtimeMs === before) return;
      killedInCheckpoint = true;
      first.kill('SIGKILL');
    }, 1);
    try {
      // Four callers one decision at a time each: lone batches, the case the checkpoint holds.
      const caller = async (c: number) => {
        for (let i = 0; i < 200 && !killedInCheckpoint; i++) await server.decide(`ckpt-${c}`, { c, i }).catch(() => undefined);
      };
      await Promise.all([0, 1, 2, 3].map(caller));
    } finally {
      clearInterval(watch);
    }
  } finally {
    first.kill('SIGKILL');
  }
  assert.ok(killedInCheckpoint, 'a checkpoint wrote the database file');
  const second = server.start();
  try {
    await server.ready();
    assert.deepEqual(await server.lostAnswers(), [], 'answered decisions lost in the crash');
    // The restarted server decides again on the recovered files.
    assert.equal(await server.decide('ckpt-after', { after: true }), 200);
  } finally {
    await stopAndRemove(second, server.dataDir);
  }
});
