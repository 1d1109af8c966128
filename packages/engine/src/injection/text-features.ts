// The features of the learned screen, shared by the trainer (scripts/train-screen.ts) and the
// run-time scorer so both read text the same way: the text is folded (lower case, digits to 0,
// runs of white space to one space), then every character 3-, 4- and 5-gram and every word
// unigram and bigram is hashed into 2^18 buckets, and so are the structural features of the
// words' roles in their sentences (word-classes.ts, structure-features.ts), read in the same pass
// as the words. Each feature belongs to the position where it starts, so the score of any window
// of the text is a difference of two prefix sums: the scorer reads each character once however
// many windows it scores.

import {
  BIGRAM_SEED,
  TARGET,
  TLD,
  UNSPACED_LONGEST,
  WORD_SEED,
  isUnspacedScript,
  opensStem,
  phraseClasses,
  startsUnspacedEntry,
  stemClasses,
  unspacedClasses,
  wordClasses,
} from './word-classes.ts';
import {
  QUOTE_EVENT,
  SENTENCE_END,
  STRUCTURE_REPEAT,
  WORD_EVENT,
  clearEvents,
  recordEvent,
  recordedEvents,
  structureFeatures,
} from './structure-features.ts';

/** log2 of the number of hashed buckets. */
export const FEATURE_BITS = 18;
export const FEATURE_COUNT = 1 << FEATURE_BITS;
export const MASK = FEATURE_COUNT - 1;
/** A window of folded text the model scores; texts no longer than this are scored whole. */
export const WINDOW = 384;
/** Windows start every STRIDE characters, so an instruction up to WINDOW - STRIDE long lies whole in one. */
export const STRIDE = 192;
// The scorer sums a window from two blocks of STRIDE characters.
if (WINDOW !== 2 * STRIDE) throw new Error('WINDOW must be twice STRIDE');

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;
// Distinct seeds keep a word and a character n-gram with the same letters apart (the word seeds
// are word-classes.ts's, which looks words up by the hash given here).
export { BIGRAM_SEED };
export const CHAR_SEED = [0, 0, 0, 0x27d4eb2f, 0x165667b1, 0xd3a2646c];

/** Lower case, digits folded to 0, white space runs to one space; the text the model reads. */
export function foldText(text: string): string {
  let out = '';
  let space = true;
  let chunkStart = 0;
  // Build in chunks: most characters are copied unchanged.
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    const isSpace =
      code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 0xa0 || code === 0x3000;
    const isDigit = code >= 48 && code <= 57;
    if (isSpace) {
      out += lower.slice(chunkStart, i);
      if (!space) out += ' ';
      space = true;
      chunkStart = i + 1;
    } else if (isDigit) {
      out += lower.slice(chunkStart, i) + '0';
      space = false;
      chunkStart = i + 1;
    } else {
      space = false;
    }
  }
  out += lower.slice(chunkStart);
  return out.endsWith(' ') ? out.slice(0, -1) : out;
}

/** A folded text as UTF-16 codes, in a buffer the next call reuses. */
export interface FoldedCodes {
  codes: Uint16Array;
  length: number;
}

let foldBuffer = new Uint16Array(4096);

// How foldCodes treats each ASCII code: kept, white space (tab, line feed, vertical tab, form feed,
// carriage return, space) or a digit.
const FOLD_KEEP = 0;
const FOLD_SPACE = 1;
const FOLD_DIGIT = 2;
const FOLD_ASCII = new Uint8Array(128);
for (const code of [9, 10, 11, 12, 13, 32]) FOLD_ASCII[code] = FOLD_SPACE;
for (let code = 48; code <= 57; code++) FOLD_ASCII[code] = FOLD_DIGIT;

// What foldCodes makes of each ASCII code: 32 for white space, 48 for a digit, else its lower case.
const FOLDED_ASCII = new Uint16Array(128);
for (let code = 0; code < 128; code++)
  FOLDED_ASCII[code] =
    FOLD_ASCII[code] === FOLD_SPACE ? 32 : FOLD_ASCII[code] === FOLD_DIGIT ? 48 : String.fromCharCode(code).toLowerCase().charCodeAt(0);

