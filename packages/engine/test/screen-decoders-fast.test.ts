// The decoders' fast paths against the slow forms they replace (issue 13, speed): the English
// word share read through a trie, and of shifted, mirrored and reversed text without building it;
// the probe search for letters split by separators; the one-pass search for Ascii85 runs; the
// markup gates read on the lower-cased text before ROT13 or Atbash is built; the folding of ASCII
// text by a table. Each must answer exactly as the slow form on many texts: the project's own
// examples (built injections in seven languages, hard benign texts), the table of screen cases,
// their encoded forms, and generated edge cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { COMMON_WORDS, englishShare, englishShareOf, MIRROR_MAP, SAME_LETTERS, shiftMap } from '../src/injection/english-share.ts';
import { maySplitLetters } from '../src/injection/decode-ciphers.ts';
import { ascii85Runs, ASCII85_RUN } from '../src/injection/decode-alphabets.ts';
import { lowerWhereLettersMapAlike, SCRIPT_MARKUP_WORDS } from '../src/injection/script-markup.ts';
import { foldCodes, foldText } from '../src/injection/text-features.ts';

/** englishShare as it was written before the trie: each word sliced, lower-cased and looked up. */
function referenceShare(text: string): number {
  let words = 0;
  let common = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) | 0x20 : 0;
    if (code >= 97 && code <= 122) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words++;
      if (i - start <= 12 && COMMON_WORDS.has(text.slice(start, i).toLowerCase())) common++;
      start = -1;
    }
  }
  return words < 3 ? 0 : common / words;
}

function shifted(text: string, shift: number): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base - shift + 26) % 26) + base);
  });
}

const mirrored = (text: string): string =>
  text.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) <= 90 ? 155 - c.charCodeAt(0) : 219 - c.charCodeAt(0)));

const TEXTS = [...ownExamples().map((e) => e.text), ...caseTexts()];
// Texts that read as English only once decoded, and word-length edges.
const ENCODED = TEXTS.slice(0, 400).flatMap((text) => [shifted(text, 13), shifted(text, 3), mirrored(text), [...text].reverse().join('')]);
const EDGES = ['instructions instructions instructions', 'INSTRUCTIONSS the a', 'the\u00e9the the', 'a b c', '', 'x', 'İt is the way'];

test('the trie gives the word share of the slice-and-look-up form, also of shifted, mirrored and reversed text', () => {
  let readable = 0;
  for (const text of [...TEXTS, ...ENCODED, ...EDGES]) {
    const share = referenceShare(text);
    assert.ok(Object.is(englishShare(text), share), JSON.stringify(text.slice(0, 80)));
    if (share >= 0.3) readable++;
    for (const shift of [1, 3, 13, 25])
      assert.ok(Object.is(englishShareOf(text, shiftMap(shift)), referenceShare(shifted(text, shift))), `shift ${shift}`);
    assert.ok(Object.is(englishShareOf(text, MIRROR_MAP), referenceShare(mirrored(text))));
    assert.ok(Object.is(englishShareOf(text, SAME_LETTERS, true), referenceShare([...text].reverse().join(''))));
  }
  assert.ok(readable > 500, `${readable} readable texts`);
});

/** maySplitLetters as it was written before the probe search: a walk over every character. */
function referenceSplit(text: string): boolean {
  const separator = (code: number): boolean => code < 128 && '.-_ *|/'.includes(String.fromCharCode(code));
  let run = 0;
  for (let i = 0; i < text.length;) {
    const letter = ((text.charCodeAt(i) | 0x20) - 97) >>> 0 < 26;
    if (run >= 4 && letter) return true;
    if (letter && i + 1 < text.length && separator(text.charCodeAt(i + 1))) {
      run++;
      i += 2;
    } else {
      i += run > 0 ? 0 : 1;
      run = 0;
    }
  }
  return false;
}

/**
 * `count` pseudo-random texts of up to `maxLength` characters of `alphabet`: each text draws a
 * share of its characters from `pick(i, random)` (the shapes the search looks for), the rest from
 * the whole alphabet, so runs of every length occur.
 */
