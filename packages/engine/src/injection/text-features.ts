// The features of the learned screen, shared by the trainer (scripts/train-screen.ts) and the
// run-time scorer so both read text the same way: the text is folded (lower case, digits to 0,
// runs of white space to one space), then every character 3-, 4- and 5-gram and every word
// unigram and bigram is hashed into 2^18 buckets. Each feature belongs to the position where it
// starts, so the score of any window of the text is a difference of two prefix sums: the scorer
// reads each character once however many windows it scores.

/** log2 of the number of hashed buckets. */
export const FEATURE_BITS = 18;
export const FEATURE_COUNT = 1 << FEATURE_BITS;
const MASK = FEATURE_COUNT - 1;
/** A window of folded text the model scores; texts no longer than this are scored whole. */
export const WINDOW = 384;
/** Windows start every STRIDE characters, so an instruction up to WINDOW - STRIDE long lies whole in one. */
export const STRIDE = 192;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Distinct seeds keep a word and a character n-gram with the same letters apart.
const WORD_SEED = 0x9e3779b1;
const BIGRAM_SEED = 0x85ebca6b;
const CHAR_SEED = [0, 0, 0, 0x27d4eb2f, 0x165667b1, 0xd3a2646c];

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

function isWordCode(code: number): boolean {
  // ASCII letters and digits, and every non-ASCII character except the common punctuation blocks.
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 39;
  return !(code >= 0x2000 && code <= 0x206f) && !(code >= 0x3000 && code <= 0x303f) && !(code >= 0xff00 && code <= 0xff0f);
}

/**
 * Calls `visit(position, bucket)` for every feature of folded `text`, in position order.
 * Words longer than 24 characters (hashes, base64) give only character n-grams.
 */
export function forEachFeature(text: string, visit: (position: number, bucket: number) => void): void {
  const length = text.length;
  let previousWord = 0;
  let haveWord = false;
  let wordStart = -1;
  let wordHash = WORD_SEED;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : 32;
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

/** A linear model over the hashed features. */
export interface LinearModel {
  weights: Float32Array;
  bias: number;
}

let scratchSums = new Float64Array(4096);
let scratchCounts = new Uint32Array(4096);

/** Raw scores (before the sigmoid) of every window of a folded text, and the best window. */
export function bestWindow(text: string, model: LinearModel): { logit: number; start: number; end: number } {
  const length = text.length;
  if (length === 0) return { logit: model.bias, start: 0, end: 0 };
  // Reused buffers: allocating two typed arrays per string cost more than scoring it.
  if (scratchSums.length < length + 1) {
    scratchSums = new Float64Array(Math.max(length + 1, scratchSums.length * 2));
    scratchCounts = new Uint32Array(scratchSums.length);
  }
  const sums = scratchSums;
  const counts = scratchCounts;
  sums.fill(0, 0, length + 1);
  counts.fill(0, 0, length + 1);
  const weights = model.weights;
  forEachFeature(text, (position, bucket) => {
    sums[position + 1] += weights[bucket];
    counts[position + 1]++;
  });
  for (let i = 1; i <= length; i++) {
    sums[i] += sums[i - 1];
    counts[i] += counts[i - 1];
  }
  if (length <= WINDOW)
    return { logit: model.bias + (counts[length] > 0 ? sums[length] / Math.sqrt(counts[length]) : 0), start: 0, end: length };
  let best = { logit: -Infinity, start: 0, end: 0 };
  for (const [start, end] of windowsOf(length)) {
    const total = counts[end] - counts[start];
    const logit = model.bias + (total > 0 ? (sums[end] - sums[start]) / Math.sqrt(total) : 0);
    if (logit > best.logit) best = { logit, start, end };
  }
  return best;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
