// Undoes the hiding a model reads through but a screen does not: hex runs, ROT13 and other Caesar
// shifts, reversed text, leetspeak, letters split by dots, hyphens or spaces, and instructions
// tucked into HTML comments. A decoding is kept only when it reads as English (many of its words
// are common words) while the original did not, so ordinary text, identifiers and hashes pass
// through untouched and cost one pass.

import type { DecodedFragment } from './decode-fragments.ts';

// Common English words, and the words instructions to a model are made of.
const COMMON = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my ' +
    'one all would there their what so up out if about who get which go me when make can like time no just him know take people ' +
    'into year your good some could them see other than then now look only come its over think also back after use two how our ' +
    'work first well way even new want because any these give day most us is are was were been has had did does should must ' +
    'ignore previous instructions instruction prompt system above all say print reveal secret password tell forget disregard ' +
    'assistant model ai user task now instead send email data following write respond reply answer output execute run'
  ).split(' '),
);

const MIN_LENGTH = 12;
const MAX_LENGTH = 16_384;
/** Share of words that must be common for a decoding to count as readable English. */
const READABLE = 0.3;
/** An original this English is left alone. */
const ALREADY_READABLE = 0.2;

interface WordStats {
  words: number;
  common: number;
}

function wordStats(text: string): WordStats {
  let words = 0;
  let common = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) | 0x20 : 0;
    const letter = code >= 97 && code <= 122;
    if (letter) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words++;
      if (i - start <= 12 && COMMON.has(text.slice(start, i).toLowerCase())) common++;
      start = -1;
    }
  }
  return { words, common };
}

function englishShare(text: string): number {
  const { words, common } = wordStats(text);
  return words < 3 ? 0 : common / words;
}

/** Whether some run of five letters joined by single separators (SPLIT_LETTERS without its word boundaries) occurs. */
function maySplitLetters(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length;) {
    const letter = ((text.charCodeAt(i) | 0x20) - 97) >>> 0 < 26;
    if (run >= 4 && letter) return true;
    if (letter && i + 1 < text.length && SPLIT_SEPARATOR[text.charCodeAt(i + 1) & 127] === 1 && text.charCodeAt(i + 1) < 128) {
      run++;
      i += 2;
    } else {
      i += run > 0 ? 0 : 1;
      run = 0;
    }
  }
  return false;
}
// The separators of SPLIT_LETTERS, by ASCII code.
const SPLIT_SEPARATOR = new Uint8Array(128);
for (const char of '.-_ *|/') SPLIT_SEPARATOR[char.charCodeAt(0)] = 1;

// Letter frequencies of English, per mille, a..z.
const ENGLISH = [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1];

/** The Caesar shift that makes the letters of `text` look most like English (0 when none helps). */
function bestShift(text: string): number {
  const counts = new Array<number>(26).fill(0);
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20;
    if (code >= 97 && code <= 122) {
      counts[code - 97]++;
      total++;
    }
  }
  if (total < 10) return 0;
  let best = 0;
  let bestScore = -Infinity;
  for (let shift = 0; shift < 26; shift++) {
    // Decoding shifts each letter back by `shift`: English letter e sits at (e + shift) in the cipher.
    let score = 0;
    for (let letter = 0; letter < 26; letter++) score += counts[(letter + shift) % 26] * ENGLISH[letter];
    if (score > bestScore) {
      bestScore = score;
      best = shift;
    }
  }
  return best;
}

function shiftLetters(text: string, shift: number): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) out += String.fromCharCode(((code - 65 - shift + 26) % 26) + 65);
    else if (code >= 97 && code <= 122) out += String.fromCharCode(((code - 97 - shift + 26) % 26) + 97);
    else out += text[i];
  }
  return out;
}

const HEX_RUN = /(?:\b|0x|\\x)((?:[0-9a-fA-F]{2}[\s:,-]?(?:0x|\\x)?){8,})/g;
const LEET_WORD = /\b(?=[a-z0-9@$]*[a-z])(?=[a-z0-9@$]*[0134578@$])[a-z0-9@$]{3,}\b/gi;
const LEET_MAP: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's' };
// Single letters joined by one separator: i.g.n.o.r.e, i-g-n-o-r-e, i g n o r e, i_g_n_o_r_e.
const SPLIT_LETTERS = /(?:\b[A-Za-z][.\-_ *|/]){4,}[A-Za-z]\b/g;
// A character leetspeak replaces; without one, LEET_WORD changes nothing.
const LEET_DIGIT = /[0134578@$]/;
const HTML_COMMENT = /<!--([\s\S]{8,4000}?)-->/g;

/** Decoded views of `text` under the ciphers above that read as English when `text` does not. */
export function decodeCiphers(text: string): DecodedFragment[] {
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH) return [];
  const fragments: DecodedFragment[] = [];
  const share = englishShare(text);
  if (text.includes('<!--')) {
    for (const match of text.matchAll(HTML_COMMENT)) fragments.push({ kind: 'comment', text: match[1].trim(), source: match[0] });
  }
  if (share < ALREADY_READABLE) {
    for (const match of text.matchAll(HEX_RUN)) {
      const digits = match[1].replace(/0x|\\x|[\s:,-]/g, '');
      if (digits.length < 16 || digits.length % 2 !== 0) continue;
      const decoded = Buffer.from(digits, 'hex').toString('utf8');
      if (englishShare(decoded) >= READABLE) fragments.push({ kind: 'hex', text: decoded, source: match[0] });
    }
    const shift = bestShift(text);
    if (shift !== 0) {
      const decoded = shiftLetters(text, shift);
      if (englishShare(decoded) >= READABLE) fragments.push({ kind: shift === 13 ? 'rot13' : 'caesar', text: decoded, source: text });
    }
    const reversed = [...text].reverse().join('');
    if (englishShare(reversed) >= READABLE) fragments.push({ kind: 'reversed', text: reversed, source: text });
  }
  if (share < READABLE && LEET_DIGIT.test(text)) {
    const leet = text.replace(LEET_WORD, (word) => word.replace(/[0134578@$]/g, (char) => LEET_MAP[char] ?? char));
    if (leet !== text && englishShare(leet) >= READABLE && englishShare(leet) > share + 0.1)
      fragments.push({ kind: 'leetspeak', text: leet, source: text });
  }
  if (maySplitLetters(text) && SPLIT_LETTERS.test(text)) {
    SPLIT_LETTERS.lastIndex = 0;
    const joined = text.replace(SPLIT_LETTERS, (run) => run.replace(/[.\-_ *|/]/g, ''));
    fragments.push({ kind: 'split_letters', text: joined, source: text });
  }
  SPLIT_LETTERS.lastIndex = 0;
  return fragments;
}
