// The learned half of the screen: logistic regression over hashed word and character n-grams
// (text-features.ts), weights trained by scripts/train-screen.ts and committed as int8 in
// screen-model-weights.ts. It scores overlapping windows of a text and keeps the most suspicious,
// so an instruction inside a long benign document is judged on its own sentences.

import { bestWindow, foldText, sigmoid, FEATURE_BITS, type LinearModel } from './text-features.ts';
import { SCREEN_MODEL_BIAS, SCREEN_MODEL_FEATURE_BITS, SCREEN_MODEL_INT8, SCREEN_MODEL_SCALE } from './screen-model-weights.ts';

/** Probability at or above which the model's verdict counts as a signal. */
export const LEARNED_THRESHOLD = 0.9;
/** Texts shorter than this carry too little for the model to judge. */
const MIN_LENGTH = 24;

let model: LinearModel | undefined;

// Decoded on first use, not at import: importing the engine stays cheap.
function loadModel(): LinearModel {
  if (model !== undefined) return model;
  if (SCREEN_MODEL_FEATURE_BITS !== FEATURE_BITS) throw new Error('screen model weights do not match the feature hashing');
  const bytes = Buffer.from(SCREEN_MODEL_INT8, 'base64');
  const quantised = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const weights = new Float32Array(quantised.length);
  for (let i = 0; i < quantised.length; i++) weights[i] = quantised[i] * SCREEN_MODEL_SCALE;
  model = { weights, bias: SCREEN_MODEL_BIAS };
  return model;
}

/**
 * Replaces the committed weights (undefined restores them). For evaluation only: the
 * leave-one-out measurement trains a model without a source and screens that source with it.
 */
export function useLearnedModel(replacement: LinearModel | undefined): void {
  model = replacement;
}

export interface LearnedVerdict {
  probability: number;
  /** The window of the folded text that scored highest. */
  excerpt: string;
}

/** The model's probability that `text` holds an injection, and the window it found it in. */
export function learnedScore(text: string): LearnedVerdict | undefined {
  if (text.length < MIN_LENGTH) return undefined;
  const folded = foldText(text);
  // Padding and filler (`y y y …`, `====`) hold no language for the model to judge.
  if (distinctCharacters(folded, 10) < 10) return undefined;
  // Identifiers, paths, hashes and other strings of fewer than four words are not prose: the
  // rules read them; the model, trained on sentences, would judge their letters.
  if (spaces(folded, 3) < 3) return undefined;
  const best = bestWindow(folded, loadModel());
  return { probability: sigmoid(best.logit), excerpt: folded.slice(best.start, best.end) };
}

function spaces(text: string, enough: number): number {
  let count = 0;
  for (let i = text.indexOf(' '); i >= 0 && count < enough; i = text.indexOf(' ', i + 1)) count++;
  return count;
}

function distinctCharacters(text: string, enough: number): number {
  const seen = new Set<number>();
  for (let i = 0; i < text.length && seen.size < enough; i++) seen.add(text.charCodeAt(i));
  return seen.size;
}

/** The weight of the model's signal: none below the threshold, 0.5..0.95 above it. */
export function learnedWeight(probability: number): number {
  if (probability < LEARNED_THRESHOLD) return 0;
  return 0.5 + (0.45 * (probability - LEARNED_THRESHOLD)) / (1 - LEARNED_THRESHOLD);
}
