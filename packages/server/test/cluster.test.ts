// The cluster routes on one node (both stores): the status answers every field of
// ClusterStatusResponse from the node's heartbeat, and a `crash` fault takes the node out of
// service (readiness fails, decisions answer 503, nothing recorded) until `restore`.
// Several nodes and their faults: two-nodes.test.ts and two-nodes-kill.test.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { onPostgres, startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ ACTIONGATE_NODE_ID: 'node-solo' });
});
after(async () => {
  await server.close();
});

const decide = (payload: unknown) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'solo', payload } });
const count = async (table: string) => Number((await server.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

test('the status of one node: itself, healthy, its own quorum, the PBFT defaults and the journal root', async () => {
  assert.equal((await decide({ q: 1 })).status, 200);
  const res = await server.call('GET', '/fabric/cluster/status');
  assert.equal(res.status, 200);
  const status = res.body;
  assert.equal(status.node_id, 'node-solo');
  assert.match(status.cluster_id, /^cl_[0-9a-f]{16}$/);
  assert.deepEqual([status.node_count, status.healthy_nodes, status.quorum, status.is_quorum, status.running], [1, 1, 1, true, true]);
  assert.equal(status.can_tolerate_byzantine, false);
  assert.match(status.byzantine_f1_readiness, /^not_ready: 1 members, 1 trusted; f=1 needs at least 4 of each$/);
  assert.deepEqual(status.quarantined_nodes, []);
  assert.equal(status.node_identity.mode, onPostgres ? 'multi-node' : 'single-node');
  assert.equal(status.node_identity.store, onPostgres ? 'postgresql' : 'sqlite');
  assert.equal(status.node_identity.index, 1);
  assert.equal(status.node_identity.pid, process.pid);
  const keys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((key: { kid: string }) => key.kid);
  for (const kid of status.node_identity.signing_key_ids) assert.ok(keys.includes(kid), `${kid} is published`);
  assert.equal(status.membership.nodes.length, 1);
  assert.equal(status.membership.nodes[0].node_id, 'node-solo');
  assert.equal(status.membership.nodes[0].healthy, true);
  assert.equal(status.membership.nodes[0].fault, null);
  assert.deepEqual([status.pbft_engine_version, status.pbft_view, status.pbft_sequence], ['33.4-production-hardened', 0, 0]);
  const head = (await server.call('GET', '/fabric/journal/head')).body;
  assert.ok(head.tree_size >= 1);
  assert.equal(status.state_root, head.root_hash, "the tenant journal's Merkle root");
  // The cluster id stays: a second read, and the status is for admin keys.
  assert.equal((await server.call('GET', '/fabric/cluster/status')).body.cluster_id, status.cluster_id);
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'watcher', role: 'approver' } })).body.api_key;
  assert.equal((await server.call('GET', '/fabric/cluster/status', { key: approver })).status, 403);
});

test('faults are for the operator only, and FaultReq is validated', async () => {
  const otherAdmin = (await server.call('POST', '/fabric/api-keys', { body: { name: 'second-admin', role: 'admin' } })).body.api_key;
  const refused = await server.call('POST', '/fabric/cluster/fault', { key: otherAdmin, body: { action: 'crash' } });
  assert.equal(refused.status, 403);
  assert.match(refused.body.detail, /operator key only/);
  assert.equal((await server.call('POST', '/fabric/cluster/fault', { key: null, body: { action: 'crash' } })).status, 401);
  for (const body of [
    { action: 'reboot' },
    { action: 'crash', node: 5 },
    { action: 'crash', node: 0 },
    { action: 'crash', extra: 1 },
    {},
  ]) {
    const res = await server.call('POST', '/fabric/cluster/fault', { body });
    assert.equal(res.status, 422, JSON.stringify(body));
  }
  const missing = await server.call('POST', '/fabric/cluster/fault', { body: { action: 'crash', node: 2 } });
  assert.equal(missing.status, 404);
  assert.match(missing.body.detail, /no cluster member number 2/);
  assert.equal((await server.call('GET', '/fabric/cluster/status')).body.running, true, 'nothing changed');
});

test('a crash takes the node out of service: readiness fails, decisions answer 503 and record nothing; restore brings it back', async () => {
  const before = await count('decisions');
  const crashed = await server.call('POST', '/fabric/cluster/fault', { body: { action: 'crash', node: 1 } });
  assert.equal(crashed.status, 200);
  assert.equal(crashed.body.running, false);
  assert.deepEqual(crashed.body.quarantined_nodes, ['node-solo']);
  assert.equal(crashed.body.healthy_nodes, 0);
  assert.equal(crashed.body.is_quorum, false);
  assert.equal(crashed.body.membership.nodes[0].fault, 'crash');
  const ready = await server.call('GET', '/readyz', { key: null });
  assert.equal(ready.status, 503);
  assert.match(ready.body.detail, /node `node-solo` is out of service/);
  const refused = await decide({ q: 2 });
  assert.equal(refused.status, 503);
  assert.equal(refused.body.code, 'AG_NODE_OUT_OF_SERVICE');
  assert.equal(refused.body.verdict, undefined, 'never a verdict');
  assert.match(refused.body.detail, /out of service.*another node/);
  assert.equal((await server.call('GET', '/fabric/approvals')).status, 503, 'other routes too');
  assert.equal(await count('decisions'), before, 'nothing recorded');
  assert.equal((await server.call('GET', '/healthz', { key: null })).status, 200, 'alive all the same');

  const restored = await server.call('POST', '/fabric/cluster/fault', { body: { action: 'restore' } });
  assert.equal(restored.status, 200);
  assert.equal(restored.body.running, true);
  assert.deepEqual(restored.body.quarantined_nodes, []);
  assert.equal((await server.call('GET', '/readyz', { key: null })).status, 200);
  const again = await decide({ q: 3 });
  assert.equal(again.status, 200);
  assert.deepEqual(
    again.body.stages.map((stage: { stage: string }) => stage.stage),
    ['identity', 'trust', 'policy', 'approval', ...(onPostgres ? ['consensus'] : [])],
  );
  if (onPostgres) {
    assert.equal(again.body.stages[4].verdict, 'allow');
    assert.match(again.body.stages[4].detail, /^quorum: 1 of 1 nodes healthy \(1 needed\)/);
  }
});
