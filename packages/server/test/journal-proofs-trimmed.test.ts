// The journal's tree keeps only blocks of 16 leaves in memory: proofs of early entries, of entries
// in the block being filled and across block edges still verify offline.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { publicKeySet, verifyProof } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('inclusion and consistency proofs verify for entries inside stored blocks and in the open block', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 37; i++) {
    const res = await server.call('POST', '/fabric/decisions', {
      body: { path: '/tools/search_documents', agent_id: `proof-${i % 3}`, payload: { i } },
    });
    ids.push(res.body.decision_id);
  }
  const keys = publicKeySet((await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x));
  for (const id of [ids[0], ids[5], ids[17], ids[36]]) {
    const proof = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: id } });
    assert.equal(proof.status, 200);
    assert.deepEqual(verifyProof(proof.body, keys), { valid: true, kind: 'inclusion', reason: null }, id);
  }
  const size = (await server.call('GET', '/fabric/journal/head')).body.tree_size as number;
  for (const from of [1, 7, 16, 17, 33]) {
    const proof = await server.call('GET', `/fabric/journal/consistency?from=${from}&to=${size}`);
    assert.equal(proof.status, 200, JSON.stringify(proof.body));
    assert.deepEqual(verifyProof(proof.body, keys), { valid: true, kind: 'consistency', reason: null }, `from ${from}`);
  }
  const earlier = await server.call('GET', `/fabric/journal/consistency?from=3&to=20`);
  assert.equal(earlier.status, 200);
  assert.deepEqual(verifyProof(earlier.body, keys), { valid: true, kind: 'consistency', reason: null });
});