/** foldText's result as codes, without building a string (the scorer reads codes). */
export function foldCodes(text: string): FoldedCodes {
  // ASCII text is folded by a table, without a lower-cased copy; the first code outside ASCII
  // sends the text to toLowerCase (which may change its length: İ becomes two codes).
  const n = text.length;
  if (foldBuffer.length < n) foldBuffer = new Uint16Array(n * 2);
  const buffer = foldBuffer;
  let folded = 0;
  let afterSpace = true;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return foldLowerCased(text, i, folded, afterSpace);
    const out = FOLDED_ASCII[code];
    if (out === 32) {
      if (!afterSpace) buffer[folded++] = 32;
      afterSpace = true;
    } else {
      buffer[folded++] = out;
      afterSpace = false;
    }
  }
  if (folded > 0 && buffer[folded - 1] === 32) folded--;
  return { codes: buffer, length: folded };
}

/**
 * foldCodes for a text that is not all ASCII, whose first `from` codes (ASCII) are folded already:
 * `length` codes in the buffer, `space` whether the last was white space. Lower-casing maps ASCII
 * code for code, so those codes of the lower case are the text's own, folded alike, and the fold
 * goes on from there (the whole text is lower-cased: a letter's lower case may depend on those
 * before it, as Σ's does).
 */
function foldLowerCased(text: string, from: number, length: number, space: boolean): FoldedCodes {
  const lower = text.toLowerCase();
  if (foldBuffer.length < lower.length) {
    const grown = new Uint16Array(lower.length * 2);
    grown.set(foldBuffer.subarray(0, length));
    foldBuffer = grown;
  }
  const codes = foldBuffer;
  for (let i = from; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    // One table look-up for ASCII rather than eight comparisons per code.
    const kind = code < 128 ? FOLD_ASCII[code] : code === 0xa0 || code === 0x3000 ? FOLD_SPACE : FOLD_KEEP;
    if (kind === FOLD_SPACE) {
      if (!space) codes[length++] = 32;
      space = true;
    } else {
      codes[length++] = kind === FOLD_DIGIT ? 48 : code;
      space = false;
    }
  }
  if (length > 0 && codes[length - 1] === 32) length--;
  return { codes, length };
}

/** The codes of a string, for the string form of bestWindow. */
function codesOf(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

// isWordCode of each ASCII code.
const WORD_ASCII = new Uint8Array(128);
for (let code = 0; code < 128; code++) WORD_ASCII[code] = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 39 ? 1 : 0;

function isWordCode(code: number): boolean {
  // ASCII letters and digits, and every non-ASCII character except the common punctuation blocks.
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 39;
  return !(code >= 0x2000 && code <= 0x206f) && !(code >= 0x3000 && code <= 0x303f) && !(code >= 0xff00 && code <= 0xff0f);
}

/**
 * Calls `visit(position, bucket)` for every feature of folded `text`, in position order (a word's
 * features when it ends). Words longer than 24 characters (hashes, base64) give only character
 * n-grams. Structural features (structure-features.ts) are visited STRUCTURE_REPEAT times each.
 */
export function forEachFeature(text: string, visit: (position: number, bucket: number) => void): void {
  const length = text.length;
  let previousWord = 0;
  let haveWord = false;
  let wordStart = -1;
  let wordHash = WORD_SEED;
  const structure = structureOfText(text);
  let next = 0;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : 32;
    // Structural features starting here, each counted STRUCTURE_REPEAT times.
    for (; next < structure.positions.length && structure.positions[next] <= i; next++)
      for (let r = 0; r < STRUCTURE_REPEAT; r++) visit(structure.positions[next], structure.buckets[next]);
    if (i < length) {
      // Character n-grams starting here.
      let hash = FNV_OFFSET;
      for (let n = 1; n <= 5 && i + n <= length; n++) {
        hash = Math.imul(hash ^ text.charCodeAt(i + n - 1), FNV_PRIME);
        if (n >= 3) visit(i, ((hash ^ CHAR_SEED[n]) >>> 0) & MASK);
      }
    }
    if (isWordCode(code)) {
      if (wordStart < 0) {
        wordStart = i;
        wordHash = WORD_SEED;
      }
      wordHash = Math.imul(wordHash ^ code, FNV_PRIME);
    } else if (wordStart >= 0) {
      if (i - wordStart <= 24) {
        const word = wordHash >>> 0;
        visit(wordStart, word & MASK);
        if (haveWord) visit(wordStart, ((Math.imul(previousWord ^ BIGRAM_SEED, FNV_PRIME) ^ word) >>> 0) & MASK);
        previousWord = word;
        haveWord = true;
      } else {
        haveWord = false;
      }
      wordStart = -1;
    }
  }
}

