// The learned screen's features of a payload's strings, kept so the text of its strings joined
// (screen-injection.ts) is scored without hashing them again. The joined text, folded, is the
// strings folded and joined by single spaces; a feature of the joined text that starts inside a
// string and ends inside it (a character n-gram five codes from the string's end or more, a word,
// a bigram of two of its words) is that string's own feature at the same place, so only the
// n-grams that reach across a join and the bigram of each string's first word with the word
// before it are new. Every sum is of int8 weights, exact in any order: the scores are the very
// numbers bestWindowOfCodes gives for the joined text.

import {
  BIGRAM_SEED,
  CHAR_SEED,
  FNV_OFFSET,
  FNV_PRIME,
  MASK,
  STRIDE,
  WINDOW,
  bestOfBlocks,
  credit,
  gramSumAt,
  scoreOf,
  structureSum,
  wordFeatures,
  type WordWalk,
  type QuantisedModel,
} from './text-features.ts';
import { EVENT_INTS, EventList, STRUCTURE_REPEAT, WORD_EVENT, recordedEvents, structureFeatures } from './structure-features.ts';
import { phraseClasses } from './word-classes.ts';

/**
 * The features of one folded string, by where they start, kept in the shared buffers below (a
 * typed array per string cost more to make than its features to compute).
 */
export interface PartFeatures extends WordWalk {
  /** Where the folded codes start in `codeStore`, and how many. */
  codesAt: number;
  length: number;
  /**
   * Where, in `intStore`, gramPrefix starts: gramPrefix[p] holds the summed weights of the
   * character 3-, 4- and 5-grams starting before p, for p up to the last position that starts all
   * three inside the string (its length - 4).
   */
  gramsAt: number;
  /**
   * Where, in `intStore`, its words start, three numbers each (see wordFeatures); how many, and
   * how they begin and end, are the WordWalk fields.
   */
  wordsAt: number;
  /** Where, in `intStore`, its structural events start (EVENT_INTS each, positions and ordinals its own), and how many. */
  eventsAt: number;
  events: number;
}

// The buffers of the features kept, filled from the start again by forgetParts: a buffer that
// grows is copied, so features written earlier stay where they were.
let codeStore = new Uint16Array(1 << 14);
let codesUsed = 0;
let intStore = new Int32Array(1 << 15);
let intsUsed = 0;

/** Forgets every feature kept: their places in the buffers are used again. */
export function forgetParts(): void {
  codesUsed = 0;
  intsUsed = 0;
}

function reserve(codes: number, ints: number): void {
  if (codesUsed + codes > codeStore.length) {
    const grown = new Uint16Array(Math.max(codeStore.length * 2, codesUsed + codes));
    grown.set(codeStore.subarray(0, codesUsed));
    codeStore = grown;
  }
  if (intsUsed + ints > intStore.length) {
    const grown = new Int32Array(Math.max(intStore.length * 2, intsUsed + ints));
    grown.set(intStore.subarray(0, intsUsed));
    intStore = grown;
  }
}

/** Copies `length` codes from `from` of `source` to `at` of `target`. */
function copyCodes(source: Uint16Array, from: number, length: number, target: Uint16Array, at: number): void {
  // A short run code by code (a subarray costs more than its copy), a long one as a block.
  if (length < 128) for (let i = 0; i < length; i++) target[at + i] = source[from + i];
  else target.set(source.subarray(from, from + length), at);
}

