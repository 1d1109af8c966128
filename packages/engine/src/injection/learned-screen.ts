// The learned half of the screen: logistic regression over hashed word and character n-grams
// (text-features.ts), weights trained by scripts/train-screen.ts and committed as int8 in
// screen-model-weights.ts. It scores overlapping windows of a text and keeps the most suspicious,
// so an instruction inside a long benign document is judged on its own sentences.

import { bestWindowOfCodes, foldCodes, quantise, sigmoid, FEATURE_BITS, type LinearModel, type QuantisedModel } from './text-features.ts';
import { SCREEN_MODEL_BIAS, SCREEN_MODEL_FEATURE_BITS, SCREEN_MODEL_INT8, SCREEN_MODEL_SCALE } from './screen-model-weights.ts';

/** Probability at or above which the model's verdict counts as a signal. */
// 0.97: measured leave-one-out, 0.9 flagged 3–17% of held-out benign sets (security notices,
// trigger-word texts, app prompts) and added no held-out recall (npm run eval:screen-splits).
export const LEARNED_THRESHOLD = 0.97;
/** Texts shorter than this carry too little for the model to judge. */
const MIN_LENGTH = 24;

let model: QuantisedModel | undefined;

// Decoded on first use, not at import: importing the engine stays cheap.
function loadModel(): QuantisedModel {
  if (model !== undefined) return model;
  if (SCREEN_MODEL_FEATURE_BITS !== FEATURE_BITS) throw new Error('screen model weights do not match the feature hashing');
  const bytes = Buffer.from(SCREEN_MODEL_INT8, 'base64');
  model = { weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), scale: SCREEN_MODEL_SCALE, bias: SCREEN_MODEL_BIAS };
  return model;
}

/**
 * Replaces the committed weights (undefined restores them), quantised as the committed ones are.
 * For evaluation only: the leave-one-out measurement trains a model without a source and screens
 * that source with it.
 */
export function useLearnedModel(replacement: LinearModel | undefined): void {
  model = replacement === undefined ? undefined : quantise(replacement);
}

export interface LearnedVerdict {
  probability: number;
  /** The window of the folded text that scored highest; empty below LEARNED_THRESHOLD (no signal to quote). */
  excerpt: string;
}

/** The model's probability that `text` holds an injection, and the window it found it in. */
export function learnedScore(text: string): LearnedVerdict | undefined {
  if (text.length < MIN_LENGTH) return undefined;
  const { codes, length } = foldCodes(text);
  // Padding and filler (`y y y …`, `====`) hold no language for the model to judge.
  if (distinctCharacters(codes, length, 10) < 10) return undefined;
  // Identifiers, paths, hashes and other strings of fewer than four words are not prose: the
  // rules read them; the model, trained on sentences, would judge their letters.
  if (spaces(codes, length, 3) < 3) return undefined;
  const best = bestWindowOfCodes(codes, length, loadModel());
  const probability = sigmoid(best.logit);
  if (probability < LEARNED_THRESHOLD) return { probability, excerpt: '' };
  return { probability, excerpt: String.fromCharCode.apply(null, Array.from(codes.subarray(best.start, best.end))) };
}

function spaces(codes: Uint16Array, length: number, enough: number): number {
  let count = 0;
  for (let i = 0; i < length && count < enough; i++) if (codes[i] === 32) count++;
  return count;
}

function distinctCharacters(codes: Uint16Array, length: number, enough: number): number {
  // Up to `enough` distinct codes, kept in a small list (a Set per string cost more than this).
  const seen: number[] = [];
  for (let i = 0; i < length && seen.length < enough; i++) if (!seen.includes(codes[i])) seen.push(codes[i]);
  return seen.length;
}

/** The weight of the model's signal: none below the threshold, 0.5..0.95 above it. */
export function learnedWeight(probability: number): number {
  if (probability < LEARNED_THRESHOLD) return 0;
  return 0.5 + (0.45 * (probability - LEARNED_THRESHOLD)) / (1 - LEARNED_THRESHOLD);
}
