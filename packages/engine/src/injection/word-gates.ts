// The detectors' gate expressions (`/forbidden|off-limits|taboo|…/i`, a test before their real
// work) answered from the shared key-word pass where it can: each expression's key words, one of
// which any ASCII text it matches must hold, are read off its source once, and the pass over the
// text that serves the pattern gates (rules.ts, scanText) finds them too. A text holding none of
// them is answered "no" without running the expression; a text holding an alternative of the
// whole expression that is a bare word (`forbidden`, case ignored) is answered "yes"; any other
// text, or a text the pass did not scan last, runs it as before. So a gate answers exactly as its
// expression, and ordinary text skips a pass per gate.
//
// Text outside ASCII is answered the same way (issue 15: a dash or a curly quote in a long text
// made every gate run its expression). The pass reads every other character as a separator, and
// so does an expression without the `u` or `v` flag (the only ones read): an ASCII literal
// matches only ASCII characters, case ignored or not (a character outside ASCII never folds to
// one inside it without `u`), and `\b` sees such a character as a non-word character. So each
// literal run an expression matches is in the text as the pass reads it, separators included.
//
// Reading the key words off a source: a sequence needs each of its parts that cannot be left out,
// so any one of them will do: a run of literal characters (a letter or digit among them) or a
// group whose every alternative has key words of its own; an alternation needs one of its
// alternatives' key words. A literal run is written in the key-word scan's syntax (lower case, a
// space for any other character): the text holds that sequence of letters and digits, between
// the same separators, wherever the literal matches. A character outside ASCII in a run cannot be
// matched by ASCII text, so its run needs text outside ASCII: of the kind of the character, one
// of General Punctuation to Miscellaneous Symbols and Arrows (U+2000 to U+2BFF: dashes, curly
// quotes, bullets, arrows), the accented Latin letters (U+00C0 to U+017F) or any other (letters of
// other scripts), a key word every text holding such a character holds. Ignoring case folds no
// character into or out of those ranges.
// A word boundary next to a letter or digit of a run is a separator there (`\b` sees `_` as a
// letter, the scan as a separator, so a boundary's other side is never `_`). Whatever else the
// reading does not know (a class, an escape, a look-around, a quantifier that allows none) ends
// a run; an expression with a part it cannot read at all keeps no key words and always runs.

/** The key words that stand for a character outside ASCII in U+2000..U+2BFF, in U+00C0..U+017F, and for any other (every text holding one holds them). */
const OUTSIDE_SYMBOL = '\u0000symbol';
const OUTSIDE_LATIN = '\u0000latin';
const OUTSIDE_LETTER = '\u0000letter';

function isSymbolOutsideAscii(code: number): boolean {
  return code >= 0x2000 && code < 0x2c00;
}

/**
 * The accented letters of European languages (U+00C0..U+017F): a text holding only these (a
 * name, a French word) no longer runs the gates whose other alternatives outside ASCII are of other
 * scripts (issue 15: on ~4 KB lists such runs were ~8% of the screen).
 */
function isLatinOutsideAscii(code: number): boolean {
  return code >= 0xc0 && code < 0x180;
}

/** The key word standing for a character outside ASCII, by its kind. */
function outsideKind(code: number): string {
  return isSymbolOutsideAscii(code) ? OUTSIDE_SYMBOL : isLatinOutsideAscii(code) ? OUTSIDE_LATIN : OUTSIDE_LETTER;
}

/** Whether a key word stands for characters outside ASCII (no key word of the pass). */
function isOutsideAscii(key: string): boolean {
  return key.charCodeAt(0) === 0;
}

/** Key words one of which a match needs; undefined when the source gives none. */
type Need = readonly string[] | undefined;

interface Parsed {
  need: Need;
  end: number;
  /** The alternatives that are a bare word of letters and digits (they match where it occurs). */
  words: readonly string[];
  /** Of each alternative, the key words of every needed part (a match holds one of each). */
  parts: readonly (readonly (readonly string[])[])[];
}

