// One pass over a text that reports which of many key words it contains (Aho-Corasick over a
// small alphabet). The detectors' gates use it as a cheap necessary condition: ordinary text
// holds none of the key words of most detectors, so their regular expressions never run. The
// same pass notes which kinds of character occur (createTextScanner), for the detectors' other
// cheap tests.
//
// Key words are lower-case ASCII letters and digits; a space in a key word stands for any run of
// other characters (punctuation, white space, underscores), and the text is scanned as if it began
// and ended with one, so " ai " matches the word "ai" and " ignor" any word starting "ignor".

const SEPARATOR = 0;
const ALPHABET = 37; // separator, a-z, 0-9

function symbolOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 96;
  if (code >= 65 && code <= 90) return code - 64;
  if (code >= 48 && code <= 57) return code - 21;
  return SEPARATOR;
}

/** Scans a text; returns the indexes of the key words that occur in it, each once. */
export type KeywordScanner = (text: string) => number[];

/**
 * Scans a text and sets `marks[label] = 1` for every label of every key word found in it (a
 * non-ASCII character is a separator, as for the scanner); returns whether the text is all ASCII.
 */
export type KeywordMarker = (text: string, marks: Uint8Array) => boolean;

// Symbol of each ASCII code; every other code is a separator.
const SYMBOLS = new Uint8Array(128);
for (let code = 0; code < 128; code++) SYMBOLS[code] = symbolOf(code);
// A text scanner's table entry: the symbol in the low 6 bits, then whether the character belongs
// to a run, then the character's traits.
const SYMBOL_MASK = (1 << 6) - 1;
const RUN_SHIFT = 6;
const RUN_BIT = 1 << RUN_SHIFT;
const TRAIT_SHIFT = 7;
// A text scanner's buffer: UTF-8 takes at most 3 bytes per UTF-16 code unit.
const CHUNK = 4096;
const BYTES = new Uint8Array(CHUNK * 3);
const ENCODER = new TextEncoder();

interface Automaton {
  /** Complete transition table: state * ALPHABET + symbol. */
  table: Int32Array;
  /** Key word indexes each state reports (its own and those of its failure chain). */
  outputs: number[][];
  /** Each state's place in breadth-first order (the root first, then by depth). */
  rank: Int32Array;
}

function buildAutomaton(keywords: readonly string[]): Automaton {
  const transitions: number[][] = [new Array<number>(ALPHABET).fill(-1)];
  const outputs: number[][] = [[]];
  keywords.forEach((keyword, index) => {
    let state = 0;
    let previous = -1;
    for (let i = 0; i < keyword.length; i++) {
      const symbol = symbolOf(keyword.charCodeAt(i));
      if (symbol === SEPARATOR && previous === SEPARATOR) continue;
      previous = symbol;
      let next = transitions[state][symbol];
      if (next === -1) {
        next = transitions.length;
        transitions.push(new Array<number>(ALPHABET).fill(-1));
        outputs.push([]);
        transitions[state][symbol] = next;
      }
      state = next;
    }
    outputs[state].push(index);
  });
  // Breadth-first: failure links, complete transition table and merged outputs.
  const failure = new Array<number>(transitions.length).fill(0);
  const queue: number[] = [];
  for (let symbol = 0; symbol < ALPHABET; symbol++) {
    const next = transitions[0][symbol];
    if (next === -1) transitions[0][symbol] = 0;
    else queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    for (let symbol = 0; symbol < ALPHABET; symbol++) {
      const next = transitions[state][symbol];
      const fallback = transitions[failure[state]][symbol];
      if (next === -1) {
        transitions[state][symbol] = fallback;
        continue;
      }
      failure[next] = fallback;
      outputs[next] = outputs[next].concat(outputs[fallback]);
      queue.push(next);
    }
  }
  const table = new Int32Array(transitions.length * ALPHABET);
  transitions.forEach((row, state) => table.set(row, state * ALPHABET));
  const rank = new Int32Array(transitions.length);
  queue.forEach((state, index) => {
    rank[state] = index + 1;
  });
  return { table, outputs, rank };
}

/** Flattens per-state lists: state s owns list[start[s] .. start[s + 1]). */
function flatten(lists: number[][]): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(lists.length + 1);
  lists.forEach((out, state) => {
    start[state + 1] = start[state] + out.length;
  });
  return { start, list: Int32Array.from(lists.flat()) };
}