/** The features of the first `length` codes of `codes`, a folded string. */
export function partFeatures(codes: Uint16Array, length: number, weights: Int8Array): PartFeatures {
  const full = Math.max(0, length - 4);
  // A word takes a code and the separator after it: at most (length + 1) / 2 words.
  const capacity = (length + 2) >> 1;
  reserve(length, full + 1 + 3 * capacity);
  const codesAt = codesUsed;
  copyCodes(codes, 0, length, codeStore, codesAt);
  codesUsed += length;
  const ints = intStore;
  const gramsAt = intsUsed;
  ints[gramsAt] = 0;
  if (full > 0) {
    const seed3 = CHAR_SEED[3];
    const seed4 = CHAR_SEED[4];
    const seed5 = CHAR_SEED[5];
    let c0 = codes[0];
    let c1 = codes[1];
    let c2 = codes[2];
    let c3 = codes[3];
    let sum = 0;
    for (let i = 0; i < full; i++) {
      const c4 = codes[i + 4];
      const h3 = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ c0, FNV_PRIME) ^ c1, FNV_PRIME) ^ c2, FNV_PRIME);
      const h4 = Math.imul(h3 ^ c3, FNV_PRIME);
      const h5 = Math.imul(h4 ^ c4, FNV_PRIME);
      sum += weights[(h3 ^ seed3) & MASK] + weights[(h4 ^ seed4) & MASK] + weights[(h5 ^ seed5) & MASK];
      ints[gramsAt + i + 1] = sum;
      c0 = c1;
      c1 = c2;
      c2 = c3;
      c3 = c4;
    }
  }
  const wordsAt = gramsAt + full + 1;
  const walk = wordFeatures(codes, 0, length, weights, ints, wordsAt);
  intsUsed = wordsAt + 3 * walk.words;
  const recorded = recordedEvents();
  reserve(0, EVENT_INTS * recorded.count);
  const eventsAt = intsUsed;
  intStore.set(recorded.buffer.subarray(0, EVENT_INTS * recorded.count), eventsAt);
  intsUsed += EVENT_INTS * recorded.count;
  // Written out: a spread of the walk cost more than the fields it copies.
  return {
    codesAt,
    length,
    gramsAt,
    wordsAt,
    words: walk.words,
    firstWord: walk.firstWord,
    endsWithWord: walk.endsWithWord,
    lastWord: walk.lastWord,
    seen: walk.seen,
    eventsAt,
    events: recorded.count,
  };
}

// The joined codes of bestWindowOfParts, in a buffer the next call reuses.
let joinedCodes = new Uint16Array(1024);
let blockSums = new Int32Array(64);
let blockCounts = new Int32Array(64);

/** Zeroed block sums for a text of `length` codes (the slot after the blocks is the tail's). */
function zeroedBlocks(length: number): { sums: Int32Array; counts: Int32Array; tail: number } {
  const tail = Math.ceil(length / STRIDE) + 1;
  if (blockSums.length < tail + 1) {
    blockSums = new Int32Array(tail * 2);
    blockCounts = new Int32Array(tail * 2);
  }
  blockSums.fill(0, 0, tail + 1);
  blockCounts.fill(0, 0, tail + 1);
  return { sums: blockSums, counts: blockCounts, tail };
}

/**
 * Adds the character n-grams of positions [from, to) of a text, read from a string's gramPrefix
 * (at `prefixAt` of `prefix`; the string starts at `offset` of the text), to the blocks and the tail.
 */
function addGramRange(
  sums: Int32Array,
  counts: Int32Array,
  tail: number,
  tailStart: number,
  prefix: Int32Array,
  prefixAt: number,
  offset: number,
  from: number,
  to: number,
): void {
  for (let block = (from / STRIDE) | 0; block * STRIDE < to; block++) {
    const start = Math.max(from, block * STRIDE);
    const end = Math.min(to, (block + 1) * STRIDE);
    sums[block] += prefix[prefixAt + end - offset] - prefix[prefixAt + start - offset];
    counts[block] += 3 * (end - start);
  }
  const start = Math.max(from, tailStart);
  if (start < to) {
    sums[tail] += prefix[prefixAt + to - offset] - prefix[prefixAt + start - offset];
    counts[tail] += 3 * (to - start);
  }
}

// The structural events of the joined text of bestWindowOfParts, in a list the next call reuses.
const joinedEvents = new EventList();

/**
 * Appends a string's events to the joined text's, its positions and ordinals moved by where it
 * starts; `phrase`, the classes its first word takes from the word before the join, joins that
 * word's event (made when the word had none of its own), as wordFeatures gives it in the joined text.
 */
function joinEvents(part: PartFeatures, offset: number, ordinal: number, phrase: number): void {
  const ints = intStore;
  const firstWordAt = phrase !== 0 ? ints[part.wordsAt] : 0;
  for (let e = 0, at = part.eventsAt; e < part.events; e++, at += EVENT_INTS) {
    let flags = ints[at + 1];
    if (phrase !== 0 && ints[at] >= firstWordAt) {
      if (ints[at] === firstWordAt && (flags & WORD_EVENT) !== 0) flags |= phrase;
      else joinedEvents.push(offset + firstWordAt, phrase | WORD_EVENT, ordinal, part.firstWord! | 0);
      phrase = 0;
    }
    joinedEvents.push(offset + ints[at], flags, ordinal + ints[at + 2], ints[at + 3]);
  }
  if (phrase !== 0) joinedEvents.push(offset + firstWordAt, phrase | WORD_EVENT, ordinal, part.firstWord! | 0);
}