/** The summed weights (each counted STRUCTURE_REPEAT times) and count of the structural features of `count` events. */
export function structureSum(events: Int32Array, at: number, count: number, weights: Int8Array): { sum: number; count: number } {
  let sum = 0;
  let features = 0;
  structureFeatures(events, at, count, (_position, hash) => {
    sum += weights[hash & MASK];
    features++;
  });
  return { sum: STRUCTURE_REPEAT * sum, count: STRUCTURE_REPEAT * features };
}

let noWeights: Int8Array | undefined;

/** The structural features of folded `text`, by position (for forEachFeature). */
function structureOfText(text: string): { positions: number[]; buckets: number[] } {
  noWeights ??= new Int8Array(FEATURE_COUNT);
  const scratch = new Int32Array(3 * ((text.length + 2) >> 1) + 3);
  wordFeatures(codesOf(text), 0, text.length, noWeights, scratch, 0);
  const positions: number[] = [];
  const buckets: number[] = [];
  const { buffer, count } = recordedEvents();
  structureFeatures(buffer, 0, count, (position, hash) => {
    positions.push(position);
    buckets.push(hash & MASK);
  });
  return { positions, buckets };
}

/** The [start, end) windows of a folded text of `length` characters. */
export function windowsOf(length: number, stride = STRIDE): Array<[number, number]> {
  if (length <= WINDOW) return [[0, length]];
  const windows: Array<[number, number]> = [];
  let start = 0;
  for (; start + WINDOW < length; start += stride) windows.push([start, start + WINDOW]);
  windows.push([Math.max(0, length - WINDOW), length]);
  return windows;
}

/** Sparse feature vector of one window for training: buckets and values (count / sqrt(total)). */
export interface SparseVector {
  index: Uint32Array;
  value: Float32Array;
}

/** The feature vectors of the windows of a folded text (training uses windows that do not overlap). */
export function windowVectors(text: string, stride = STRIDE): SparseVector[] {
  const positions: number[] = [];
  const buckets: number[] = [];
  forEachFeature(text, (position, bucket) => {
    positions.push(position);
    buckets.push(bucket);
  });
  const vectors: SparseVector[] = [];
  let first = 0;
  for (const [start, end] of windowsOf(text.length, stride)) {
    while (first < positions.length && positions[first] < start) first++;
    let last = first;
    while (last < positions.length && positions[last] < end) last++;
    // Sort the window's buckets and count runs: cheaper than a map for a few thousand features.
    const sorted = Uint32Array.from(buckets.slice(first, last)).sort();
    const total = sorted.length;
    let distinct = 0;
    for (let j = 0; j < total; j++) if (j === 0 || sorted[j] !== sorted[j - 1]) distinct++;
    const scale = total > 0 ? 1 / Math.sqrt(total) : 0;
    const index = new Uint32Array(distinct);
    const value = new Float32Array(distinct);
    let k = -1;
    for (let j = 0; j < total; j++) {
      if (j === 0 || sorted[j] !== sorted[j - 1]) {
        k++;
        index[k] = sorted[j];
      }
      value[k] += scale;
    }
    vectors.push({ index, value });
  }
  return vectors;
}