/** Builds a scanner for `keywords` (see the file header for their syntax). */
export function createKeywordScanner(keywords: readonly string[]): KeywordScanner {
  const { table, outputs } = buildAutomaton(keywords);
  // Outputs flattened: state s reports outputList[outputStart[s] .. outputStart[s + 1]).
  const { start: outputStart, list: outputList } = flatten(outputs);
  const count = keywords.length;
  return (text: string): number[] => {
    const seen = new Uint8Array(count);
    const found: number[] = [];
    let state = table[SEPARATOR];
    let previous = SEPARATOR;
    for (let i = 0; i <= text.length; i++) {
      const symbol = i < text.length ? symbolOf(text.charCodeAt(i)) : SEPARATOR;
      if (symbol === SEPARATOR && previous === SEPARATOR) continue;
      previous = symbol;
      state = table[state * ALPHABET + symbol];
      for (let k = outputStart[state]; k < outputStart[state + 1]; k++) {
        const index = outputList[k];
        if (seen[index] === 0) {
          seen[index] = 1;
          found.push(index);
        }
      }
    }
    return found;
  };
}

/**
 * Scans a text and sets `marks[label] = 1` for every label of every key word found in it, where
 * it is still 0 (and appends each such label to `marked`), and returns the traits of the text
 * (see TextTraits). With `asciiOnly`, a text that is not all ASCII is not scanned to its end: the
 * scanner returns the non-ASCII traits alone, and the marks are not to be used.
 */
export type TextScanner = (text: string, marks: Uint8Array, marked?: number[], asciiOnly?: boolean) => number;

/** What a text scanner reports besides key words: bits that are or-ed into its result. */
export interface TextTraits {
  /** Bits of each ASCII code (128 entries, up to 16 bits): reported when the character occurs. */
  ascii: ArrayLike<number>;
  /** Bits reported when the text holds a non-ASCII character (which reads as a separator). */
  nonAscii: number;
  /** `run.trait` is reported when `run.length` ASCII characters in a row have a bit of `run.of`. */
  run?: { of: number; length: number; trait: number };
  /** Labels from this one on are marked but never appended to `marked` (their reader reads the marks). */
  unlistedFrom?: number;
}

/**
 * Builds a marker for `keywords`: the same scan as `createKeywordScanner`, but each key word found
 * marks its labels (`labelsOf(index)`) in a caller's array instead of being listed, so a scan
 * allocates nothing. It returns whether the text is all ASCII.
 */
export function createKeywordMarker(keywords: readonly string[], labelsOf: (index: number) => readonly number[]): KeywordMarker {
  const scan = createTextScanner(keywords, labelsOf, { ascii: new Uint8Array(128), nonAscii: 1 });
  return (text: string, marks: Uint8Array): boolean => scan(text, marks) === 0;
}

/**
 * Builds a text scanner: the key-word marker of `createKeywordMarker` that, in the same pass,
 * finds out which kinds of character occur (`traits`), so the detectors' cheap tests need no
 * pass of their own.
 */
