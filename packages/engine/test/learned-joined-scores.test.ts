// The learned score of a payload's joined strings, composed from each string's features
// (learned-parts.ts), against the scorer run on the joined text itself: the same best window and
// the same logit to the last bit, for the committed model and a pseudo-random one, on strings of
// every shape (short ones, ones ending in a word or not, long words, white space at either end)
// joined in groups of one to nine.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { randomModel } from './support/random-screen-model.ts';
import { bestWindowOfPart, bestWindowOfParts, forgetParts, partFeatures } from '../src/injection/learned-parts.ts';
import { bestWindowOfCodes, foldCodes, type QuantisedModel } from '../src/injection/text-features.ts';
import { SCREEN_MODEL_BIAS, SCREEN_MODEL_INT8, SCREEN_MODEL_SCALE } from '../src/injection/screen-model-weights.ts';

function committedModel(): QuantisedModel {
  const bytes = Buffer.from(SCREEN_MODEL_INT8, 'base64');
  return { weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), scale: SCREEN_MODEL_SCALE, bias: SCREEN_MODEL_BIAS };
}

const ASCII = [...ownExamples().map((e) => e.text), ...caseTexts()].filter((text) => !/[^\x00-\x7f]/.test(text));
const SHAPES = [
  'ab',
  'abcd',
  'x y',
  '  padded both ends  ',
  "it's 2026-11-26",
  'a'.repeat(30),
  `${'b'.repeat(25)} tail`,
  `head ${'c'.repeat(24)}`,
  '---',
  'req-00000000',
  'Document 12',
];

function scoredAlike(strings: string[], model: QuantisedModel): void {
  forgetParts();
  const parts = strings.map((string) => {
    const { codes, length } = foldCodes(string);
    return partFeatures(codes, length, model.weights);
  });
  const joined = foldCodes(strings.join('\n'));
  const expected = bestWindowOfCodes(joined.codes, joined.length, model);
  const composed = bestWindowOfParts(parts, model);
  const label = JSON.stringify(strings.map((s) => s.slice(0, 30)));
  assert.ok(Object.is(composed.logit, expected.logit), `${composed.logit} vs ${expected.logit} for ${label}`);
  assert.equal(composed.start, expected.start, label);
  assert.equal(composed.end, expected.end, label);
  if (strings.length === 1) assert.ok(Object.is(bestWindowOfPart(parts[0], model).logit, expected.logit), label);
}

test('strings joined score from their features as the joined text scores itself', () => {
  let state = 5;
  const random = (n: number): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n;
  let compared = 0;
  for (const model of [committedModel(), randomModel(11, -0.5)]) {
    for (const text of [...ASCII, ...SHAPES]) {
      if (foldCodes(text).length === 0) continue;
      scoredAlike([text], model);
      compared++;
    }
    for (let round = 0; round < 1500; round++) {
      const strings: string[] = [];
      const count = 1 + random(9);
      for (let k = 0; k < count; k++) {
        const pool = random(3) === 0 ? SHAPES : ASCII;
        // Long texts cut anywhere, so joins fall at every place of a window.
        const text = pool[random(pool.length)];
        const cut = text.slice(0, 1 + random(Math.max(1, Math.min(text.length, 900))));
        if (foldCodes(cut).length > 0) strings.push(cut);
      }
      if (strings.length === 0) continue;
      scoredAlike(strings, model);
      compared++;
    }
  }
  forgetParts();
  assert.ok(compared > 3000, `${compared} compared`);
});
