// Signed payload v2: a decision's signature covers id, tenant, time, agent, key, tool path, payload
// hash, verdict and every stage verdict (`v: 2`). Checked by the server's answer, the SDK's local
// verifier (which recomputes the payload hash), the journal verifier and the offline CLI; records
// signed as v1 still verify, and a v2 signature cannot pass for a v1 one.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import {
  canonicalHash,
  decisionSignatureProblem,
  publicKeySet,
  runJournalCli,
  signedPayloadOf,
  signText,
  verifyJournal,
  verifyText,
  SIGNATURE_COVERS,
} from '@actiongate/engine';
import { verifyDecisionSignature } from '../../sdk/src/verify-signature.ts';
import { SigningKeyRing } from '../src/signing-keys.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let agentKey: string;
before(async () => {
  server = await startServer();
  agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'signer' } })).body.agent_key;
});
after(() => server.close());

const payload = { to: 'cfo@example.com', amount: 120.5, lines: ['a', 'b'] };

async function decided() {
  const decision = await server.call('POST', '/fabric/decisions', { key: agentKey, body: { path: '/tools/send_email', payload } });
  const record = (await server.call('GET', `/fabric/decisions/${decision.body.decision_id}`)).body;
  const signature = (await server.call('GET', `/fabric/decisions/${decision.body.decision_id}/signature`)).body;
  const keys = (await server.call('GET', '/fabric/keys/public')).body.keys;
  return { record, signature, keys };
}

test('the server signs v2: agent, key, tool path and payload hash are covered, and it says so', async () => {
  const { record, signature, keys } = await decided();
  assert.equal(signature.version, 2);
  assert.deepEqual(signature.covers, [...SIGNATURE_COVERS[2]]);
  const signed = JSON.parse(signature.signed_payload);
  assert.deepEqual(
    { ...signed, stages: undefined },
    {
      v: 2,
      decision_id: record.decision_id,
      tenant_id: 'tn_default',
      time: record.created_at,
      agent_id: 'signer',
      key_id: record.key_id,
      path: '/tools/send_email',
      payload_hash: canonicalHash(payload),
      verdict: record.verdict,
      stages: undefined,
    },
  );
  assert.deepEqual(
    signed.stages,
    record.stages.map((s: { stage: string; verdict: string }) => ({ stage: s.stage, verdict: s.verdict })),
  );
  const jwk = keys.find((k: { kid: string }) => k.kid === signature.key_id);
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  assert.ok(verifyText(signature.signed_payload, signature.signature, key));
});

test('the SDK verifies v2 locally and catches altered arguments, tool path, agent or key', async () => {
  const { record, signature, keys } = await decided();
  const check = verifyDecisionSignature(record, signature, keys);
  assert.deepEqual(check.problems, []);
  assert.equal(check.valid, true);
  assert.equal(check.version, 2);
  assert.ok(check.covers.includes('payload_hash') && check.covers.includes('path'));

  const altered = [
    [{ ...record, payload: { ...payload, to: 'attacker@example.com' } }, /arguments do not hash to the signed payload hash/],
    [{ ...record, path: '/tools/wire_money' }, /signed tool path/],
    [{ ...record, agent_id: 'someone-else' }, /signed agent/],
    [{ ...record, key_id: 'ak_other' }, /signed key/],
  ] as const;
  for (const [shown, problem] of altered) {
    const bad = verifyDecisionSignature(shown, signature, keys);
    assert.equal(bad.valid, false);
    assert.match(bad.problems.join('; '), problem);
  }
});

