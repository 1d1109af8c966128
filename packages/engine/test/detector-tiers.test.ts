// Detector tiers (detector-tiers.ts): a detector of the corroboration tier counts only beside an
// independent detector at CORROBORATING_WEIGHT or more, or the learned model's support.
import assert from 'node:assert/strict';
import test from 'node:test';
import { combineSignals } from '../src/injection/combine-signals.ts';
import { CORROBORATING_WEIGHT, withDetectorTiers } from '../src/injection/detector-tiers.ts';

const tier = new Set(['weak_a', 'weak_b']);
const signal = (detector: string, weight: number) => ({ rule: detector, detector, weight });

test('a weak detector alone, or beside another weak one, does not flag', () => {
  assert.equal(combineSignals(withDetectorTiers([signal('weak_a', 0.6)], tier)), 0);
  assert.equal(combineSignals(withDetectorTiers([signal('weak_a', 0.6), signal('weak_b', 0.6)], tier)), 0);
  // Without the tier the same signals flag.
  assert.ok(combineSignals(withDetectorTiers([signal('weak_a', 0.6)], new Set())) >= 0.5);
});

test('an independent detector at the corroborating weight, or the learned support, keeps the weak signal', () => {
  const backed = withDetectorTiers([signal('weak_a', 0.6), signal('strong', CORROBORATING_WEIGHT)], tier);
  assert.equal(backed.length, 2);
  const supported = withDetectorTiers([signal('weak_a', 0.45), signal('learned_screen', 0.15)], tier);
  assert.ok(combineSignals(supported) >= 0.5);
  // A weaker outside signal does not corroborate, but still counts for itself.
  const faint = withDetectorTiers([signal('weak_a', 0.6), signal('strong', 0.3)], tier);
  assert.deepEqual(faint, [signal('strong', 0.3)]);
});
