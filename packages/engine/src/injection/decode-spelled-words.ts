// A sentence spelled letter by letter, word by word (issue 13, red team): "i.g.n.o.r.e t.h.e
// r.u.l.e.s", "s-e-n-d t-h-e k-e-y-s". decode-ciphers.ts joins one run of split letters and
// takes the space as a separator too, so a whole sentence comes out as one word; here the letters
// of each word are joined and the spaces between words kept.

import type { DecodedFragment } from './decode-fragments.ts';

// A word of single letters or digits joined by one of . - _ * | / (at least three characters).
const SPELLED_WORD = String.raw`(?:[A-Za-z0-9][.\-_*|/]){2,}[A-Za-z0-9][.\-_*|/]?`;
const SPELLED_SENTENCE = new RegExp(
  String.raw`(?<![\w.\-_*|/])${SPELLED_WORD}(?:\s+(?:[A-Za-z0-9][.\-_*|/]?\s+)?${SPELLED_WORD}){2,}`,
  'g',
);
// Two separators with letters on either side ("s.e.n", /[A-Za-z][.\-_*|/][A-Za-z][.\-_*|/][A-Za-z]/),
// looked for in one loop over a table: every text of every payload is asked, most hold none, and a
// loop that reads each character once costs less than the expression (issue 15).
const LETTER = 1;
const SEPARATOR = 2;
const KIND = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (((code | 0x20) - 97) >>> 0 < 26) KIND[code] = LETTER;
for (const char of '.-_*|/') KIND[char.charCodeAt(0)] = SEPARATOR;

function kindAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code < 128 ? KIND[code] : 0;
}

/** Whether `text` holds a letter, a separator, a letter, a separator and a letter in a row. */
export function maySpellWords(text: string): boolean {
  for (let at = 1; at + 3 < text.length; at++) {
    if (kindAt(text, at) !== SEPARATOR) continue;
    if (
      kindAt(text, at + 2) === SEPARATOR &&
      kindAt(text, at - 1) === LETTER &&
      kindAt(text, at + 1) === LETTER &&
      kindAt(text, at + 3) === LETTER
    )
      return true;
  }
  return false;
}
const MIN_LETTERS = 12;

/** The text with every sentence spelled letter by letter read as words, when it holds one. */
export function decodeSpelledWords(text: string): DecodedFragment | undefined {
  if (text.length < 20 || !maySpellWords(text)) return undefined;
  let found = false;
  const joined = text.replace(SPELLED_SENTENCE, (run) => {
    const words = run.split(/\s+/).map((word) => word.replace(/[.\-_*|/]/g, ''));
    if (words.join('').length < MIN_LETTERS || !/[A-Za-z]{3}/.test(words.join(''))) return run;
    found = true;
    return words.join(' ');
  });
  return found ? { kind: 'split_letters', text: joined, source: text } : undefined;
}