test('a record signed as v1 still verifies (server, SDK) and says it covers less', async () => {
  const { record } = await decided();
  // Re-sign this row the way decisions were signed before v2, with the service's own key.
  const ring = SigningKeyRing.loadOrCreate(server.dataDir);
  const v1Text = signedPayloadOf({
    decision_id: record.decision_id,
    tenant_id: 'tn_default',
    time: record.created_at,
    verdict: record.verdict,
    stages: record.stages,
  });
  const v1Signature = signText(v1Text, ring.current.privateKey);
  await server.sql(
    'UPDATE decisions SET signed_v = 1, signature = ?, signing_key_id = ? WHERE id = ?',
    Buffer.from(v1Signature, 'base64url'),
    ring.current.kid,
    record.decision_id,
  );
  const signature = (await server.call('GET', `/fabric/decisions/${record.decision_id}/signature`)).body;
  assert.equal(signature.version, 1);
  assert.equal(signature.signed_payload, v1Text);
  assert.deepEqual(signature.covers, [...SIGNATURE_COVERS[1]]);
  const keys = (await server.call('GET', '/fabric/keys/public')).body.keys;
  const check = verifyDecisionSignature(record, signature, keys);
  assert.deepEqual([check.valid, check.version, check.covers.includes('path')], [true, 1, false]);
});

test('journal verification (API, engine and offline CLI) checks v2 records and names what they cover; no downgrade to v1', async () => {
  const signatureOf = async () => {
    const decision = await server.call('POST', '/fabric/decisions', {
      key: agentKey,
      body: { path: '/tools/search', payload: { q: 'journal' } },
    });
    return decision.body.decision_id as string;
  };
  const id = await signatureOf();
  const journal = (await server.call('GET', '/fabric/journal?limit=1000')).body;
  const rawKeys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((k: { x: string }) => k.x) as string[];
  const entries = journal.entries;
  const mine = entries.findIndex((e: { ref_id: string }) => e.ref_id === id);
  assert.ok(mine >= 0);
  const entry = entries[mine];
  assert.equal(entry.record.signature_v, 2);

  const keys = publicKeySet(rawKeys);
  // Tampering with a covered field breaks the record; stripping the version cannot make a v2 signature pass as v1.
  assert.equal(decisionSignatureProblem(entry.record, keys), null);
  assert.match(decisionSignatureProblem({ ...entry.record, path: '/tools/shell' }, keys) ?? '', /does not verify/);
  const { signature_v: _dropped, ...downgraded } = entry.record;
  assert.match(decisionSignatureProblem(downgraded, keys) ?? '', /does not verify/);

  // The whole journal of a fresh tenant verifies, offline, with the version counts.
  const fresh = await startServer();
  try {
    const freshAgent = (await fresh.call('POST', '/fabric/agent-keys', { body: { name: 'fresh' } })).body.agent_key;
    for (let i = 0; i < 3; i++)
      await fresh.call('POST', '/fabric/decisions', { key: freshAgent, body: { path: '/tools/search', payload: { i } } });
    const exported = (await fresh.call('GET', '/fabric/journal')).body;
    const freshKeys = (await fresh.call('GET', '/fabric/keys/public')).body.keys.map((k: { x: string }) => k.x) as string[];
    const result = verifyJournal(exported.entries, { keys: publicKeySet(freshKeys), treeHead: exported.tree_head });
    assert.equal(result.valid, true, result.reason ?? '');
    assert.deepEqual(result.signatures, { v1: 0, v2: 3 });
    const out: string[] = [];
    const code = runJournalCli(['journal', 'verify', 'export.json', '--public-key', freshKeys[0]], {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
      readFile: () => JSON.stringify(exported),
      exists: (path) => path === 'export.json',
    });
    assert.equal(code, 0, out.join('\n'));
    assert.match(
      out.join('\n'),
      /3 decision signatures v2, covering v, decision_id, tenant_id, time, agent_id, key_id, path, payload_hash, verdict/,
    );
    const api = await fresh.call('POST', '/fabric/journal/verify', {
      body: { journal: exported.entries, fabric_public_key: freshKeys[0] },
    });
    assert.deepEqual(api.body.signatures, { v1: 0, v2: 3 });
  } finally {
    await fresh.close();
  }
});
