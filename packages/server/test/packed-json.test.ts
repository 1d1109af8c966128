// Packed JSON: deflate with the preset dictionary (node's one-shot functions), every value readable,
// incompressible text kept plain, damaged values refused with zlib's error. The store packs with small
// output chunks (issue 15); the bytes must be those of the default options, compared here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { DICTIONARY_V1 } from '../src/store/sqlite/packed-json-dictionary.ts';
import { packJson, packPayloadJson, plainPackedJson, RAW_PAYLOAD_BYTES, unpackJson } from '../src/store/sqlite/packed-json.ts';

const OPTIONS = { level: 1, dictionary: DICTIONARY_V1 };
const DICTIONARY_TEXT = DICTIONARY_V1.toString();

/** The stored form: a format byte, then the raw deflate of the text with the dictionary (or the text). */
function packedOneShot(json: string): Buffer {
  const text = Buffer.from(json);
  const packed = deflateRawSync(text, OPTIONS);
  return packed.length < text.length ? Buffer.concat([Buffer.from([1]), packed]) : Buffer.concat([Buffer.from([0]), text]);
}

test('a value packs to its deflated or plain form and back, small, large, incompressible or multi-chunk', () => {
  const values = [
    '{}',
    '{"stage":"identity","verdict":"allow"}',
    DICTIONARY_TEXT.slice(-900),
    DICTIONARY_TEXT.repeat(3),
    randomBytes(40_000).toString('base64'),
    randomBytes(300_000).toString('base64'),
    'ünïcødé ✓ '.repeat(2000),
  ];
  // Packed sizes and unpacked texts on both sides of the store's output chunks (1 and 2 KiB).
  for (let n = 400; n <= 1400; n += 25) values.push(JSON.stringify({ hex: randomBytes(n).toString('hex') }));
  for (let i = 0; i < 200; i++) {
    const start = (i * 7919) % DICTIONARY_TEXT.length;
    values.push(DICTIONARY_TEXT.slice(start, start + i * 13) + randomBytes(i).toString('hex'));
  }
  for (const json of values) {
    const packed = packJson(json);
    assert.deepEqual(packed, packedOneShot(json), `packed ${json.length} chars`);
    assert.equal(unpackJson(packed), json);
  }
});

test('a damaged value is node’s error, and the next value still packs and unpacks', () => {
  const good = packJson(DICTIONARY_TEXT.slice(-500));
  assert.throws(() => unpackJson(good.subarray(0, 6)), /unexpected end of file/);
  assert.throws(() => unpackJson(Buffer.from([1, 255, 255, 255, 1, 2, 3])), /invalid block type/);
  assert.equal(unpackJson(packJson('{"after":"errors"}')), '{"after":"errors"}');
  assert.equal(unpackJson(good), DICTIONARY_TEXT.slice(-500));
});

test('a short record kept plain unpacks to its text', () => {
  for (const json of ['{"decision_id":"fd_01ABC"}', '{}', 'ünïcødé ✓']) {
    const plain = plainPackedJson(json);
    assert.equal(plain[0], 0, 'the plain format');
    assert.equal(unpackJson(plain), json);
  }
});

test('a payload packed with the payload dictionary (format 2) unpacks to its text, or is kept plain', () => {
  const fields = Array.from({ length: 60 }, (_, i) => `field_${i}`);
  const payload = JSON.stringify({ query: 'quarterly report', limit: 20, filters: {}, fields, request_id: 'req-7' });
  assert.ok(payload.length > RAW_PAYLOAD_BYTES);
  const packed = packPayloadJson(payload);
  assert.equal(packed[0], 2);
  assert.ok(packed.length < payload.length / 2, `packed ${packed.length} B of ${payload.length}`);
  assert.equal(unpackJson(packed), payload);
  const random = JSON.stringify({ blob: randomBytes(2000).toString('base64') });
  assert.equal(unpackJson(packPayloadJson(random)), random);
  assert.equal(unpackJson(packPayloadJson('{}')), '{}');
  // Short payloads pack with a smaller window: texts on both sides of that bound, reaching back to the dictionary.
  for (let n = 1200; n <= 1800; n += 20) {
    const json = JSON.stringify({ query: 'x'.repeat(n), request_id: 'req-' + randomBytes(8).toString('hex'), limit: 20 });
    assert.equal(unpackJson(packPayloadJson(json)), json);
  }
});

test('a payload of at most RAW_PAYLOAD_BYTES bytes is kept plain (format 0), counted in UTF-8 bytes, not characters', () => {
  const short = JSON.stringify({ query: 'quarterly report', limit: 20, filters: {}, fields: ['id'], request_id: 'req-7' });
  assert.deepEqual(packPayloadJson(short), plainPackedJson(short));
  for (const json of ['{}', 'ünïcødé ✓ 𝄞', '{"q":"' + 'x'.repeat(RAW_PAYLOAD_BYTES - 8) + '"}']) {
    assert.ok(Buffer.byteLength(json) <= RAW_PAYLOAD_BYTES);
    const packed = packPayloadJson(json);
    assert.equal(packed[0], 0, `${json.length} chars kept plain`);
    assert.equal(unpackJson(packed), json);
  }
  // One byte over, or few characters but many bytes: packed with the payload dictionary as before.
  const over = '{"q":"' + 'x'.repeat(RAW_PAYLOAD_BYTES - 7) + '"}';
  assert.equal(Buffer.byteLength(over), RAW_PAYLOAD_BYTES + 1);
  assert.equal(packPayloadJson(over)[0], 2);
  const wide = JSON.stringify({ q: 'ü'.repeat(300) });
  assert.ok(wide.length <= RAW_PAYLOAD_BYTES && Buffer.byteLength(wide) > RAW_PAYLOAD_BYTES);
  assert.equal(packPayloadJson(wide)[0], 2);
  assert.equal(unpackJson(packPayloadJson(wide)), wide);
});
