// Undoes the hiding a model reads through but a screen does not: hex runs, ROT13 and other Caesar
// shifts, reversed text, leetspeak, letters split by dots, hyphens or spaces, and instructions
// tucked into HTML comments. A decoding is kept only when it reads as English (many of its words
// are common words) while the original did not, so ordinary text, identifiers and hashes pass
// through untouched and cost one pass.

import type { DecodedFragment } from './decode-fragments.ts';
import { decodeAlphabets, revealsText } from './decode-alphabets.ts';
import { decodeLetterCiphers } from './decode-letter-ciphers.ts';
import { decodeLookAlikeSymbols } from './decode-look-alike-symbols.ts';
import { decodeSeparatedLetters } from './decode-separated-letters.ts';
import { ALREADY_READABLE, COMMON_WORDS, englishShare, READABLE } from './english-share.ts';
import { findScriptMarkup, hasScriptMarkup, lowerWhereLettersMapAlike, SCRIPT_MARKUP_WORDS } from './script-markup.ts';
import { asciiTable, hasRunOf } from './char-runs.ts';
import { decodeSpacedWords } from './spaced-words.ts';
import { stringOfCodes } from './string-codes.ts';
import { BASE64_RUN, NON_ASCII } from './text-traits.ts';
import { matchesOf } from './matches-of.ts';

/** Every trait set: a caller that does not know the text's traits (text-traits.ts) lets every decoder look. */
const ALL_TRAITS = -1;

const MIN_LENGTH = 12;
const MAX_LENGTH = 16_384;

const OTHER = 0;
const LETTER = 1;
const SEPARATOR = 2;
// Each ASCII code as SPLIT_LETTERS reads it: a letter, one of its separators, or other.
const SPLIT_KIND = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (((code | 0x20) - 97) >>> 0 < 26) SPLIT_KIND[code] = LETTER;
for (const char of '.-_ *|/') SPLIT_KIND[char.charCodeAt(0)] = SEPARATOR;

/** An ASCII letter, a separator of SPLIT_LETTERS, or other. */
function splitKind(text: string, at: number, kinds: Uint8Array): number {
  const code = text.charCodeAt(at);
  return code < 128 ? kinds[code] : OTHER;
}

/**
 * Whether some run of five letters joined by single separators (SPLIT_LETTERS without its word
 * boundaries) occurs. Such a run is nine characters long, so it covers a position 0, 8, 16, …:
 * only those are probed, and the stretch of alternating letters and separators around a probe
 * measured. In prose a probe rarely sits next to a separator, so most of the text is never read.
 */
export function maySplitLetters(text: string): boolean {
  const length = text.length;
  const kinds = SPLIT_KIND;
  for (let probe = 0; probe < length; probe += 8) {
    const kind = splitKind(text, probe, kinds);
    if (kind === OTHER) continue;
    // A letter between letters (a probe inside a word, as most are in prose) alternates with neither neighbour.
    if (
      kind === LETTER &&
      probe > 0 &&
      probe + 1 < length &&
      splitKind(text, probe - 1, kinds) === LETTER &&
      splitKind(text, probe + 1, kinds) === LETTER
    )
      continue;
    // Alternating stretch [from, to] around the probe.
    let from = probe;
    while (from > 0 && splitKind(text, from - 1, kinds) === 3 - splitKind(text, from, kinds)) from--;
    let to = probe;
    while (to + 1 < length && splitKind(text, to + 1, kinds) === 3 - splitKind(text, to, kinds)) to++;
    // It must start and end on a letter, and hold five of them.
    if (splitKind(text, from, kinds) === SEPARATOR) from++;
    if (splitKind(text, to, kinds) === SEPARATOR) to--;
    if (to - from >= 8) return true;
  }
  return false;
}

// Leetspeak's characters, and the characters of LEET_WORD's runs, by ASCII code.
const LEET_CHAR = new Uint8Array(128);
for (const char of '0134578@$') LEET_CHAR[char.charCodeAt(0)] = 1;
const LEET_RUN_CHAR = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$') LEET_RUN_CHAR[char.charCodeAt(0)] = 1;

