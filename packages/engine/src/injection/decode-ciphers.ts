// Undoes the hiding a model reads through but a screen does not: hex runs, ROT13 and other Caesar
// shifts, reversed text, leetspeak, letters split by dots, hyphens or spaces, and instructions
// tucked into HTML comments. A decoding is kept only when it reads as English (many of its words
// are common words) while the original did not, so ordinary text, identifiers and hashes pass
// through untouched and cost one pass.

import type { DecodedFragment } from './decode-fragments.ts';
import { decodeAlphabets, revealsText } from './decode-alphabets.ts';
import { ALREADY_READABLE, englishShare, READABLE } from './english-share.ts';
import { hasScriptMarkup } from './script-markup.ts';
import { BASE64_RUN } from './text-traits.ts';

/** Every trait set: a caller that does not know the text's traits (text-traits.ts) lets every decoder look. */
const ALL_TRAITS = -1;

const MIN_LENGTH = 12;
const MAX_LENGTH = 16_384;

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

// Sixteen hex digits in a row: a cheap test before HEX_RUN where the text reads as English.
const HEX_DIGITS = /[0-9a-fA-F]{16}/;
const HEX_RUN = /(?:\b|0x|\\x)((?:[0-9a-fA-F]{2}[\s:,-]?(?:0x|\\x)?){8,})/g;
const LEET_WORD = /\b(?=[a-z0-9@$]*[a-z])(?=[a-z0-9@$]*[0134578@$])[a-z0-9@$]{3,}\b/gi;
const LEET_MAP: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's' };
// Single letters joined by one separator: i.g.n.o.r.e, i-g-n-o-r-e, i g n o r e, i_g_n_o_r_e.
const SPLIT_LETTERS = /(?:\b[A-Za-z][.\-_ *|/]){4,}[A-Za-z]\b/g;
// A character leetspeak replaces; without one, LEET_WORD changes nothing.
const LEET_DIGIT = /[0134578@$]/;
const HTML_COMMENT = /<!--([\s\S]{8,4000}?)-->/g;

/** Decoded views of `text` under the ciphers above that read as English when `text` does not. */
export function decodeCiphers(text: string, traits = ALL_TRAITS): DecodedFragment[] {
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH) return [];
  const fragments: DecodedFragment[] = [];
  const share = englishShare(text);
  if (text.includes('<!--')) {
    for (const match of text.matchAll(HTML_COMMENT)) fragments.push({ kind: 'comment', text: match[1].trim(), source: match[0] });
  }
  // Markup is too short for letter frequencies: ROT13, the common shift, is tried on its brackets.
  if (text.includes('<') && !hasScriptMarkup(text)) {
    const decoded = shiftLetters(text, 13);
    if (hasScriptMarkup(decoded)) fragments.push({ kind: 'rot13', text: decoded, source: text });
  }
  // A run of hex digits is decoded even in English-looking text: its single letters (a, e) look like words.
  for (const match of share < ALREADY_READABLE || ((traits & BASE64_RUN) !== 0 && HEX_DIGITS.test(text)) ? text.matchAll(HEX_RUN) : []) {
    const digits = match[1].replace(/0x|\\x|[\s:,-]/g, '');
    if (digits.length < 16 || digits.length % 2 !== 0) continue;
    const decoded = Buffer.from(digits, 'hex').toString('utf8');
    if (revealsText(decoded, match[0])) fragments.push({ kind: 'hex', text: decoded, source: match[0] });
  }
  if (share < ALREADY_READABLE) {
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
    if (
      leet !== text &&
      ((englishShare(leet) >= READABLE && englishShare(leet) > share + 0.1) || (hasScriptMarkup(leet) && !hasScriptMarkup(text)))
    )
      fragments.push({ kind: 'leetspeak', text: leet, source: text });
  }
  if (maySplitLetters(text) && SPLIT_LETTERS.test(text)) {
    SPLIT_LETTERS.lastIndex = 0;
    const joined = text.replace(SPLIT_LETTERS, (run) => run.replace(/[.\-_ *|/]/g, ''));
    fragments.push({ kind: 'split_letters', text: joined, source: text });
  }
  SPLIT_LETTERS.lastIndex = 0;
  const alphabets = decodeAlphabets(text, share, traits);
  return alphabets.length === 0 ? fragments : [...fragments, ...alphabets];
}
