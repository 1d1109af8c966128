// Two nodes on one PostgreSQL, node A a process of its own killed with SIGKILL under bounded load:
// node B keeps answering, every decision either node answered is readable from B, the journal
// verifies as one chain, and B's cluster status shows A unhealthy (and B, alone of two, without
// quorum: its consensus stage fails closed until A is back or forgotten).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeySet, verifyJournal } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';
import { createSharedDatabase, startPostgres, type TestPostgres } from './support/postgres-server.ts';
import { serverBundle } from './support/server-bundle.ts';

const MAIN = serverBundle();
/** Short heartbeats, so A's death shows within seconds; generous enough for a loaded machine. */
const CLUSTER_ENV = { ACTIONGATE_HEARTBEAT_MS: '200', ACTIONGATE_NODE_UNHEALTHY_MS: '3000', ACTIONGATE_NODE_FORGET_MS: '600000' };

let postgres: TestPostgres | null = null;
let b: TestServer;
let nodeA: ChildProcess | null = null;
let dataDirA = '';

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

before(async () => {
  let adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL;
  if (!adminUrl) {
    postgres = await startPostgres();
    adminUrl = postgres.adminUrl;
  }
  const databaseUrl = await createSharedDatabase(adminUrl);
  b = await startServer({ ACTIONGATE_NODE_ID: 'node-b', ...CLUSTER_ENV }, { databaseUrl });
  dataDirA = mkdtempSync(join(tmpdir(), 'actiongate-node-a-'));
  const port = await freePort();
  nodeA = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...CLUSTER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      ACTIONGATE_DATA_DIR: dataDirA,
      ACTIONGATE_DATABASE_URL: databaseUrl,
      ACTIONGATE_ADMIN_KEY: b.adminKey,
      ACTIONGATE_NODE_ID: 'node-a',
      ACTIONGATE_VAULT_KEY: '7e'.repeat(32),
      ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0',
      ACTIONGATE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nodeA.stdout!.on('data', (chunk) => (outputA += chunk));
  nodeA.stderr!.on('data', (chunk) => (outputA += chunk));
  urlA = `http://127.0.0.1:${port}`;
  // Bounded wait for A to serve (a loaded machine starts slowly).
  for (let i = 0; i < 1200; i++) {
    const ready = await fetch(`${urlA}/readyz`).catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node A did not become ready: ${outputA.slice(-2000)}`);
});
let urlA = '';
let outputA = '';

after(async () => {
  nodeA?.kill('SIGKILL');
  await b?.close();
  await postgres?.stop();
  if (dataDirA) rmSync(dataDirA, { recursive: true, force: true });
});

test('node A killed with SIGKILL under load: B keeps answering, loses nothing, and reports A unhealthy', async () => {
  const status = async () => (await b.call('GET', '/fabric/cluster/status')).body;
  // Both nodes are members and healthy before the kill (bounded wait for A's first beats to be seen).
  for (let i = 0; i < 100 && (await status()).healthy_nodes < 2; i++) await new Promise((r) => setTimeout(r, 100));
  const before = await status();
  assert.deepEqual([before.node_count, before.healthy_nodes, before.is_quorum], [2, 2, true]);

  const answered: { id: string; verdict: string; node: string }[] = [];
  const send = async (node: 'a' | 'b', i: number) => {
    const url = node === 'a' ? urlA : b.url;
    const res = await fetch(`${url}/fabric/decisions`, {
      method: 'POST',
      headers: { 'x-api-key': b.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tools/search', agent_id: `load-${i % 5}`, payload: { i } }),
    }).catch(() => null);
    if (res?.status === 200) {
      const body = (await res.json()) as { decision_id: string; verdict: string };
      answered.push({ id: body.decision_id, verdict: body.verdict, node });
    }
    return res?.status ?? 0;
  };
  // Bounded load over both nodes: 6 waves of 20, then A is killed while a wave is in flight.
  for (let wave = 0; wave < 6; wave++) await Promise.all(Array.from({ length: 20 }, (_, j) => send(j % 2 ? 'a' : 'b', wave * 20 + j)));
  assert.ok(answered.some((d) => d.node === 'a') && answered.some((d) => d.node === 'b'), 'both nodes answered');
  const inFlight = Promise.all(Array.from({ length: 20 }, (_, j) => send(j % 2 ? 'a' : 'b', 1000 + j)));
  nodeA!.kill('SIGKILL');
  await inFlight;
  await new Promise((r) => (nodeA!.exitCode !== null || nodeA!.signalCode !== null ? r(null) : nodeA!.once('exit', r)));

  // B keeps answering, every call of a wave after the kill.
  const statuses = await Promise.all(Array.from({ length: 20 }, (_, j) => send('b', 2000 + j)));
  assert.deepEqual(new Set(statuses), new Set([200]), 'B answers every call');

  // Every decision either node answered is readable from B.
  for (const decision of answered) {
    const read = await b.call('GET', `/fabric/decisions/${decision.id}`);
    assert.equal(read.status, 200, `${decision.id} answered by ${decision.node} is readable from B`);
    assert.equal(read.body.verdict, decision.verdict);
  }

  // The journal verifies as one chain, records of both nodes in it.
  const { entries, tree_head } = (await b.call('GET', '/fabric/journal?limit=10000')).body;
  const keys = (await b.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x);
  assert.ok(keys.length >= 2, "A's key is still published by B");
  assert.equal(verifyJournal(entries, { keys: publicKeySet(keys), treeHead: tree_head }).valid, true);
  const verified = await b.call('POST', '/fabric/journal/verify', { body: { journal: entries, fabric_public_key: keys } });
  assert.equal(verified.body.valid, true);

  // A's silence shows in B's status within a bounded wait: one node unhealthy, no quorum of two.
  let after = await status();
  for (let i = 0; i < 300 && after.healthy_nodes !== 1; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await status();
  }
  assert.equal(after.node_count, 2);
  assert.equal(after.healthy_nodes, 1);
  const a = after.membership.nodes.find((node: { node_id: string }) => node.node_id === 'node-a');
  assert.equal(a.healthy, false);
  assert.ok(a.heartbeat_age_ms > 3000);
  assert.equal(after.membership.nodes.find((node: { node_id: string }) => node.node_id === 'node-b').healthy, true);
  assert.equal(after.is_quorum, false);
  // Without a quorum B fails closed: it answers, and its consensus stage denies.
  const lonely = await b.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'after', payload: {} } });
  assert.equal(lonely.status, 200);
  assert.equal(lonely.body.verdict, 'BLOCKED');
  assert.equal(lonely.body.stages[4].stage, 'consensus');
  assert.match(lonely.body.stages[4].detail, /no quorum: 1 of 2 nodes healthy, 2 needed/);
});