/**
 * Necessary for LEET_WORD to match (so for leetspeak to change the text): a run of three or more
 * of its characters that holds a letter and a leetspeak character. One pass, where the
 * expression's look-aheads at every word would cost more.
 */
export function mayHoldLeetWord(text: string): boolean {
  let run = 0;
  let letter = false;
  let leet = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code < 128 && LEET_RUN_CHAR[code] === 1) {
      run++;
      if (LEET_CHAR[code] === 1) leet = true;
      else if (code >= 65) letter = true;
      continue;
    }
    if (run >= 3 && letter && leet) return true;
    run = 0;
    letter = false;
    leet = false;
  }
  return false;
}

function shiftLetters(text: string, shift: number): string {
  // Built from a buffer of codes, not by appending one character at a time.
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) codes[i] = ((code - 65 - shift + 26) % 26) + 65;
    else if (code >= 97 && code <= 122) codes[i] = ((code - 97 - shift + 26) % 26) + 97;
    else codes[i] = code;
  }
  return stringOfCodes(codes);
}

// The key words of SCRIPT_MARKUP's gate under ROT13: lower-cased ASCII text decodes to one of
// the gate's words exactly where it holds the word's ROT13.
const ROT13_MARKUP_WORDS = SCRIPT_MARKUP_WORDS.map((word) =>
  word.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 84) % 26) + 97)),
);

/**
 * Whether ROT13 of `text` holds script markup. Where ROT13 and lower-casing commute (`lower`, the
 * text's lower case, is given), the markup's gate is looked for in `lower` before anything is built.
 */
function rot13HasMarkup(text: string, lower: string | undefined): boolean {
  if (lower !== undefined && !ROT13_MARKUP_WORDS.some((word) => lower.includes(word))) return false;
  return hasScriptMarkup(shiftLetters(text, 13));
}

// Sixteen hex digits in a row: a cheap test before HEX_RUN where the text reads as English.
const HEX_DIGITS = asciiTable('0123456789abcdefABCDEF');
const HEX_RUN = /(?:\b|0x|\\x)((?:[0-9a-fA-F]{2}[\s:,-]?(?:0x|\\x)?){8,})/g;
export const LEET_WORD = /\b(?=[a-z0-9@$]*[a-z])(?=[a-z0-9@$]*[0134578@$])[a-z0-9@$]{3,}\b/gi;
const LEET_MAP: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's' };
// Single letters joined by one separator: i.g.n.o.r.e, i-g-n-o-r-e, i g n o r e, i_g_n_o_r_e.
const SPLIT_LETTERS = /(?:\b[A-Za-z][.\-_ *|/]){4,}[A-Za-z]\b/g;
// A character leetspeak replaces; without one, LEET_WORD changes nothing.
const LEET_DIGIT = /[0134578@$]/;
const HTML_COMMENT = /<!--([\s\S]{8,4000}?)-->/g;

/**
 * One leetspeak word in plain letters. "1" stands for "i" or "l" ("ru135" is "rules", "w1th" is
 * "with"): the reading that is a common word wins. An "@" before a domain ("c0ll3ct@l34k.example")
 * is an address's, not an "a".
 */
function unleetWord(word: string, offset: number, whole: string): string {
  const atAddress = whole[offset + word.length] === '.';
  const asI = word.replace(/[0134578@$]/g, (char) => (char === '@' && atAddress ? char : (LEET_MAP[char] ?? char)));
  if (!asI.includes('i') || !word.includes('1')) return asI;
  const asL = word.replace(/[0134578@$]/g, (char) => (char === '@' && atAddress ? char : char === '1' ? 'l' : (LEET_MAP[char] ?? char)));
  return !isCommonWord(asI) && isCommonWord(asL) ? asL : asI;
}