/** A linear model over the hashed features, as training makes it. */
export interface LinearModel {
  weights: Float32Array;
  bias: number;
}

/**
 * The model as the screen scores with it: int8 weights and one scale (what train-screen.ts
 * commits). A quarter of the float table's size, so its lookups mostly hit the CPU's cache.
 */
export interface QuantisedModel {
  weights: Int8Array;
  scale: number;
  bias: number;
}

/** Rounds a trained model's weights to int8 steps of (largest weight / 127). */
export function quantise(model: LinearModel): QuantisedModel {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const weights = new Int8Array(model.weights.length);
  for (let i = 0; i < weights.length; i++) weights[i] = Math.round(model.weights[i] / scale);
  return { weights, scale, bias: model.bias };
}

// Per-block sums of the scorer (int8 weights sum exactly): a window is two consecutive blocks of STRIDE characters.
let blockSums = new Int32Array(64);
let blockCounts = new Int32Array(64);

/**
 * The raw score (before the sigmoid) of the most suspicious window of a folded text. The features
 * of forEachFeature, visited inline (a callback per feature cost more than the lookup it makes):
 * each feature's weight goes to the block of STRIDE characters where it starts, and to the tail
 * window when it starts inside it, so every window is a sum of two blocks (or the tail).
 */
export function bestWindow(text: string, model: QuantisedModel): { logit: number; start: number; end: number } {
  return bestWindowOfCodes(codesOf(text), text.length, model);
}

/** bestWindow over the first `length` codes of a folded text (see foldCodes). */
export function bestWindowOfCodes(text: Uint16Array, length: number, model: QuantisedModel): { logit: number; start: number; end: number } {
  if (length === 0) return { logit: model.bias, start: 0, end: 0 };
  const weights = model.weights;
  if (length <= WINDOW) return wholeWindowOfCodes(text, length, model);
  const blocks = Math.ceil(length / STRIDE) + 1;
  // The slot after the blocks sums the tail window.
  const tail = blocks;
  if (blockSums.length < blocks + 1) {
    blockSums = new Int32Array(blocks * 2);
    blockCounts = new Int32Array(blocks * 2);
  }
  const sums = blockSums;
  const counts = blockCounts;
  sums.fill(0, 0, blocks + 1);
  counts.fill(0, 0, blocks + 1);
  // Texts no longer than a window are one window: the tail covers them whole.
  const tailStart = length <= WINDOW ? 0 : length - WINDOW;
  // The weights are int8, so every sum below is exact whatever the order it is added in: the
  // character n-grams and the words are summed in two passes, and the n-grams of a block in runs
  // that lie wholly inside or outside the tail.
  // Positions before `full` start all three character n-grams (3, 4 and 5 codes).
  const full = Math.max(0, length - 4);
  for (let blockStart = 0, block = 0; blockStart < full; blockStart += STRIDE, block++) {
    const blockEnd = Math.min(full, blockStart + STRIDE);
    const split = Math.min(blockEnd, Math.max(blockStart, tailStart));
    const before = gramSums(text, blockStart, split, weights);
    const inTail = gramSums(text, split, blockEnd, weights);
    sums[block] += before + inTail;
    counts[block] += 3 * (blockEnd - blockStart);
    sums[tail] += inTail;
    counts[tail] += 3 * (blockEnd - split);
  }
  // The last positions, where the text ends inside the longer n-grams.
  for (let i = full; i + 3 <= length; i++)
    credit(sums, counts, i, tailStart, tail, gramSumAt(text, i, length - i, weights), length - i - 2);
  // Words and word bigrams, each belonging to the block where the word starts.
  if (wordBuffer.length < 3 * ((length + 2) >> 1)) wordBuffer = new Int32Array(3 * length + 6);
  const { words } = wordFeatures(text, 0, length, weights, wordBuffer, 0);
  for (let k = 0, at = 0; k < words; k++, at += 3)
    credit(sums, counts, wordBuffer[at], tailStart, tail, wordBuffer[at + 1], wordBuffer[at + 2]);
  // The structural features, each belonging to the block of the event that completes it.
  const events = recordedEvents();
  structureFeatures(events.buffer, 0, events.count, (position, hash) =>
    credit(sums, counts, position, tailStart, tail, STRUCTURE_REPEAT * weights[hash & MASK], STRUCTURE_REPEAT),
  );
  return bestOfBlocks(sums, counts, length, model);
}

