// One pass over a text that reports which of many key words it contains (Aho-Corasick over a
// small alphabet). The detectors' gates use it as a cheap necessary condition: ordinary text
// holds none of the key words of most detectors, so their regular expressions never run.
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

interface Automaton {
  /** Complete transition table: state * ALPHABET + symbol. */
  table: Int32Array;
  /** Key word indexes each state reports (its own and those of its failure chain). */
  outputs: number[][];
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
  return { table, outputs };
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
 * Builds a marker for `keywords`: the same scan as `createKeywordScanner`, but each key word found
 * marks its labels (`labelsOf(index)`) in a caller's array instead of being listed, so a scan
 * allocates nothing. It returns whether the text is all ASCII.
 */
export function createKeywordMarker(keywords: readonly string[], labelsOf: (index: number) => readonly number[]): KeywordMarker {
  const { table, outputs } = buildAutomaton(keywords);
  const labels = outputs.map((out) => [...new Set(out.flatMap((index) => labelsOf(index)))]);
  const { start: labelStart, list: labelList } = flatten(labels);
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
  // The transition table as it is read once per character: each entry is the next state's row
  // offset (state * ALPHABET), bit-inverted (negative) when that state has labels to mark, so a
  // character costs one table read and a sign test. Small tables are kept as 16-bit integers.
  const labelled = labels.map((list) => list.length > 0);
  // The scan starts in this state without reporting it, as the scanner does.
  if (labelled[collapsed[SEPARATOR]]) throw new Error('a key word must hold a letter or a digit');
  const offsets = collapsed.map((next) => (labelled[next] ? ~(next * ALPHABET) : next * ALPHABET));
  const step = states * ALPHABET <= 0x7fff ? Int16Array.from(offsets) : offsets;
  return (text: string, marks: Uint8Array): boolean => {
    const length = text.length;
    let ascii = true;
    let row = collapsed[SEPARATOR] * ALPHABET;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      let symbol = SEPARATOR;
      if (code < 128) symbol = SYMBOLS[code];
      else ascii = false;
      const next = step[row + symbol];
      if (next >= 0) {
        row = next;
        continue;
      }
      row = ~next;
      const state = row / ALPHABET;
      for (let k = labelStart[state], end = labelStart[state + 1]; k < end; k++) marks[labelList[k]] = 1;
    }
    // The text is scanned as if it ended with a separator (one more after one changes nothing).
    const last = length === 0 ? 0 : text.charCodeAt(length - 1);
    if (length === 0 || last >= 128 || SYMBOLS[last] === SEPARATOR) return ascii;
    const next = step[row + SEPARATOR];
    if (next < 0) {
      const state = ~next / ALPHABET;
      for (let k = labelStart[state], end = labelStart[state + 1]; k < end; k++) marks[labelList[k]] = 1;
    }
    return ascii;
  };
}