// Two-character words ("n0", "t0", "0n", "1s"): read only when they make a common word.
const SHORT_LEET_WORD = /\b(?:[a-z][0134578]|[0134578][a-z])\b/gi;

function unleetShortWord(word: string): string {
  const plain = word.replace(/[0134578]/g, (char) => LEET_MAP[char] ?? char);
  return isCommonWord(plain) ? plain : word;
}

function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  return COMMON_WORDS.has(lower) || (lower.endsWith('s') && COMMON_WORDS.has(lower.slice(0, -1)));
}

/** Decoded views of `text` under the ciphers above that read as English when `text` does not. */
export function decodeCiphers(text: string, traits = ALL_TRAITS): DecodedFragment[] {
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH) return [];
  const fragments: DecodedFragment[] = [];
  const share = englishShare(text);
  if (text.includes('<!--')) {
    for (const match of matchesOf(HTML_COMMENT, text)) fragments.push({ kind: 'comment', text: match[1].trim(), source: match[0] });
  }
  // Markup is too short for letter frequencies: ROT13, the common shift, is tried on its brackets.
  if (text.includes('<')) {
    // The text is lower-cased once, for both gates of the markup test.
    const lower = lowerWhereLettersMapAlike(text, (traits & NON_ASCII) === 0);
    if (findScriptMarkup(text, lower) === undefined && rot13HasMarkup(text, lower))
      fragments.push({ kind: 'rot13', text: shiftLetters(text, 13), source: text });
  }
  // A run of hex digits is decoded even in English-looking text: its single letters (a, e) look like words.
  for (const match of share < ALREADY_READABLE || ((traits & BASE64_RUN) !== 0 && hasRunOf(text, HEX_DIGITS, 16))
    ? matchesOf(HEX_RUN, text)
    : []) {
    const digits = match[1].replace(/0x|\\x|[\s:,-]/g, '');
    if (digits.length < 16 || digits.length % 2 !== 0) continue;
    const decoded = Buffer.from(digits, 'hex').toString('utf8');
    if (revealsText(decoded, match[0])) fragments.push({ kind: 'hex', text: decoded, source: match[0] });
  }
  // Caesar (any shift), Atbash and reversed text, whole or in some of its sentences and lines.
  const lettered = decodeLetterCiphers(text);
  if (lettered !== undefined) fragments.push(lettered);
  if (share < READABLE && LEET_DIGIT.test(text) && mayHoldLeetWord(text)) {
    const leet = text.replace(LEET_WORD, unleetWord).replace(SHORT_LEET_WORD, unleetShortWord);
    const leetShare = leet !== text ? englishShare(leet) : 0;
    if (leet !== text && ((leetShare >= READABLE && leetShare > share + 0.1) || (hasScriptMarkup(leet) && !hasScriptMarkup(text))))
      fragments.push({ kind: 'leetspeak', text: leet, source: text });
  }
  const symbols = decodeLookAlikeSymbols(text);
  if (symbols !== undefined && !fragments.some((fragment) => fragment.text === symbols.text)) fragments.push(symbols);
  const mayBeSplit = maySplitLetters(text);
  if (mayBeSplit && SPLIT_LETTERS.test(text)) {
    SPLIT_LETTERS.lastIndex = 0;
    const joined = text.replace(SPLIT_LETTERS, (run) => run.replace(/[.\-_ *|/]/g, ''));
    fragments.push({ kind: 'split_letters', text: joined, source: text });
  }
  SPLIT_LETTERS.lastIndex = 0;
  const spaced = mayBeSplit ? decodeSpacedWords(text) : undefined;
  if (spaced !== undefined) fragments.push(spaced);
  // Any repeated separator, any word break.
  const separated = decodeSeparatedLetters(text);
  if (separated !== undefined && !fragments.some((fragment) => fragment.text === separated.text)) fragments.push(separated);
  const alphabets = decodeAlphabets(text, share, traits);
  return alphabets.length === 0 ? fragments : [...fragments, ...alphabets];
}