/**
 * bestWindowOfCodes of a text no longer than a window: its one window is the whole text, so every
 * feature counts and no block is summed (the same integer sums, added in another order).
 */
function wholeWindowOfCodes(text: Uint16Array, length: number, model: QuantisedModel): { logit: number; start: number; end: number } {
  const weights = model.weights;
  const full = Math.max(0, length - 4);
  let sum = gramSums(text, 0, full, weights);
  let count = 3 * full;
  for (let i = full; i + 3 <= length; i++) {
    sum += gramSumAt(text, i, length - i, weights);
    count += length - i - 2;
  }
  if (wordBuffer.length < 3 * ((length + 2) >> 1)) wordBuffer = new Int32Array(3 * length + 6);
  const { words } = wordFeatures(text, 0, length, weights, wordBuffer, 0);
  for (let k = 0, at = 0; k < words; k++, at += 3) {
    sum += wordBuffer[at + 1];
    count += wordBuffer[at + 2];
  }
  const events = recordedEvents();
  const structure = structureSum(events.buffer, 0, events.count, weights);
  return { logit: scoreOf(model.bias, model.scale, sum + structure.sum, count + structure.count), start: 0, end: length };
}

/**
 * The best window of a folded text of `length` codes, from the summed weights and counts of the
 * features starting in each block of STRIDE codes, and (in the slot after the last block) in the
 * tail window: the windows of windowsOf, [k * STRIDE, k * STRIDE + WINDOW) while they end before
 * the text does, then the tail.
 */
export function bestOfBlocks(
  sums: Int32Array,
  counts: Int32Array,
  length: number,
  model: QuantisedModel,
): { logit: number; start: number; end: number } {
  const { bias, scale } = model;
  const tail = Math.ceil(length / STRIDE) + 1;
  if (length <= WINDOW) return { logit: scoreOf(bias, scale, sums[tail], counts[tail]), start: 0, end: length };
  let best = { logit: -Infinity, start: 0, end: 0 };
  for (let k = 0, start = 0; start + WINDOW < length; k++, start += STRIDE) {
    const logit = scoreOf(bias, scale, sums[k] + sums[k + 1], counts[k] + counts[k + 1]);
    if (logit > best.logit) best = { logit, start, end: start + WINDOW };
  }
  const tailLogit = scoreOf(bias, scale, sums[tail], counts[tail]);
  if (tailLogit > best.logit) best = { logit: tailLogit, start: length - WINDOW, end: length };
  return best;
}

// The words of the text bestWindowOfCodes scores last (see wordFeatures).
let wordBuffer = new Int32Array(768);

/**
 * The summed weights of the character n-grams (3, 4 and 5 codes) at `at` of `codes` that fit in
 * the `room` codes from there (at least 3): min(3, room - 2) of them.
 */
export function gramSumAt(codes: Uint16Array, at: number, room: number, weights: Int8Array): number {
  let hash = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ codes[at], FNV_PRIME) ^ codes[at + 1], FNV_PRIME) ^ codes[at + 2], FNV_PRIME);
  let sum = weights[(hash ^ CHAR_SEED[3]) & MASK];
  if (room >= 4) {
    hash = Math.imul(hash ^ codes[at + 3], FNV_PRIME);
    sum += weights[(hash ^ CHAR_SEED[4]) & MASK];
    if (room >= 5) {
      hash = Math.imul(hash ^ codes[at + 4], FNV_PRIME);
      sum += weights[(hash ^ CHAR_SEED[5]) & MASK];
    }
  }
  return sum;
}

