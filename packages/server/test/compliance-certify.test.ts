// Certification and the canonical decision over HTTP: the certificate is a real PDF (starts with
// %PDF, parses back with pdf-lib), its detached signature and its embedded signed JSON verify, and
// altered or forged ones do not; any decision exports in the CanonicalDecision shape.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { keyIdOf, parsePublicKey, publicKeySet, signDocument, signedDocumentProblem } from '@actiongate/engine';
import { pdfAttachments } from '../src/compliance/certificate-pdf.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let keys: string[];
before(async () => {
  server = await startServer();
  keys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x);
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/read_file', agent_id: 'cert-a', payload: { path: '/tmp/x' } } });
});
after(() => server.close());

const certify = (body: object) =>
  fetch(server.url + '/fabric/certify', {
    method: 'POST',
    headers: { 'x-api-key': server.adminKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('the PDF certificate is a real PDF whose detached signature and embedded attestation verify', async () => {
  const response = await certify({});
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/pdf');
  const pdf = new Uint8Array(await response.arrayBuffer());
  assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
  const parsed = await PDFDocument.load(pdf);
  assert.ok(parsed.getPageCount() >= 1);
  assert.match(parsed.getTitle() ?? '', /^ActionGate compliance certificate cert_/);

  const signature = response.headers.get('x-actiongate-signature')!;
  const key = parsePublicKey(keys[0]);
  assert.equal(response.headers.get('x-actiongate-key-id'), keyIdOf(key));
  assert.equal(verify(null, pdf, key, Buffer.from(signature, 'base64url')), true, 'detached Ed25519 over the PDF bytes');
  const altered = Buffer.from(pdf);
  altered[altered.length - 20] ^= 1;
  assert.equal(verify(null, altered, key, Buffer.from(signature, 'base64url')), false, 'one flipped byte breaks it');

  const attached = (await pdfAttachments(pdf)).get('certificate.json');
  assert.ok(attached, 'the signed JSON is attached');
  const certificate = JSON.parse(Buffer.from(attached).toString('utf8'));
  assert.equal(signedDocumentProblem(certificate, publicKeySet(keys)), null);
  assert.equal(certificate.kind, 'actiongate.compliance-certificate');
  assert.equal(certificate.summary.total, certificate.controls.length);
  assert.ok(certificate.controls.some((c: { control_id: string }) => c.control_id === 'ctl_journal_verified'));
  certificate.summary.failed += 1;
  assert.match(signedDocumentProblem(certificate, publicKeySet(keys)) ?? '', /the document was altered/);
});

test('the JSON certificate verifies; a forged one does not; filters and tenants are honoured', async () => {
  const response = await server.call('POST', '/fabric/certify', { body: { format: 'json', category_filter: 'logging' } });
  assert.equal(response.status, 200);
  const certificate = response.body;
  assert.deepEqual(
    certificate.controls.map((c: { control_id: string }) => c.control_id),
    ['ctl_journal_verified'],
  );
  assert.equal(certificate.controls[0].status, 'pass');
  assert.equal(signedDocumentProblem(certificate, publicKeySet(keys)), null);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { signature: _s, key_id: _k, ...body } = certificate;
  const forged = signDocument({ ...body, summary: { total: 1, passed: 1, failed: 0 } }, { kid: keyIdOf(publicKey), privateKey });
  assert.match(signedDocumentProblem(forged, publicKeySet(keys)) ?? '', /not among the trusted public keys/);
  const impostor = signDocument(body, { kid: certificate.key_id, privateKey });
  assert.match(signedDocumentProblem(impostor, publicKeySet(keys)) ?? '', /does not verify/);

  assert.equal((await server.call('POST', '/fabric/certify', { body: { format: 'json', category_filter: 'nothing' } })).status, 422);
  assert.equal((await server.call('POST', '/fabric/certify', { body: { format: 'json', tenant: 'tn_other' } })).status, 404);
  assert.equal((await server.call('POST', '/fabric/certify', { body: { format: 'docx' } })).status, 422);
});

test('a decision exports in the CanonicalDecision shape, tied to its journal entry', async () => {
  const held = await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/shell', agent_id: 'cert-b', payload: { command: 'rm -rf /' } },
  });
  const canonical = await server.call('GET', `/fabric/decisions/${held.body.decision_id}/canonical`);
  assert.equal(canonical.status, 200);
  const c = canonical.body;
  assert.equal(c.decision_id, held.body.decision_id);
  assert.equal(c.action, 'shell');
  assert.equal(c.resource, '/tools/shell');
  assert.equal(c.authorization_result, 'REQUIRE_APPROVAL');
  assert.equal(c.decision, 'require_approval');
  assert.equal(c.enforcement, 'enforced');
  assert.equal(c.outcome, 'not_run');
  assert.equal(c.risk_result, 'critical');
  assert.equal(c.identity_result, 'verified');
  assert.equal(c.verification_result, 'passed');
  assert.equal(c.policy_version, '1.0');
  const proof = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: c.evidence_id } });
  assert.equal(proof.body.entry.entry_hash, c.evidence_hash);
  assert.equal((await server.call('GET', '/fabric/decisions/fd_missing/canonical')).status, 404);
});
