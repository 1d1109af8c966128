// A long alternation scanned over a whole text costs V8 a try of every alternative at every
// character; under the `iu` flags each try is slower still (issue 15: round 19a's waiver expression
// took ~400 µs on a 2 KB row, a plain list of its opening words ~5 µs). Where every alternative
// opens with one of a few words, that list finds the places where the expression could start, and
// the whole is tried at each of them alone (sticky). A scan tries places in order and, at each, the
// same alternatives in the same order, so the first place where the whole matches, and its match,
// are the ones a scan of the whole from the same start finds.

// Under the `iu` flags "ſ" and the Kelvin sign fold to "s" and "k" and count as word characters;
// a list of openings read without `u` knows neither, so a text holding one is scanned whole.
const FOLDS_TO_ASCII = /[\u017f\u212a]/;
const NON_ASCII = /[^\x00-\x7f]/;

/** An expression's exec and test, tried only where its opening words are. */
export interface OpeningSearch {
  /** The same result as `expression.exec(text)`, lastIndex read and left as that leaves it. */
  exec(text: string): RegExpExecArray | null;
  /** The same answer as `expression.test(text)`. */
  test(text: string): boolean;
}

/** Where a part of an expression could next start in `text`, at or after `from`; -1 for nowhere. */
export type StartFinder = (text: string, from: number) => number;
/** An expression's source, or several (each scanned alone: a short alternation is read faster than a long one), or finders. */
export type Openings = string | ReadonlyArray<string | StartFinder>;

/** Every expression given openings, with them: bench/opening-words-check.ts compares each search with a whole scan over the data. */
export const OPENING_SEARCHES: Array<{ expression: RegExp; openings: Openings }> = [];

/**
 * `expression` searched only where one of `openings` (expressions' sources, read case-insensitively,
 * or finders) matches. Together they must match at every place where `expression` can match: they
 * list, for every alternative, the words (or characters) it opens with. Not for sticky expressions.
 */
export function searchFromOpenings(expression: RegExp, openings: Openings): OpeningSearch {
  OPENING_SEARCHES.push({ expression, openings });
  const unicodeCase = expression.ignoreCase && expression.unicode;
  let readWithoutU = false;
  const finders = (typeof openings === 'string' ? [openings] : openings).map((opening): StartFinder => {
    if (typeof opening !== 'string') return opening;
    // Openings outside ASCII fold as the expression folds them; ASCII ones are read faster without `u`.
    const unicodeOpenings = unicodeCase && NON_ASCII.test(opening);
    if (unicodeCase && !unicodeOpenings) readWithoutU = true;
    const starts = new RegExp(opening, unicodeOpenings ? 'giu' : 'gi');
    return (text, from) => {
      starts.lastIndex = from;
      return starts.exec(text)?.index ?? -1;
    };
  });
  // Each part's next start in the text last searched, and where that search began: a global
  // expression's matches go forward, so each part reads a text about once.
  let searched: string | undefined;
  const next = new Array<number>(finders.length).fill(-1);
  const begun = new Array<number>(finders.length).fill(Infinity);
  const nextStart = (text: string, at: number): number => {
    if (text !== searched) {
      searched = text;
      begun.fill(Infinity);
    }
    let nearest = -1;
    for (let i = 0; i < finders.length; i++) {
      if (begun[i] > at || (next[i] >= 0 && next[i] < at)) {
        next[i] = finders[i](text, at);
        begun[i] = at;
      }
      if (next[i] >= 0 && (nearest < 0 || next[i] < nearest)) nearest = next[i];
    }
    return nearest;
  };
  const whole = new RegExp(expression.source, `${expression.flags.replace(/[gy]/g, '')}g`);
  const here = new RegExp(expression.source, `${expression.flags.replace(/[gy]/g, '')}y`);
  const find = (text: string, from: number): RegExpExecArray | null => {
    if (readWithoutU && FOLDS_TO_ASCII.test(text)) {
      whole.lastIndex = from;
      return whole.exec(text);
    }
    for (let at = from; at <= text.length;) {
      const near = nextStart(text, at);
      if (near < 0) return null;
      here.lastIndex = near;
      const found = here.exec(text);
      if (found !== null) return found;
      // On to the next character (a whole one: a match never starts inside a surrogate pair).
      at = near + ((text.codePointAt(near) ?? 0) > 0xffff ? 2 : 1);
    }
    return null;
  };
  const exec = expression.global
    ? (text: string): RegExpExecArray | null => {
        const found = expression.lastIndex > text.length ? null : find(text, expression.lastIndex);
        expression.lastIndex = found === null ? 0 : found.index + found[0].length;
        return found;
      }
    : (text: string): RegExpExecArray | null => find(text, 0);
  return { exec, test: (text: string): boolean => exec(text) !== null };
}