/** How a text's words end (see wordFeatures). */
export interface WordWalk {
  words: number;
  /** The text's first word, when it is one of up to 24 codes (it is then the first word written). */
  firstWord: number | undefined;
  /** Whether a word of up to 24 codes ends the text's words (undefined: it has none), and that word. */
  endsWithWord: boolean | undefined;
  lastWord: number;
  /** How many words the text has, of any length (the ordinal its structural events count in). */
  seen: number;
}

/**
 * Writes the word features of the `length` folded codes at `from` of `codes`, three numbers per
 * word of up to 24 codes (longer ones are hashes or base64 and give none), at `at` of `into`:
 * where the word starts, the summed weights of the word and of its bigram with the word before it,
 * and how many features that is. `into` has room for (length + 2) / 2 words.
 */
export function wordFeatures(codes: Uint16Array, from: number, length: number, weights: Int8Array, into: Int32Array, at: number): WordWalk {
  let words = 0;
  let firstWord: number | undefined;
  let seenWord = false;
  let previousWord = 0;
  let haveWord = false;
  let wordStart = -1;
  let wordHash = WORD_SEED;
  // Structural events (structure-features.ts): the classes a word's stems give, whether it holds
  // Chinese or Japanese script, and how many words came before it.
  let stemMask = 0;
  let stemOpen = false;
  let unspaced = false;
  let ordinal = 0;
  clearEvents();
  for (let i = 0; i <= length; i++) {
    const code = i < length ? codes[from + i] : 32;
    if (code < 128 ? WORD_ASCII[code] === 1 : isWordCode(code)) {
      if (wordStart < 0) {
        wordStart = i;
        wordHash = WORD_SEED;
        stemMask = 0;
        stemOpen = false;
        unspaced = false;
      }
      wordHash = Math.imul(wordHash ^ code, FNV_PRIME);
      const n = i - wordStart + 1;
      if (n === 3) stemOpen = opensStem(wordHash);
      else if (stemOpen && n >= 4 && n <= 12) stemMask |= stemClasses(wordHash);
      if (code >= 0x3040 && isUnspacedScript(code)) unspaced = true;
    } else {
      if (wordStart >= 0) {
        if (i - wordStart <= 24) {
          const word = wordHash >>> 0;
          if (!seenWord) firstWord = word;
          let sum = weights[word & MASK];
          let count = 1;
          let classes = wordClasses(word) | stemMask;
          if (haveWord) {
            const bigram = Math.imul(previousWord ^ BIGRAM_SEED, FNV_PRIME) ^ word;
            sum += weights[bigram & MASK];
            count++;
            classes |= phraseClasses(bigram);
          }
          const slot = at + 3 * words;
          into[slot] = wordStart;
          into[slot + 1] = sum;
          into[slot + 2] = count;
          words++;
          previousWord = word;
          haveWord = true;
          // Most words follow a space: only a dot, an at sign or a domain's word needs a look.
          const before = wordStart > 0 ? codes[from + wordStart - 1] : 32;
          if (before === 46 || before === 64 || (classes & TLD) !== 0) classes = targetContext(codes, from, wordStart, classes);
          if (classes !== 0) recordEvent(wordStart, classes | WORD_EVENT, ordinal, word | 0);
        } else {
          haveWord = false;
        }
        if (unspaced) unspacedEvents(codes, from, wordStart, i, ordinal);
        ordinal++;
        seenWord = true;
        wordStart = -1;
      }
      if (i < length && code !== 32) {
        const mark = markOf(code, i + 1 < length ? codes[from + i + 1] : 32);
        if (mark !== 0) recordEvent(i, mark, ordinal, 0);
      }
    }
  }
  return { words, firstWord, endsWithWord: seenWord ? haveWord : undefined, lastWord: previousWord, seen: ordinal };
}

/**
 * A word's classes with TLD resolved: a top-level domain is an outside target after `word.`; a
 * word after `word@` is one too (an e-mail address). Only codes of the same string are read, so a
 * string scores alike alone and joined to others (learned-parts.ts).
 */
