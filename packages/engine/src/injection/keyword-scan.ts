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

/** Builds a scanner for `keywords` (see the file header for their syntax). */
export function createKeywordScanner(keywords: readonly string[]): KeywordScanner {
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
  // Outputs flattened: state s reports outputList[outputStart[s] .. outputStart[s + 1]).
  const outputStart = new Int32Array(outputs.length + 1);
  outputs.forEach((out, state) => {
    outputStart[state + 1] = outputStart[state] + out.length;
  });
  const outputList = Int32Array.from(outputs.flat());
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