export function createTextScanner(
  keywords: readonly string[],
  labelsOf: (index: number) => readonly number[],
  traits: TextTraits,
): TextScanner {
  const { table, outputs, rank } = buildAutomaton(keywords);
  const labels = outputs.map((out) => [...new Set(out.flatMap((index) => labelsOf(index)))]);
  const states = table.length / ALPHABET;
  // A run of separators counts as one. A state entered on a separator is one whose key word
  // prefix ends in a separator (or the root); reading another separator there keeps it, so the
  // scan needs no memory of the previous symbol. Marking a state's labels twice changes nothing.
  const enteredOnSeparator = new Uint8Array(states);
  for (let state = 0; state < states; state++) enteredOnSeparator[table[state * ALPHABET + SEPARATOR]] = 1;
  const collapsed = Int32Array.from(table);
  for (let state = 0; state < states; state++) {
    if (enteredOnSeparator[state] === 1 && table[state * ALPHABET + SEPARATOR] !== state) {
      // Only reachable when previous === SEPARATOR; keep the state.
      collapsed[state * ALPHABET + SEPARATOR] = state;
    }
  }
  // The transition table as it is read once per character. States are renumbered so that those
  // with labels to mark come last, and one comparison with the first labelled state tells whether
  // to mark; within each kind, breadth-first, so the shallow states a scan is in most of the time
  // share a few cache lines (issue 15: the table of some 16,000 states, 2 MB as row offsets, is
  // larger than a core's cache). Each entry is the next state's number, in 16 bits while the
  // states fit (1 MB).
  const labelled = labels.map((list) => list.length > 0);
  // The scan starts in this state without reporting it, as the scanner does.
  if (labelled[collapsed[SEPARATOR]]) throw new Error('a key word must hold a letter or a digit');
  const order = [...labels.keys()].sort((a, b) => Number(labelled[a]) - Number(labelled[b]) || rank[a] - rank[b]);
  const renumbered = new Int32Array(states);
  order.forEach((state, index) => {
    renumbered[state] = index;
  });
  const firstLabelled = labelled.filter((isLabelled) => !isLabelled).length;
  const nextStates = new Int32Array(states * ALPHABET);
  for (let state = 0; state < states; state++) {
    for (let symbol = 0; symbol < ALPHABET; symbol++) {
      nextStates[renumbered[state] * ALPHABET + symbol] = renumbered[collapsed[state * ALPHABET + symbol]];
    }
  }
  const step = states <= 0x10000 ? Uint16Array.from(nextStates) : nextStates;
  // The labels of each renumbered state.
  const { start: labelStart, list: labelList } = flatten(order.map((state) => labels[state]));
  const startState = renumbered[collapsed[SEPARATOR]];
  // One table read per byte gives its symbol (low 6 bits), whether it continues a run (next bit)
  // and its traits (above them).
  const runOf = traits.run?.of ?? 0;
  const runLength = traits.run?.length ?? 0;
  const runTrait = (traits.run?.trait ?? 0) << TRAIT_SHIFT;
  const entries = new Int32Array(256);
  for (let code = 0; code < 256; code++) {
    const bits = code < 128 ? traits.ascii[code] : traits.nonAscii;
    const inRun = code < 128 && (bits & runOf) !== 0 ? RUN_BIT : 0;
    entries[code] = (code < 128 ? SYMBOLS[code] : SEPARATOR) | inRun | (bits << TRAIT_SHIFT);
  }
  const unlistedFrom = traits.unlistedFrom ?? Infinity;
  // The scan that last marked each state's labels: a common word, key word of many gates, is met
  // many times in a long text, and its labels need marking once per scan (issue 15).
  const markedIn = new Uint32Array(states);
  let scan = 0;
  const mark = (state: number, marks: Uint8Array, marked: number[] | undefined): void => {
    if (markedIn[state] === scan) return;
    markedIn[state] = scan;
    for (let k = labelStart[state], end = labelStart[state + 1]; k < end; k++) {
      const label = labelList[k];
      if (marks[label] !== 0) continue;
      marks[label] = 1;
      if (label < unlistedFrom) marked?.push(label);
    }
  };
  return (text: string, marks: Uint8Array, marked?: number[], asciiOnly = false): number => {
    if (++scan === 0xffffffff) {
      markedIn.fill(0);
      scan = 1;
    }
    let seen = 0;
    let state = startState;
    let entry = SEPARATOR;
    let run = 0;
    // The text is read as UTF-8 bytes, a chunk at a time: a loop over bytes is much cheaper than
    // one over UTF-16 code units. Every byte of a non-ASCII character is a separator, as the
    // code unit is, and a run of separators reads as one, so the marks are the same.
    for (let from = 0; from < text.length; from += CHUNK) {
      const chunk = from === 0 && text.length <= CHUNK ? text : text.slice(from, from + CHUNK);
      const length = ENCODER.encodeInto(chunk, BYTES).written;
      // UTF-8 is longer than UTF-16 exactly when there is a non-ASCII character.
      if (asciiOnly && length !== chunk.length) return traits.nonAscii;
      for (let i = 0; i < length; i++) {
        entry = entries[BYTES[i]];
        seen |= entry;
        // Without a branch: the run grows on a run character and drops to 0 on any other.
        run = (run + 1) & -((entry >>> RUN_SHIFT) & 1);
        if (run === runLength) seen |= runTrait;
        state = step[state * ALPHABET + (entry & SYMBOL_MASK)];
        if (state >= firstLabelled) mark(state, marks, marked);
      }
    }
    // The text is scanned as if it ended with a separator (one more after one changes nothing).
    if ((entry & SYMBOL_MASK) !== SEPARATOR) {
      const next = step[state * ALPHABET + SEPARATOR];
      if (next >= firstLabelled) mark(next, marks, marked);
    }
    return seen >>> TRAIT_SHIFT;
  };
}