function targetContext(codes: Uint16Array, from: number, wordStart: number, classes: number): number {
  const before = wordStart >= 2 ? codes[from + wordStart - 1] : 32;
  const joined = before === 46 || before === 64 ? isWordCode(codes[from + wordStart - 2]) : false;
  if ((classes & TLD) !== 0) classes = (classes & ~TLD) | (joined && before === 46 ? TARGET : 0);
  if (joined && before === 64) classes |= TARGET;
  return classes;
}

/** The events of the Chinese and Japanese entries inside the word at [start, end). */
function unspacedEvents(codes: Uint16Array, from: number, start: number, end: number, ordinal: number): void {
  for (let j = start; j < end; j++) {
    if (!startsUnspacedEntry(codes[from + j])) continue;
    let hash = WORD_SEED;
    let classes = 0;
    let longest = 0;
    for (let n = 1; n <= UNSPACED_LONGEST && j + n <= end; n++) {
      hash = Math.imul(hash ^ codes[from + j + n - 1], FNV_PRIME);
      const found = unspacedClasses(hash);
      if (found !== 0) {
        classes |= found;
        longest = hash;
      }
    }
    if (classes !== 0) recordEvent(j, classes | WORD_EVENT, ordinal, longest | 0);
  }
}

/** The event of a character that is not part of a word: a sentence's end, a quotation mark, or none. */
function markOf(code: number, next: number): number {
  // A full stop or colon ends a sentence before white space or the text's end (not in 3.5, e.g, x.io or 10:30).
  if (code === 46 || code === 58) return next === 32 ? SENTENCE_END : 0;
  if (code === 33 || code === 63 || code === 59 || code === 0x3002 || code === 0xff01 || code === 0xff1b) return SENTENCE_END;
  if (code === 34 || code === 96 || code === 0x201c || code === 0x201d || code === 0x201e || code === 0xab || code === 0xbb)
    return QUOTE_EVENT;
  if (code === 0x300c || code === 0x300d || code === 0x300e || code === 0x300f) return QUOTE_EVENT;
  return 0;
}

/**
 * The summed weights of the character 3-, 4- and 5-grams starting at positions [from, to), every
 * one of which has five codes from it inside the text. The hot loop of the scorer: no bounds
 * tests, each code read once into a register shifted along.
 */
function gramSums(text: Uint16Array, from: number, to: number, weights: Int8Array): number {
  if (from >= to) return 0;
  const seed3 = CHAR_SEED[3];
  const seed4 = CHAR_SEED[4];
  const seed5 = CHAR_SEED[5];
  let c1 = text[from + 1];
  let c2 = text[from + 2];
  let c3 = text[from + 3];
  let sum = 0;
  for (let i = from, c0 = text[from]; i < to; i++) {
    const c4 = text[i + 4];
    const h3 = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ c0, FNV_PRIME) ^ c1, FNV_PRIME) ^ c2, FNV_PRIME);
    const h4 = Math.imul(h3 ^ c3, FNV_PRIME);
    const h5 = Math.imul(h4 ^ c4, FNV_PRIME);
    sum += weights[(h3 ^ seed3) & MASK] + weights[(h4 ^ seed4) & MASK] + weights[(h5 ^ seed5) & MASK];
    c0 = c1;
    c1 = c2;
    c2 = c3;
    c3 = c4;
  }
  return sum;
}

/** Adds the weights of features starting at `position` to its block, and to the tail when it starts inside it. */
export function credit(
  sums: Int32Array,
  counts: Int32Array,
  position: number,
  tailStart: number,
  tail: number,
  sum: number,
  count: number,
): void {
  const at = (position / STRIDE) | 0;
  sums[at] += sum;
  counts[at] += count;
  if (position >= tailStart) {
    sums[tail] += sum;
    counts[tail] += count;
  }
}

export function scoreOf(bias: number, scale: number, sum: number, count: number): number {
  return bias + (count > 0 ? (scale * sum) / Math.sqrt(count) : 0);
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
