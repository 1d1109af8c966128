// A decision's payload and stages, packed into one stored value and read back unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { StageResult } from '@actiongate/engine';
import { decodeDecisionBody, encodeDecisionBody } from '../src/store/sqlite/decision-body.ts';

const stages: StageResult[] = [
  { stage: 'identity', enforcing: true, verdict: 'allow', detail: 'agent key ak_1 verified for agent `a1`', data: { key_id: 'ak_1' } },
  { stage: 'trust', enforcing: true, verdict: 'allow', detail: 'trust state normal, risk low: runs', data: { state: 'normal' } },
  { stage: 'policy', enforcing: true, verdict: 'allow', detail: 'no tool rule matches /tools/search', data: { matched_rules: [] } },
  { stage: 'approval', enforcing: true, verdict: 'allow', detail: 'no approval needed', data: {} },
];

test('payload and stages come back exactly as they went in, and typical stages shrink', () => {
  const payload = { query: 'quarterly report', nested: { list: [1, 2.5, -0.125, null, true, 'ünïcødé ✓'] }, empty: {} };
  const body = encodeDecisionBody(JSON.stringify(payload), stages);
  assert.deepEqual(decodeDecisionBody(body), { payload, stages });
  const plain = JSON.stringify([payload, stages]).length;
  assert.ok(body.length < plain / 2, `packed ${body.length} B, plain ${plain} B`);
});

test('a body that deflate would not shrink is stored as it is, and still reads back', () => {
  const body = encodeDecisionBody('{}', []);
  assert.equal(body[0], 0, 'plain format');
  assert.deepEqual(decodeDecisionBody(body), { payload: {}, stages: [] });
  const random = { blob: randomBytes(3000).toString('base64') };
  assert.deepEqual(decodeDecisionBody(encodeDecisionBody(JSON.stringify(random), stages)), { payload: random, stages });
});

test('an unknown format byte is an error, not a guess', () => {
  assert.throws(() => decodeDecisionBody(Buffer.from([9, 1, 2, 3])), /unknown packed JSON format 9/);
});

test('the format-1 dictionary never changes: values stored with it must stay readable', async () => {
  const { DICTIONARY_V1 } = await import('../src/store/sqlite/packed-json-dictionary.ts');
  const { unpackJson } = await import('../src/store/sqlite/packed-json.ts');
  const { createHash } = await import('node:crypto');
  assert.equal(
    createHash('sha256').update(DICTIONARY_V1).digest('hex'),
    '025470e794219d13893972845cca4699a115b8853077629117d71478528b52a1',
  );
  // A value packed when the dictionary was made, read back byte for byte.
  assert.equal(unpackJson(Buffer.from('AUOYj5Qn0M2vBQA=', 'base64')), '{"stage":"identity","verdict":"allow"}');
});
