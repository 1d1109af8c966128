// Journal anchors on a real server: a FILE anchor writes a signed receipt to the configured
// directory; entries journaled later are shown consistent with the anchored head (online and
// offline); an altered receipt file, or a receipt checked against a head of another journal, fails.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeySet, verifyAnchor } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let anchorDir: string;
let keys: string[];
before(async () => {
  anchorDir = mkdtempSync(join(tmpdir(), 'actiongate-anchors-'));
  server = await startServer({ ACTIONGATE_ANCHOR_DIR: anchorDir });
  keys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x);
});
after(async () => {
  await server.close();
  rmSync(anchorDir, { recursive: true, force: true });
});

const decide = (n: number) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/read_file', agent_id: 'anchor-a', payload: { n } } });

test('a FILE anchor writes a signed receipt; later entries are consistent with it', async () => {
  for (let i = 0; i < 3; i++) await decide(i);
  const created = await server.call('POST', '/fabric/journal/anchors', {
    body: { anchor_type: 'FILE', extra_config: { ticket: 'AUD-7' } },
  });
  assert.equal(created.status, 201);
  const receipt = created.body;
  const anchoredSize = receipt.tree_head.tree_size;
  assert.ok(anchoredSize >= 3, 'every decision so far is under the anchored head');
  assert.deepEqual(receipt.extra_config, { ticket: 'AUD-7' });
  const files = readdirSync(join(anchorDir, receipt.tenant_id));
  assert.deepEqual(files, [`${receipt.anchor_id}.json`]);
  assert.deepEqual(JSON.parse(readFileSync(join(anchorDir, receipt.tenant_id, files[0]), 'utf8')), receipt);

  for (let i = 3; i < 8; i++) await decide(i);
  const checked = await server.call('GET', `/fabric/journal/anchors/${receipt.anchor_id}/verify`);
  assert.equal(checked.status, 200);
  assert.equal(checked.body.valid, true, JSON.stringify(checked.body));
  assert.equal(checked.body.consistent, true);
  assert.equal(checked.body.anchored_size, anchoredSize);
  assert.ok(checked.body.later_size >= anchoredSize + 5);
  assert.equal(checked.body.file.matches, true);

  // Offline: the receipt, a later head and the consistency proof verify with the public key alone.
  const offline = verifyAnchor(receipt, checked.body.current_tree_head, checked.body.consistency_proof, publicKeySet(keys));
  assert.equal(offline.valid, true);
  // A proof that does not link the two heads fails.
  const broken = verifyAnchor(receipt, checked.body.current_tree_head, [...checked.body.consistency_proof].reverse(), publicKeySet(keys));
  assert.equal(broken.valid, false);
  assert.match(broken.reason ?? '', /does not extend the anchored one/);
  const forged = verifyAnchor(
    { ...receipt, anchored_at: '2020-01-01T00:00:00.000Z' },
    checked.body.current_tree_head,
    checked.body.consistency_proof,
    publicKeySet(keys),
  );
  assert.equal(forged.receipt_valid, false);

  // An altered receipt file is caught.
  const path = join(anchorDir, receipt.tenant_id, files[0]);
  writeFileSync(path, JSON.stringify({ ...receipt, tree_head: { ...receipt.tree_head, tree_size: 2 } }));
  const tampered = await server.call('GET', `/fabric/journal/anchors/${receipt.anchor_id}/verify`);
  assert.equal(tampered.body.valid, false);
  assert.equal(tampered.body.file.matches, false);
  assert.match(tampered.body.file.reason, /differs from the one recorded/);

  const listed = await server.call('GET', '/fabric/journal/anchors');
  assert.equal(listed.body.anchors.length, 1);
  assert.equal((await server.call('GET', '/fabric/journal/anchors/anc_missing/verify')).status, 404);
});

test('AUTO anchors without a directory stay in the database; FILE needs one', async () => {
  const other = await startServer();
  try {
    const auto = await other.call('POST', '/fabric/journal/anchors', { body: {} });
    assert.equal(auto.status, 201);
    assert.equal(auto.body.anchor_type, 'AUTO');
    assert.equal(auto.body.location, 'database');
    const file = await other.call('POST', '/fabric/journal/anchors', { body: { anchor_type: 'FILE' } });
    assert.equal(file.status, 422);
    assert.match(file.body.detail[0].msg, /ACTIONGATE_ANCHOR_DIR/);
    assert.equal((await other.call('POST', '/fabric/journal/anchors', { body: { anchor_type: 'S3' } })).status, 422);
  } finally {
    await other.close();
  }
});
