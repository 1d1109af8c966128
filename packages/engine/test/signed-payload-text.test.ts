// The version-2 signed text is written out member by member (signing.ts, issue 15): it must be the
// canonical JSON of the same record, byte for byte, or a signature would stop verifying.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, signedPayloadOf, type SignedFieldsV2 } from '../src/index.ts';

/** What the text was before it was written out: the canonical JSON of the covered fields. */
function canonicalV2(f: SignedFieldsV2): string {
  return canonicalJson({
    agent_id: f.agent_id,
    decision_id: f.decision_id,
    key_id: f.key_id,
    path: f.path,
    payload_hash: f.payload_hash,
    stages: f.stages.map((stage) => ({ stage: stage.stage, verdict: stage.verdict })),
    tenant_id: f.tenant_id,
    time: f.time,
    v: 2,
    verdict: f.verdict,
  });
}

// Deterministic random strings with what JSON escapes: quotes, backslashes, controls, U+2028, lone
// surrogates, astral characters.
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const ALPHABET = ['a', 'Z', '0', '/', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', 'é', '\u2028', '\ud800', '\udfff', '😀', ' '];
const text = () => Array.from({ length: Math.floor(next() * 12) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');

test('the written-out v2 text equals the canonical JSON of the record, on random records', () => {
  for (let i = 0; i < 2_000; i++) {
    const fields: SignedFieldsV2 = {
      decision_id: text(),
      tenant_id: text(),
      time: text(),
      agent_id: text(),
      key_id: text(),
      path: text(),
      payload_hash: text(),
      verdict: text(),
      stages: Array.from({ length: Math.floor(next() * 6) }, () => ({ stage: text(), verdict: text() })),
    };
    assert.equal(signedPayloadOf(fields, 2), canonicalV2(fields));
  }
});

test('a record with a member that is not a string is written as canonical JSON writes it', () => {
  const base: SignedFieldsV2 = {
    decision_id: 'fd_1',
    tenant_id: 'tn_1',
    time: '2026-11-27T05:00:00.000Z',
    agent_id: 'agent-1',
    key_id: 'ak_1',
    path: '/tools/search',
    payload_hash: 'ab'.repeat(32),
    verdict: 'ALLOWED',
    stages: [{ stage: 'identity', verdict: 'allow', detail: 'not covered' } as { stage: string; verdict: string }],
  };
  const odd = [
    { ...base, key_id: undefined as unknown as string },
    { ...base, agent_id: 7 as unknown as string },
    { ...base, stages: [{ stage: 'identity', verdict: undefined as unknown as string }] },
  ];
  for (const fields of [base, ...odd]) assert.equal(signedPayloadOf(fields, 2), canonicalV2(fields));
  assert.equal(
    signedPayloadOf(base, 2),
    '{"agent_id":"agent-1","decision_id":"fd_1","key_id":"ak_1","path":"/tools/search","payload_hash":"' +
      'ab'.repeat(32) +
      '","stages":[{"stage":"identity","verdict":"allow"}],"tenant_id":"tn_1","time":"2026-11-27T05:00:00.000Z","v":2,"verdict":"ALLOWED"}',
  );
});
