// A deterministic pseudo-random model for the learned screen's scorer tests: they are about how
// features are summed, not about what was learned.
import { quantise, FEATURE_COUNT, type QuantisedModel } from '../../src/injection/text-features.ts';

export function randomModel(seed: number, bias: number): QuantisedModel {
  const weights = new Float32Array(FEATURE_COUNT);
  let state = seed;
  for (let i = 0; i < weights.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    weights[i] = (state >>> 8) / (1 << 24) - 0.5;
  }
  return quantise({ weights, bias });
}
