// The learned model's support weight (learned-screen.ts, combine-signals.ts): from SUPPORT_THRESHOLD
// to LEARNED_THRESHOLD the model adds a little weight beside other evidence and nothing alone.
import assert from 'node:assert/strict';
import test from 'node:test';
import { combineSignals } from '../src/injection/combine-signals.ts';
import { LEARNED_THRESHOLD, SUPPORT_THRESHOLD, learnedWeight } from '../src/injection/learned-screen.ts';

test('the model weighs nothing below SUPPORT_THRESHOLD, a support below LEARNED_THRESHOLD, 0.5 and more above', () => {
  assert.equal(learnedWeight(SUPPORT_THRESHOLD - 0.01), 0);
  const support = learnedWeight(SUPPORT_THRESHOLD);
  assert.ok(support > 0 && support < 0.5);
  assert.equal(learnedWeight((SUPPORT_THRESHOLD + LEARNED_THRESHOLD) / 2), support);
  assert.equal(learnedWeight(LEARNED_THRESHOLD), 0.5);
  assert.ok(learnedWeight(0.999) > 0.9);
});

test('a support alone scores 0; beside another detector it adds by noisy-OR', () => {
  const support = { rule: 'learned_screen', detector: 'learned_screen', weight: learnedWeight(SUPPORT_THRESHOLD) };
  assert.equal(combineSignals([support]), 0);
  const rule = { rule: 'task_divergence', detector: 'task_divergence', weight: 0.45 };
  const both = combineSignals([support, rule]);
  assert.ok(both > 0.45 && both >= 0.5, String(both));
  // The model's own verdict above LEARNED_THRESHOLD flags alone, as before.
  assert.equal(combineSignals([{ rule: 'learned_screen', detector: 'learned_screen', weight: 0.5 }]), 0.5);
});
