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

test('a stage list seen again is stored packed on its own beside the payload, and reads back the same', () => {
  const listed: StageResult[] = stages.map((stage) => ({ ...stage, detail: `${stage.detail} ${randomBytes(4).toString('hex')}` }));
  const payloads = [
    {},
    { query: 'quarterly report', limit: 20, request_id: 'req-1', nested: { list: [1, 2.5, -0.125, null, true, 'ünïcødé ✓ 𝄞'] } },
    { blob: randomBytes(3000).toString('base64') },
    { text: 'quarterly revenue report '.repeat(400) },
  ];
  const first = encodeDecisionBody(JSON.stringify(payloads[1]), listed);
  assert.ok(first[0] === 0 || first[0] === 1, 'a list seen once: one packed value, as before');
  assert.deepEqual(decodeDecisionBody(first), { payload: payloads[1], stages: listed });
  for (const payload of payloads) {
    // A distinct array with the same text is the same list.
    const again = JSON.parse(JSON.stringify(listed)) as StageResult[];
    const body = encodeDecisionBody(JSON.stringify(payload), again);
    assert.equal(body[0], 0x10, 'split');
    assert.deepEqual(decodeDecisionBody(body), { payload, stages: listed });
    const whole = JSON.stringify([payload, listed]).length;
    if (JSON.stringify(payload).length < 500) assert.ok(body.length < whole / 2, `packed ${body.length} B, plain ${whole} B`);
  }
});

test('a split body stays readable, and a damaged one is an error', async () => {
  const stored = Buffer.from('EA4BQ8oUMGXYjMO0kVgLAAKrhnu6IDMvLzVFoSi1IL+oBNkFtQA=', 'base64');
  assert.deepEqual(decodeDecisionBody(stored), {
    payload: { query: 'pinned report', limit: 20 },
    stages: [{ stage: 'approval', enforcing: true, verdict: 'allow', detail: 'no approval needed', data: {} }],
  });
  assert.throws(() => decodeDecisionBody(stored.subarray(0, 10)), /damaged decision body|unexpected end of file/);
  assert.throws(() => decodeDecisionBody(Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), /damaged decision body/);
  const { PAYLOAD_DICTIONARY_V1 } = await import('../src/store/sqlite/packed-json-dictionary.ts');
  const { createHash } = await import('node:crypto');
  assert.equal(
    createHash('sha256').update(PAYLOAD_DICTIONARY_V1).digest('hex'),
    'c1811576443290870108603270d5baf77072530e8d98c17a471afa378519415f',
  );
});

test('a short payload beside a kept stage list is written plain into the body, counted in UTF-8 bytes, and reads back', async () => {
  const { RAW_PAYLOAD_BYTES, packPayloadJson } = await import('../src/store/sqlite/packed-json.ts');
  const listed: StageResult[] = stages.map((stage) => ({ ...stage, detail: `${stage.detail} ${randomBytes(4).toString('hex')}` }));
  encodeDecisionBody('{}', listed);
  const payloads = [
    {},
    { q: 'ünïcødé ✓ 𝄞' },
    { q: 'x'.repeat(RAW_PAYLOAD_BYTES - 8) },
    { q: 'x'.repeat(RAW_PAYLOAD_BYTES - 7) },
    { q: 'ü'.repeat(300) },
  ];
  for (const payload of payloads) {
    const json = JSON.stringify(payload);
    const body = encodeDecisionBody(json, listed);
    assert.equal(body[0], 0x10, 'split');
    assert.deepEqual(decodeDecisionBody(body), { payload, stages: listed });
    // The payload's part is what packPayloadJson gives: plain up to the bound in bytes, packed past it.
    const payloadPart = packPayloadJson(json);
    assert.deepEqual(body.subarray(body.length - payloadPart.length), payloadPart);
    assert.equal(payloadPart[0], Buffer.byteLength(json) <= RAW_PAYLOAD_BYTES ? 0 : 2);
  }
});
