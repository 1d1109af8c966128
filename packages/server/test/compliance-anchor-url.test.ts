// Journal anchors sent to a remote service (issue 22: "a configured directory or remote URL"): with
// ACTIONGATE_ANCHOR_URL set, an AUTO anchor's signed receipt is POSTed to that service (a receiver
// this test starts on 127.0.0.1) and recorded only once it answered 2xx; the copy it holds verifies
// offline with the public keys; a service that refuses means no anchor and a clear 503.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { publicKeySet, verifyAnchor } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';

let receiver: Server;
let url: string;
const received: Array<{ path: string; body: any }> = [];
let refuse = false;
let server: TestServer;

before(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (refuse) return void res.writeHead(500).end('disk full');
      received.push({ path: req.url ?? '', body: JSON.parse(raw) });
      res.writeHead(201).end('stored');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/receipts`;
  server = await startServer({ ACTIONGATE_ANCHOR_URL: url });
});
after(async () => {
  await server.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('an AUTO anchor is POSTed to the anchor service; its copy verifies offline', async () => {
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/read_file', agent_id: 'anchored', payload: { n: 1 } } });
  const created = await server.call('POST', '/fabric/journal/anchors', { body: { extra_config: { ticket: 'AUD-9' } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.location, `url:${url}`);
  assert.equal(received.length, 1);
  assert.equal(received[0].path, '/receipts');
  assert.deepEqual(received[0].body, created.body, 'the service holds exactly the receipt recorded');
  const keys = publicKeySet({ keys: (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x) });
  // The remote copy alone, with the public keys: its signature holds and the head it names is the journal's.
  const offline = verifyAnchor(received[0].body, received[0].body.tree_head, [], keys);
  assert.equal(offline.valid, true, String(offline.reason));
  const tampered = { ...received[0].body, anchored_at: '2020-01-01T00:00:00.000Z' };
  assert.equal(verifyAnchor(tampered, tampered.tree_head, [], keys).valid, false);
  const online = await server.call('GET', `/fabric/journal/anchors/${created.body.anchor_id}/verify`);
  assert.equal(online.status, 200);
  assert.equal(online.body.valid, true);
});

test('a service that refuses: 503 naming it, and no anchor recorded', async () => {
  const before = (await server.call('GET', '/fabric/journal/anchors')).body.anchors.length;
  refuse = true;
  try {
    const refused = await server.call('POST', '/fabric/journal/anchors', { body: {} });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.detail, `the anchor service at \`${url}\` answered HTTP 500; no anchor was recorded`);
  } finally {
    refuse = false;
  }
  assert.equal((await server.call('GET', '/fabric/journal/anchors')).body.anchors.length, before);
});