function generatedTexts(
  alphabet: readonly string[],
  count: number,
  maxLength: number,
  seed: number,
  pick: (i: number, random: () => number) => string,
): string[] {
  let state = seed;
  const random = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const texts: string[] = [];
  for (let k = 0; k < count; k++) {
    const length = Math.floor(random() * maxLength);
    const share = random();
    let text = '';
    for (let i = 0; i < length; i++) text += random() < share ? pick(i, random) : alphabet[Math.floor(random() * alphabet.length)];
    texts.push(text);
  }
  return texts;
}

test('the probe search finds letters split by separators exactly where a walk over every character does', () => {
  const alphabet = ['a', 'B', ' ', '.', '-', '_', '*', '|', '/', '\u00e9', '1', '\n', '\u0130', 'Z'];
  // Mostly letters and separators in turn.
  const generated = generatedTexts(
    alphabet,
    200_000,
    30,
    12345,
    (i, random) => alphabet[i % 2 === 0 ? Math.floor(random() * 2) : 2 + Math.floor(random() * 7)],
  );
  let found = 0;
  for (const text of [...TEXTS, ...generated, 'i.g.n.o.r.e', 'i.g.n.o', 'xi-g-n-o-r', 'a b c d e', 'a b c d']) {
    const expected = referenceSplit(text);
    assert.equal(maySplitLetters(text), expected, JSON.stringify(text));
    if (expected) found++;
  }
  assert.ok(found > 10_000);
});

test('ASCII text is folded by the table as toLowerCase and the white-space rules fold it', () => {
  for (const text of [...TEXTS, ...EDGES, 'MiXeD\tCASE  99 ', ' \n lead', 'ΣΟΦΙΑΣ İstanbul K']) {
    const { codes, length } = foldCodes(text);
    assert.equal(String.fromCharCode(...codes.subarray(0, length)), foldText(text), JSON.stringify(text.slice(0, 80)));
  }
});

test('where the markup gate is read on the lower-cased text, ROT13 and Atbash hold a gate word exactly where the text holds its encoding', () => {
  const rot13 = (text: string): string => shifted(text, 13);
  const words = [...SCRIPT_MARKUP_WORDS, 'script', 'alert'];
  const texts = [
    ...TEXTS,
    ...EDGES,
    '<fpevcg>nyreg(1)</fpevcg>',
    '“<hxirkg>zovig(1)”',
    'İ<fpevcg',
    '\u212aelvin <FPEVCG> riny(',
    'ΣΑ <script>',
  ];
  let gated = 0;
  for (const text of [...texts, ...texts.map(rot13), ...texts.map(mirrored)]) {
    const lower = lowerWhereLettersMapAlike(text, !/[^\x00-\x7f]/.test(text));
    if (lower === undefined) continue;
    gated++;
    for (const word of words) {
      assert.equal(
        rot13(text).toLowerCase().includes(word),
        lower.includes(rot13(word)),
        `${word} in ROT13 of ${JSON.stringify(text.slice(0, 60))}`,
      );
      assert.equal(
        mirrored(text).toLowerCase().includes(word),
        lower.includes(mirrored(word)),
        `${word} in Atbash of ${JSON.stringify(text.slice(0, 60))}`,
      );
    }
  }
  assert.ok(gated > 1000);
  // İ lower-cases to i and a combining dot: such text is decoded to be read.
  assert.equal(lowerWhereLettersMapAlike('İ<fpevcg', false), undefined);
});

test('the one-pass search finds the Ascii85 runs the regular expression finds', () => {
  const alphabet = ['a', '!', 'u', 'v', '~', '<', '>', ' ', 'z', '{', 'K', '0'];
  // Mostly characters of the runs, so `<~` and `~>` meet runs of every length.
  const generated = generatedTexts(alphabet, 100_000, 60, 99, (_i, random) => alphabet[Math.floor(random() * 3)]);
  let matches = 0;
  for (const text of [...TEXTS, ...generated, '<~87cURD]i,"Ebo80~>', 'x<~87cURD]i,"Ebo80~>y']) {
    const expected = [...text.matchAll(ASCII85_RUN)].map((match) => match[0]);
    assert.deepEqual(ascii85Runs(text), expected, JSON.stringify(text));
    matches += expected.length;
  }
  assert.ok(matches > 10_000);
});
