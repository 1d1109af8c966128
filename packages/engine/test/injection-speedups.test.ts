// The injection screen's fast paths against the slow forms they replace (issue 13, speed): the
// model scorer against window sums of forEachFeature's features, the key-word gates of the
// agent-intent and reader-address detectors against running them ungated, and the sentence
// splitter loop against SEGMENT_BREAK. Each must give the same answers on many texts: the
// project's own examples (built injections in seven languages, hard benign texts, security
// notices), the table of screen cases, and generated edge cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { randomModel } from './support/random-screen-model.ts';
import { bestWindow, foldText, forEachFeature, windowsOf, type QuantisedModel } from '../src/injection/text-features.ts';
import { detectAgentIntent, detectReaderAddress } from '../src/injection/agent-intent.ts';
import { scanText } from '../src/injection/rules.ts';
import { normaliseText } from '../src/injection/normalise-text.ts';
import { splitAtBreaks, splitByExpression } from '../src/injection/task-divergence.ts';
import { AGENT_WORD, NON_ASCII } from '../src/injection/text-traits.ts';

const TEXTS = [...ownExamples().map((e) => e.text), ...caseTexts()];

/** The best window as the scorer used to find it: per-position sums of forEachFeature's features. */
function referenceBest(text: string, model: QuantisedModel): { logit: number; start: number; end: number } {
  const sums = new Float64Array(text.length + 1);
  const counts = new Float64Array(text.length + 1);
  forEachFeature(text, (position, bucket) => {
    sums[position + 1] += model.weights[bucket];
    counts[position + 1]++;
  });
  for (let i = 1; i <= text.length; i++) {
    sums[i] += sums[i - 1];
    counts[i] += counts[i - 1];
  }
  if (text.length === 0) return { logit: model.bias, start: 0, end: 0 };
  let best = { logit: -Infinity, start: 0, end: 0 };
  for (const [start, end] of windowsOf(text.length)) {
    const count = counts[end] - counts[start];
    const logit = model.bias + (count > 0 ? (model.scale * (sums[end] - sums[start])) / Math.sqrt(count) : 0);
    if (logit > best.logit) best = { logit, start, end };
  }
  return best;
}

test('the model scorer finds the same best window and score as per-position sums of the features', () => {
  const model = randomModel(7, 0.25);
  const texts = [...TEXTS, TEXTS.join(' '), 'a', 'ab', 'abc', 'abcd', 'abcde', ''];
  let compared = 0;
  for (const text of texts) {
    const folded = foldText(text);
    // Lengths around the window and stride edges too.
    for (const length of [folded.length, 383, 384, 385, 575, 576, 577, 5, 4, 3]) {
      const slice = folded.slice(0, length);
      const fast = bestWindow(slice, model);
      const slow = referenceBest(slice, model);
      assert.equal(fast.start, slow.start, `start of ${JSON.stringify(slice.slice(0, 60))}`);
      assert.equal(fast.end, slow.end);
      assert.ok(Math.abs(fast.logit - slow.logit) < 1e-9, `logit ${fast.logit} vs ${slow.logit}`);
      compared++;
    }
  }
  assert.ok(compared > 1000);
});

test('the key-word gates of the agent-intent and reader-address detectors change no result', () => {
  let gatedOut = 0;
  let signals = 0;
  for (const raw of TEXTS) {
    let traits = scanText(raw, true);
    let text = raw;
    if ((traits & NON_ASCII) !== 0) {
      text = normaliseText(raw).text;
      traits = scanText(text);
    }
    const ungatedIntent = detectAgentIntent(text);
    const ungatedReader = detectReaderAddress(text);
    assert.deepEqual(detectAgentIntent(text, traits), ungatedIntent, `agent intent in ${JSON.stringify(text.slice(0, 80))}`);
    assert.deepEqual(detectReaderAddress(text, traits), ungatedReader, `reader address in ${JSON.stringify(text.slice(0, 80))}`);
    if (ungatedIntent !== undefined) signals++;
    if ((traits & (AGENT_WORD | NON_ASCII)) === 0) gatedOut++;
  }
  // The comparison means something only if the detector fires on many texts and its gate closes on others.
  assert.ok(signals > 200, `agent intent fired on ${signals} texts`);
  assert.ok(gatedOut > 50);
});

test('the sentence splitter loop finds the breaks SEGMENT_BREAK finds, in texts without a bar', () => {
  const extra = [
    'One. Two!  Three?\n\nFour.',
    'Ends with a dot. ',
    'Ends with a dot.\n',
    'a.\n  b',
    '. Leading',
    'x.\u00a0y',
    'no break at all',
    'Stop.\t\t\n Next one.',
    '\n\nLeading line feeds.\n',
  ];
  for (const text of [...TEXTS.filter((t) => !t.includes('|')), ...extra]) {
    assert.deepEqual(splitAtBreaks(text), splitByExpression(text), JSON.stringify(text.slice(0, 80)));
  }
});