/** bestWindowOfCodes of one string, from its features. */
export function bestWindowOfPart(part: PartFeatures, model: QuantisedModel): { logit: number; start: number; end: number } {
  const length = part.length;
  if (length === 0 || length > WINDOW) return bestWindowOfParts([part], model);
  // One window, the whole string: every feature counts.
  const full = Math.max(0, length - 4);
  const ints = intStore;
  let sum = ints[part.gramsAt + full];
  let count = 3 * full;
  for (let position = full; position + 3 <= length; position++) {
    sum += gramSumAt(codeStore, part.codesAt + position, length - position, model.weights);
    count += length - position - 2;
  }
  for (let k = 0, at = part.wordsAt; k < part.words; k++, at += 3) {
    sum += ints[at + 1];
    count += ints[at + 2];
  }
  const structure = structureSum(ints, part.eventsAt, part.events, model.weights);
  return { logit: scoreOf(model.bias, model.scale, sum + structure.sum, count + structure.count), start: 0, end: length };
}

/**
 * bestWindowOfCodes of the strings' folded texts joined by single spaces (each string folds to a
 * text that is not empty), from their features.
 */
export function bestWindowOfParts(parts: readonly PartFeatures[], model: QuantisedModel): { logit: number; start: number; end: number } {
  let length = parts.length - 1;
  for (const part of parts) length += part.length;
  if (length <= 0) return { logit: model.bias, start: 0, end: 0 };
  const weights = model.weights;
  const store = codeStore;
  const ints = intStore;
  // The joined codes, read where n-grams reach across a join.
  let codes: Uint16Array;
  let codesAt = 0;
  if (parts.length === 1) {
    codes = store;
    codesAt = parts[0].codesAt;
  } else {
    if (joinedCodes.length < length) joinedCodes = new Uint16Array(length * 2);
    codes = joinedCodes;
    let at = 0;
    for (const part of parts) {
      copyCodes(store, part.codesAt, part.length, codes, at);
      at += part.length;
      if (at < length) codes[at++] = 32;
    }
  }
  const { sums, counts, tail } = zeroedBlocks(length);
  const tailStart = length <= WINDOW ? 0 : length - WINDOW;
  let offset = 0;
  let haveWord = false;
  let previousWord = 0;
  let ordinal = 0;
  joinedEvents.clear();
  for (const part of parts) {
    // The string's first word may take a class from the last word of the strings before it.
    const phrase =
      part.firstWord !== undefined && haveWord ? phraseClasses(Math.imul(previousWord ^ BIGRAM_SEED, FNV_PRIME) ^ part.firstWord) : 0;
    joinEvents(part, offset, ordinal, phrase);
    ordinal += part.seen;
    const full = Math.max(0, part.length - 4);
    addGramRange(sums, counts, tail, tailStart, ints, part.gramsAt, offset, offset, offset + full);
    // The n-grams that reach the string's end, or across the join after it.
    const edgeEnd = Math.min(length, offset + part.length + 1);
    for (let position = offset + full; position < edgeEnd; position++)
      if (position + 3 <= length)
        credit(
          sums,
          counts,
          position,
          tailStart,
          tail,
          gramSumAt(codes, codesAt + position, length - position, weights),
          Math.min(3, length - position - 2),
        );
    for (let k = 0, at = part.wordsAt; k < part.words; k++, at += 3) {
      let sum = ints[at + 1];
      let count = ints[at + 2];
      // The string's first word follows the last word of the strings before it.
      if (k === 0 && part.firstWord !== undefined && haveWord) {
        sum += weights[(Math.imul(previousWord ^ BIGRAM_SEED, FNV_PRIME) ^ part.firstWord) & MASK];
        count++;
      }
      credit(sums, counts, offset + ints[at], tailStart, tail, sum, count);
    }
    if (part.endsWithWord !== undefined) {
      haveWord = part.endsWithWord;
      previousWord = part.lastWord;
    }
    offset += part.length + 1;
  }
  structureFeatures(joinedEvents.buffer, 0, joinedEvents.count, (position, hash) =>
    credit(sums, counts, position, tailStart, tail, STRUCTURE_REPEAT * weights[hash & MASK], STRUCTURE_REPEAT),
  );
  return bestOfBlocks(sums, counts, length, model);
}
