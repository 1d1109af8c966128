// Packed JSON through one reused zlib stream: the same bytes as node's one-shot functions, every
// value readable, errors as before, and the one-shot functions whenever the reused stream cannot be trusted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { DICTIONARY_V1 } from '../src/store/sqlite/packed-json-dictionary.ts';
import { packJson, unpackJson } from '../src/store/sqlite/packed-json.ts';
import { ReusedZlibStream } from '../src/store/sqlite/reused-zlib-stream.ts';

const OPTIONS = { level: 1, dictionary: DICTIONARY_V1 };
const DICTIONARY_TEXT = DICTIONARY_V1.toString();

/** What packJson wrote before the stream was reused: a stream per value. */
function packedOneShot(json: string): Buffer {
  const text = Buffer.from(json);
  const packed = deflateRawSync(text, OPTIONS);
  return packed.length < text.length ? Buffer.concat([Buffer.from([1]), packed]) : Buffer.concat([Buffer.from([0]), text]);
}

test('the same bytes as a stream per value, and back, for small, large, incompressible and multi-chunk values', () => {
  const values = [
    '{}',
    '{"stage":"identity","verdict":"allow"}',
    DICTIONARY_TEXT.slice(-900),
    DICTIONARY_TEXT.repeat(3), // input over one 16 KB chunk, output small
    randomBytes(40_000).toString('base64'), // incompressible-ish output spanning several 16 KB chunks
    randomBytes(300_000).toString('base64'), // above the reused stream's limit: the one-shot function
    'ünïcødé ✓ '.repeat(2000),
  ];
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

test('a reused stream that does not reproduce the one-shot bytes is never used', () => {
  let reusedRuns = 0;
  let oneShotRuns = 0;
  // Deflate at another level: valid output, but not the bytes the one-shot function writes.
  const stream = new ReusedZlibStream(
    () => {
      reusedRuns++;
      return new DeflateRaw({ level: 9, dictionary: DICTIONARY_V1 });
    },
    (input) => {
      oneShotRuns++;
      return deflateRawSync(input, OPTIONS);
    },
    Buffer.from(DICTIONARY_TEXT.slice(-2000) + DICTIONARY_TEXT.slice(0, 2000)),
  );
  const input = Buffer.from(DICTIONARY_TEXT.slice(100, 1500));
  for (let i = 0; i < 3; i++) assert.deepEqual(stream.run(input), deflateRawSync(input, OPTIONS));
  assert.equal(reusedRuns, 1, 'one stream opened for the check');
  assert.equal(oneShotRuns, 4, 'the check, then every value');
});

test('a reused stream that passed its check gives each value the one-shot bytes', () => {
  let oneShotRuns = 0;
  const stream = new ReusedZlibStream(
    () => new DeflateRaw(OPTIONS),
    (input) => {
      oneShotRuns++;
      return deflateRawSync(input, OPTIONS);
    },
    Buffer.from(DICTIONARY_TEXT.slice(-1200)),
  );
  for (let i = 1; i <= 20; i++) {
    const input = Buffer.from(DICTIONARY_TEXT.slice(i * 50, i * 300));
    const packed = stream.run(input);
    assert.deepEqual(packed, deflateRawSync(input, OPTIONS));
    assert.deepEqual(inflateRawSync(packed, { dictionary: DICTIONARY_V1 }), input);
  }
  assert.equal(oneShotRuns, 1, 'only for the check');
});