const ALNUM = /^[A-Za-z0-9]$/;
const QUANTIFIER = /^(?:[*+?]|\{(\d+)(?:,(\d*))?\})\??/;

/** The end of the character class opening at `at` (the index after its `]`). */
function classEnd(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  // In a class, `]` right after the opening closes it only as `[]` or `[^]`.
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i + 1;
  }
  return -1;
}

/**
 * Whether a character class (its source between the brackets) matches only characters the scan
 * reads as separators: not negated, no range, and every member punctuation, white space (`\s`,
 * `\t`, `\n`, `\r`) or `\W`, never a letter, a digit or `\w`-like escape.
 */
function isSeparatorClass(members: string): boolean {
  if (members === '' || members[0] === '^') return false;
  for (let i = 0; i < members.length; i++) {
    const char = members[i];
    if (char === '\\') {
      const next = members[i + 1];
      if (next === undefined) return false;
      if (ALNUM.test(next) && !'sWtnr'.includes(next)) return false;
      i++;
    } else if (char === '-') {
      // A hyphen between two members is a range, which may hold letters.
      if (i !== 0 && i !== members.length - 1) return false;
    } else if (ALNUM.test(char) || char.charCodeAt(0) >= 128) return false;
  }
  return true;
}

/** The key words of the best of the candidates: the one whose shortest key word is longest. */
function best(candidates: readonly (readonly string[])[]): Need {
  let chosen: Need;
  let chosenScore = -1;
  for (const keys of candidates) {
    const score = Math.min(...keys.map((key) => (isOutsideAscii(key) ? 100 : key.replace(/ /g, '').length)));
    if (score > chosenScore) {
      chosen = keys;
      chosenScore = score;
    }
  }
  return chosen;
}

/** A literal run in the scan's syntax, when it holds a letter or digit. */
function runKey(run: string): string | undefined {
  const key = run.replace(/ +/g, ' ');
  return /[a-z0-9]/.test(key) ? key : undefined;
}

