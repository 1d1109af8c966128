// The decoders' fast paths against the slow forms they replace (issue 13, speed): the English
// word share read through a trie, and of shifted, mirrored and reversed text without building it;
// the probe search for letters split by separators; the folding of ASCII text by a table. Each
// must answer exactly as the slow form on many texts: the project's own examples (built
// injections in seven languages, hard benign texts), the table of screen cases, their encoded
// forms, and generated edge cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { COMMON_WORDS, englishShare, englishShareOf, MIRROR_MAP, SAME_LETTERS, shiftMap } from '../src/injection/english-share.ts';
import { maySplitLetters } from '../src/injection/decode-ciphers.ts';
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

test('the probe search finds letters split by separators exactly where a walk over every character does', () => {
  const alphabet = ['a', 'B', ' ', '.', '-', '_', '*', '|', '/', '\u00e9', '1', '\n', '\u0130', 'Z'];
  let state = 12345;
  const random = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  let found = 0;
  const generated: string[] = [];
  for (let k = 0; k < 200_000; k++) {
    // Mostly alternating letters and separators, so runs of every length occur.
    const length = Math.floor(random() * 30);
    const alternate = random();
    let text = '';
    for (let i = 0; i < length; i++)
      text +=
        random() < alternate
          ? alphabet[i % 2 === 0 ? Math.floor(random() * 2) : 2 + Math.floor(random() * 7)]
          : alphabet[Math.floor(random() * alphabet.length)];
    generated.push(text);
  }
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
