// Rotating the service's signing key: only the operator may; old records, proofs and tree heads keep
// verifying by their `kid`; the new key signs from then on and survives a restart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { publicKeySet, verifyJournal, verifyProof } from '@actiongate/engine';
import { SigningKeyRing } from '../src/index.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
});
after(() => server.close());

const decide = (payload: object) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'rotating', payload } });

test('rotation keeps old proofs and records valid, and only the operator may rotate', async () => {
  const old = await decide({ q: 'before' });
  const oldProof = (await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: old.body.decision_id } })).body;
  const [oldKey] = (await server.call('GET', '/fabric/keys/public')).body.keys;
  assert.equal(oldProof.tree_head.key_id, oldKey.kid);

  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
  assert.equal((await server.call('POST', '/fabric/keys/rotate', { key: approver })).status, 403);
  const otherAdmin = (await server.call('POST', '/signup', { key: null, body: { name: 'not the operator' } })).body.api_key;
  const refused = await server.call('POST', '/fabric/keys/rotate', { key: otherAdmin });
  assert.equal(refused.status, 403);
  assert.match(refused.body.detail, /operator key only/);
  const secondDefaultAdmin = (await server.call('POST', '/fabric/api-keys', { body: { name: 'second admin', role: 'admin' } })).body
    .api_key;
  assert.equal(
    (await server.call('POST', '/fabric/keys/rotate', { key: secondDefaultAdmin })).status,
    403,
    'another admin of the default tenant is not the operator',
  );
  assert.equal((await server.call('POST', '/fabric/keys/rotate', { key: null })).status, 401);

  const rotated = await server.call('POST', '/fabric/keys/rotate');
  assert.equal(rotated.status, 201);
  const newKid = rotated.body.rotated.kid;
  assert.notEqual(newKid, oldKey.kid);
  const listed = (await server.call('GET', '/fabric/keys/public')).body.keys;
  assert.deepEqual(
    listed.map((key: any) => [key.kid, key.status]),
    [
      [oldKey.kid, 'retired'],
      [newKid, 'current'],
    ],
  );
  assert.equal(listed[0].not_after, listed[1].not_before);
  assert.equal(listed[1].not_after, null);

  // from now on the new key signs records and tree heads
  const fresh = await decide({ q: 'after' });
  const signature = (await server.call('GET', `/fabric/decisions/${fresh.body.decision_id}/signature`)).body;
  assert.equal(signature.key_id, newKid);
  const head = (await server.call('GET', '/fabric/journal/head')).body;
  assert.equal(head.key_id, newKid);

  // the proof handed out before the rotation still verifies, and so does a new proof of the old record
  const keys = publicKeySet(listed.map((key: any) => key.x));
  assert.deepEqual(verifyProof(oldProof, keys), { valid: true, kind: 'inclusion', reason: null });
  const newProof = (await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: old.body.decision_id } })).body;
  assert.equal(newProof.tree_head.key_id, newKid);
  assert.deepEqual(verifyProof(newProof, keys), { valid: true, kind: 'inclusion', reason: null });
  const consistency = (await server.call('GET', `/fabric/journal/consistency?from=${oldProof.tree_size}`)).body;
  assert.equal(consistency.first_tree_head.key_id, oldKey.kid, 'the head signed before the rotation is the one kept');
  assert.equal(verifyProof(consistency, keys).valid, true);

  // the whole journal verifies with every key; the current key alone cannot vouch for older records
  const { entries, tree_head } = (await server.call('GET', '/fabric/journal')).body;
  const all = await server.call('POST', '/fabric/journal/verify', {
    body: { journal: entries, fabric_public_key: listed.map((key: any) => key.x) },
  });
  assert.equal(all.body.valid, true);
  const onlyNew = verifyJournal(entries, { keys: publicKeySet(listed[1].x), treeHead: tree_head });
  assert.equal(onlyNew.valid, false);
  assert.match(onlyNew.reason!, new RegExp(oldKey.kid));

  // the new key is in the data directory, so a restart keeps signing with it
  const reloaded = SigningKeyRing.loadOrCreate(server.dataDir);
  assert.deepEqual(
    reloaded.keys.map((key) => key.kid),
    [oldKey.kid, newKid],
  );
  assert.equal(reloaded.current.kid, newKid);
});