function sequence(source: string, at: number): Parsed | undefined {
  const candidates: string[][] = [];
  let run = '';
  const flush = (): void => {
    const key = runKey(run);
    if (key !== undefined) candidates.push([key]);
    run = '';
  };
  // A word boundary (`\b`) right before a letter or digit: the character before is a separator.
  let boundary = false;
  // Whether every part so far is a letter or a digit, once.
  let bare = true;
  // The parts so far, and the inner parts of the last group (an alternative that is one group is read as the group's alternatives).
  let atoms = 0;
  let groupParts: Parsed['parts'] | undefined;
  let i = at;
  while (i < source.length && source[i] !== '|' && source[i] !== ')') {
    const char = source[i];
    // The atom at i: a literal character (kept in the run), a group (its need) or something else.
    let literal: string | undefined;
    let group: Need;
    let isGroup = false;
    let separator = false;
    // An assertion (a word boundary, `^`, `$`, a look-around) consumes nothing: an alternative
    // that is one group between assertions is still read as the group's alternatives.
    let zeroWidth = (char === '\\' && (source[i + 1] === 'b' || source[i + 1] === 'B')) || char === '^' || char === '$';
    let end: number;
    if (char === '\\' && (source[i + 1] === 's' || source[i + 1] === 'W')) {
      // White space or a character that is not a letter, digit or `_`: a separator to the scan.
      separator = true;
      end = i + 2;
    } else if (char === '\\') {
      const next = source[i + 1];
      if (next === undefined) return undefined;
      if (ALNUM.test(next)) {
        // Classes, assertions, control and code escapes, back-references: none is a literal here.
        if (next === 'x') end = i + 4;
        else if (next === 'u') end = i + 6;
        else if (next === 'c') end = i + 3;
        else if (next === 'k') end = source.indexOf('>', i) + 1;
        else if (/[0-9]/.test(next)) end = i + 1 + /^[0-9]+/.exec(source.slice(i + 1))![0].length;
        else end = i + 2;
        if (end <= i) return undefined;
      } else {
        literal = next;
        end = i + 2;
      }
    } else if (char === '[') {
      end = classEnd(source, i);
      if (end < 0) return undefined;
      separator = isSeparatorClass(source.slice(i + 1, end - 1));
    } else if (char === '(') {
      let inner = i + 1;
      const lookAround = /^\(\?<?[=!]/.exec(source.slice(i, i + 4));
      if (lookAround !== null) {
        inner = i + lookAround[0].length;
        zeroWidth = true;
      } else if (source.startsWith('(?:', i)) inner = i + 3;
      else if (source.startsWith('(?<', i)) inner = source.indexOf('>', i) + 1;
      else if (source[i + 1] === '?') return undefined;
      const parsed = alternation(source, inner);
      if (parsed === undefined || source[parsed.end] !== ')') return undefined;
      end = parsed.end + 1;
      if (lookAround === null) {
        isGroup = true;
        group = parsed.need;
        groupParts = parsed.parts;
      }
    } else if (char === '.' || char === '^' || char === '$') {
      end = i + 1;
    } else if (char === '*' || char === '+' || char === '?' || (char === '{' && QUANTIFIER.test(source.slice(i)))) {
      return undefined;
    } else {
      literal = char;
      end = i + 1;
    }
    const quantifier = QUANTIFIER.exec(source.slice(end));
    // A part that may occur no times is needed by no match.
    const optional = quantifier !== null && (quantifier[0][0] === '*' || quantifier[0][0] === '?' || quantifier[1] === '0');
    if (quantifier !== null) end += quantifier[0].length;
    const isBoundary = source.startsWith('\\b', i);
    if (literal === undefined || quantifier !== null || !ALNUM.test(literal)) bare = false;
    if (separator && !optional) {
      // At least one separator: in the scan's syntax, a space (any run of them) inside the run.
      run += ' ';
    } else if (literal !== undefined && !optional) {
      const code = literal.charCodeAt(0);
      if (code >= 128) {
        flush();
        candidates.push([outsideKind(code)]);
      } else if (ALNUM.test(literal)) run += (boundary && run === '' ? ' ' : '') + literal.toLowerCase();
      else run += ' ';
      // A repeated character is needed once, but what follows it is not next to it.
      if (quantifier !== null) flush();
    } else {
      // After a letter or digit, a word boundary is a separator or the text's end.
      if (isBoundary && quantifier === null && run !== '' && ALNUM.test(run[run.length - 1])) run += ' ';
      flush();
      if (isGroup && !optional && group !== undefined) candidates.push([...group]);
    }
    boundary = isBoundary && quantifier === null;
    if (!zeroWidth || quantifier !== null) {
      atoms++;
      if (!isGroup || quantifier !== null) groupParts = undefined;
    }
    i = end;
  }
  const word = bare && i > at ? run : undefined;
  flush();
  const parts = atoms === 1 && groupParts !== undefined ? groupParts : [candidates];
  return { need: best(candidates), end: i, words: word !== undefined ? [word] : [], parts };
}

function alternation(source: string, at: number): Parsed | undefined {
  const keys = new Set<string>();
  const words: string[] = [];
  const parts: Array<readonly (readonly string[])[]> = [];
  let known = true;
  let i = at;
  for (;;) {
    const parsed = sequence(source, i);
    if (parsed === undefined) return undefined;
    if (parsed.need === undefined) known = false;
    else for (const key of parsed.need) keys.add(key);
    words.push(...parsed.words);
    parts.push(...parsed.parts);
    i = parsed.end;
    if (source[i] !== '|') break;
    i++;
  }
  return { need: known ? [...keys] : undefined, end: i, words, parts };
}

/**
 * Key words in the key-word scan's syntax, one of which every ASCII text that `expression`
 * matches holds (see the file header), or undefined when its source gives none (or its flags
 * make a test stateful, `g` and `y`, or change what a literal matches, `u` and `v`).
 */
export function keyWordsOf(expression: RegExp): readonly string[] | undefined {
  return readGate(expression)?.keys;
}

interface ReadGate {
  /** One of these occurs in every ASCII text matched. */
  keys: readonly string[];
  /** Of each alternative of the whole expression, the key words of each needed part (OUTSIDE_SYMBOL, OUTSIDE_LATIN and OUTSIDE_LETTER among them): a text it matches holds one of each. */
  parts: readonly (readonly (readonly string[])[])[];
  /** The alternatives of the whole expression that are bare words: when it ignores case, a text holding one is matched. */
  sure: ReadonlySet<string>;
}

/** What the key-word pass can tell of `expression` (see the file header), if anything. */
function readGate(expression: RegExp, stateless = false): ReadGate | undefined {
  if (/[uv]/.test(expression.flags) || (!stateless && /[gy]/.test(expression.flags))) return undefined;
  const parsed = alternation(expression.source, 0);
  if (parsed === undefined || parsed.end !== expression.source.length || parsed.need === undefined) return undefined;
  const ascii = (keys: readonly string[]): string[] => keys.filter((key) => !isOutsideAscii(key));
  return {
    keys: ascii(parsed.need),
    parts: parsed.parts,
    sure: new Set(expression.flags.includes('i') ? parsed.words : []),
  };
}

/** A gate: `test` answers as its expression's `test`. */
export interface WordGate {
  readonly expression: RegExp;
  test(text: string): boolean;
  /**
   * False only when the expression cannot match `text` anywhere (from any lastIndex): the text
   * was scanned last and holds none of the key words some alternative needs. For an
   * expression run with exec or matchesOf, global ones too, before the run it can spare.
   */
  mayMatch(text: string): boolean;
}

const gates: Array<readonly string[] | undefined> = [];
const made: WordGate[] = [];
/**
 * Every gate's key words, and for each the marks it sets in the key-word pass: a mark for each
 * needed part of an alternative of a gate that it stands for, and one per gate for its sure words.
 */
const keyWords: string[] = [];
const keyWordMarks: number[][] = [];
let markCount = 0;
/** The marks OUTSIDE_SYMBOL, OUTSIDE_LATIN and OUTSIDE_LETTER set: noteScan sets them for a text holding such a character. */
const outsideSymbolMarks: number[] = [];
const outsideLatinMarks: number[] = [];
const outsideLetterMarks: number[] = [];

function markFor(keys: Iterable<string>): number {
  const mark = markCount++;
  for (const key of keys) {
    if (isOutsideAscii(key)) {
      (key === OUTSIDE_SYMBOL ? outsideSymbolMarks : key === OUTSIDE_LATIN ? outsideLatinMarks : outsideLetterMarks).push(mark);
      continue;
    }
    let at = keyWords.indexOf(key);
    if (at < 0) {
      at = keyWords.length;
      keyWords.push(key);
      keyWordMarks.push([]);
    }
    keyWordMarks[at].push(mark);
  }
  return mark;
}

/** Whether, for some alternative, every needed part has a mark in `found`. */
function somePartsFound(alternatives: readonly (readonly number[])[], found: Uint8Array): boolean {
  for (const marks of alternatives) {
    let all = true;
    for (const mark of marks) if (found[mark] === 0) all = false;
    if (all) return true;
  }
  return false;
}

/** What the key-word pass found in the text it scanned last (set by rules.ts). */
const lastScan: { text: string | undefined; found: Uint8Array; gates: number } = {
  text: undefined,
  found: new Uint8Array(0),
  gates: 0,
};

/**
 * A key word too common to be worth a mark: a single letter or digit (`a`, `s`). A state of the
 * pass that ends in one marks at almost every character of a text, and a part that needs it rules
 * nearly nothing out.
 */
function isCommon(key: string): boolean {
  return !isOutsideAscii(key) && key.replace(/ /g, '').length < 2;
}

/** What the pass marks for a gate: the needed parts without common key words; undefined when some alternative is left needing nothing. */
function markedReading(expression: RegExp): ReadGate | undefined {
  const read = readGate(expression, true);
  if (read === undefined) return undefined;
  const parts = read.parts.map((needed) => needed.filter((keys) => !keys.some(isCommon)));
  if (parts.some((needed) => needed.length === 0)) return undefined;
  return { keys: read.keys, parts, sure: new Set([...read.sure].filter((word) => !isCommon(word))) };
}

/** A gate for `expression` that skips it on scanned ASCII text holding none of its key words. */
export function wordGate(expression: RegExp): WordGate {
  // A global or sticky expression's test is stateful: only mayMatch reads its key words.
  const read = markedReading(expression);
  const stateless = read !== undefined && !/[gy]/.test(expression.flags);
  const index = gates.length;
  gates.push(stateless ? read.keys : undefined);
  const sure = markFor(stateless ? read.sure : []);
  const alternatives = (read?.parts ?? []).map((needed) => needed.map((keys) => markFor(keys)));
  // Set when any key word of any part occurs: most texts hold none, and are answered at once.
  const any = markFor(new Set((read?.parts ?? []).flat(2)));
  // A gate made after the pass was built is not in it, and always runs its expression.
  const mayMatch =
    read === undefined
      ? (): boolean => true
      : (text: string): boolean => {
          const scan = lastScan;
          if (text !== scan.text || index >= scan.gates) return true;
          return scan.found[any] !== 0 && (scan.found[sure] !== 0 || somePartsFound(alternatives, scan.found));
        };
  const test = !stateless
    ? (text: string): boolean => expression.test(text)
    : (text: string): boolean => {
        const scan = lastScan;
        if (text === scan.text && index < scan.gates) {
          if (scan.found[any] === 0) return false;
          if (scan.found[sure] !== 0) return true;
          if (!somePartsFound(alternatives, scan.found)) return false;
        }
        return expression.test(text);
      };
  const gate = { expression, test, mayMatch };
  made.push(gate);
  return gate;
}

/** Every gate made so far, with its key words (for tests and for reading what a gate keys on). */
export function madeWordGates(): ReadonlyArray<{ gate: WordGate; keyWords: readonly string[] | undefined }> {
  return made.map((gate, index) => ({ gate, keyWords: gates[index] }));
}

/** The key words of every gate made so far, the marks each sets, and how many marks there are: for the key-word pass. */
export function wordGateKeyWords(): { words: readonly string[]; marksOf: readonly (readonly number[])[]; gates: number; marks: number } {
  return { words: [...keyWords], marksOf: keyWordMarks.map((list) => [...list]), gates: gates.length, marks: markCount };
}

/**
 * Records the key-word pass's findings for `text`: `found` holds the marks of the key words that
 * occur (see keyWordMarks), for the first `gateCount` gates (those the pass knows). `text`
 * undefined: nothing known.
 */
export function noteScan(text: string | undefined, outsideAscii: boolean, found: Uint8Array, gateCount: number): void {
  lastScan.text = text;
  lastScan.found = found;
  lastScan.gates = gateCount;
  if (!outsideAscii || text === undefined) return;
  // Which kinds of character outside ASCII occur: most such texts hold dashes and quotes only.
  let symbol = false;
  let latin = false;
  let letter = false;
  for (let i = 0; i < text.length && !(symbol && latin && letter); i++) {
    const code = text.charCodeAt(i);
    if (code < 128) continue;
    if (isSymbolOutsideAscii(code)) symbol = true;
    else if (isLatinOutsideAscii(code)) latin = true;
    else letter = true;
  }
  // The pass sized `found` for the marks made by then; a later gate is not in it (index >= gates).
  if (symbol) for (const mark of outsideSymbolMarks) if (mark < found.length) found[mark] = 1;
  if (latin) for (const mark of outsideLatinMarks) if (mark < found.length) found[mark] = 1;
  if (letter) for (const mark of outsideLetterMarks) if (mark < found.length) found[mark] = 1;
}
