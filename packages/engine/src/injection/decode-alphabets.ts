// Encodings with no everyday use in tool data, which a model still reads: base32, Morse code,
// the NATO spelling alphabet, six-dot Braille and Atbash (each letter mirrored in the alphabet).
// A run of one of them is decoded; the decoding is kept when it reads as English or is markup
// that runs script, so decoded text is screened like any other (screen-text.ts).

import { isReadable, type DecodedFragment } from './decode-fragments.ts';
import { ALREADY_READABLE, englishShare, englishShareOf, MIRROR_MAP, READABLE } from './english-share.ts';
import { hasScriptMarkup, lowerWhereLettersMapAlike, mayHoldMarkupWord, SCRIPT_MARKUP_WORDS } from './script-markup.ts';
import { asciiTable, hasRunOf } from './char-runs.ts';
import { stringOfCodes } from './string-codes.ts';
import { BASE64_RUN, DOT, HYPHEN, NON_ASCII } from './text-traits.ts';
import { matchesOf } from './matches-of.ts';

const BASE32_RUN = /\b[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9+/])/g;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function decodeBase32(run: string): string {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of run.replace(/=+$/, '')) {
    buffer = (buffer << 5) | BASE32_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes).toString('latin1');
}

const MORSE: Record<string, string> = {
  '.-': 'a',
  '-...': 'b',
  '-.-.': 'c',
  '-..': 'd',
  '.': 'e',
  '..-.': 'f',
  '--.': 'g',
  '....': 'h',
  '..': 'i',
  '.---': 'j',
  '-.-': 'k',
  '.-..': 'l',
  '--': 'm',
  '-.': 'n',
  '---': 'o',
  '.--.': 'p',
  '--.-': 'q',
  '.-.': 'r',
  '...': 's',
  '-': 't',
  '..-': 'u',
  '...-': 'v',
  '.--': 'w',
  '-..-': 'x',
  '-.--': 'y',
  '--..': 'z',
  '-----': '0',
  '.----': '1',
  '..---': '2',
  '...--': '3',
  '....-': '4',
  '.....': '5',
  '-....': '6',
  '--...': '7',
  '---..': '8',
  '----.': '9',
  '.-.-.-': '.',
  '--..--': ',',
  '..--..': '?',
  '-.-.--': '!',
  '.----.': "'",
  '-..-.': '/',
};
// At least eight Morse letters separated by spaces (words by " / ").
const MORSE_RUN = /(?:[.-]{1,6}(?: \/ | {1,3}))(?:[.-]{1,6}(?: \/ | {1,3}|$)){7,}/g;

function decodeMorse(run: string): string {
  return run
    .trim()
    .split(/\s*\/\s*| {3}/)
    .map((word) =>
      word
        .split(' ')
        .map((code) => MORSE[code] ?? '')
        .join(''),
    )
    .join(' ');
}

const NATO = new Set([
  'alfa',
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliett',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
  'uniform',
  'victor',
  'whiskey',
  'xray',
  'x-ray',
  'yankee',
  'zulu',
]);
const NATO_RUN = /(?:\b[A-Za-z-]{4,8}\b[ ,]+){7,}\b[A-Za-z-]{4,8}\b/g;

function decodeNato(run: string): string | undefined {
  let letters = '';
  for (const word of run.split(/[ ,]+/)) {
    const lower = word.toLowerCase();
    if (!NATO.has(lower)) return undefined;
    letters += lower[0];
  }
  return letters;
}

// Six-dot Braille (U+2800..U+283F) in the ASCII Braille order: the cell of each printable character.
const BRAILLE_ASCII = ' A1B\'K2L@CIF/MSP"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=';
const BRAILLE_RUN = /[\u2800-\u283f](?:[\u2800-\u283f ]){7,}/g;

function decodeBraille(run: string): string {
  let out = '';
  for (const char of run) out += char === ' ' ? ' ' : (BRAILLE_ASCII[char.charCodeAt(0) - 0x2800] ?? '').toLowerCase();
  return out;
}

export function atbash(text: string): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    codes[i] = code >= 65 && code <= 90 ? 155 - code : code >= 97 && code <= 122 ? 219 - code : code;
  }
  return stringOfCodes(codes);
}

// The key words of SCRIPT_MARKUP's gate mirrored: lower-cased ASCII text mirrors to one of the
// gate's words exactly where it holds the word's mirror image.
const MIRRORED_MARKUP_WORDS = SCRIPT_MARKUP_WORDS.map((word) => word.replace(/[a-z]/g, (c) => String.fromCharCode(219 - c.charCodeAt(0))));

/** Whether the Atbash of `text` holds script markup; the mirror is built only when its gate passes (see lowerWhereLettersMapAlike). */
function mirrorHasMarkup(text: string, traits: number): boolean {
  if (!mayHoldMarkupWord(text)) return false;
  const lower = lowerWhereLettersMapAlike(text, (traits & NON_ASCII) === 0);
  if (lower !== undefined && !MIRRORED_MARKUP_WORDS.some((word) => lower.includes(word))) return false;
  return hasScriptMarkup(atbash(text));
}

// Ascii85 (btoa) runs: characters `!`..`u`, with the punctuation only Ascii85 packs so densely.
// Ascii85 runs as a regular expression reads them (ascii85Runs finds its matches).
export const ASCII85_RUN = /(?:<~)?[!-u]{15,}(?:~>)?/g;
const MIN_ASCII85_RUN = 15;

/** How many characters of `!`..`u` run from `at`. */
function ascii85RunLength(text: string, at: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) - 33 <= 84 && text.charCodeAt(end) >= 33) end++;
  return end - at;
}

/**
 * The matches of ASCII85_RUN in `text`, found as matchAll finds them but in one pass: a match
 * starts where a run of 15 or more characters does (with the `<~` before it when that `<` ends
 * a shorter run), and takes a `~>` right after it. A regular expression tried again at every
 * character of every shorter run (each word of prose) read most of the text many times.
 */
export function ascii85Runs(text: string): string[] {
  const runs: string[] = [];
  for (let at = 0; at < text.length;) {
    let start = at;
    let end = -1;
    if (text.startsWith('<~', at)) {
      const length = ascii85RunLength(text, at + 2);
      if (length >= MIN_ASCII85_RUN) end = at + 2 + length;
    }
    const length = end < 0 ? ascii85RunLength(text, at) : 0;
    if (end < 0 && length >= MIN_ASCII85_RUN) end = at + length;
    if (end >= 0) {
      if (text.startsWith('~>', end)) end += 2;
      runs.push(text.slice(start, end));
      at = end;
      continue;
    }
    // No match starts inside this shorter run, but one may at its last character, a `<` before `~`.
    start = at + length - 1;
    at = length >= 2 && text.startsWith('<~', start) ? start : at + Math.max(length, 1);
  }
  return runs;
}
const ASCII85_PUNCTUATION = /[!"#$%&'()*+,\-.\/:;<=>?@[\]^_`]/g;
const MAX_ASCII85_TEXT = 8192;
/** Short words mirror into common ones by chance: a mirrored text must read as English throughout. */
const ATBASH_READABLE = 0.5;

// The punctuation of ASCII85_PUNCTUATION, by ASCII code (counted in a loop: no match array per run).
const ASCII85_PUNCTUATION_CHAR = Uint8Array.from({ length: 128 }, (_, code) =>
  new RegExp(ASCII85_PUNCTUATION.source).test(String.fromCharCode(code)) ? 1 : 0,
);

/** The string of `length` bytes of `bytes`, each a character (as Buffer's latin1 decoding reads them). */
function latin1Of(bytes: Uint16Array, length: number): string {
  return stringOfCodes(bytes.subarray(0, length));
}

export function decodeAscii85(run: string): string | undefined {
  const body = run.replace(/^<~|~>$/g, '');
  let punctuation = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code < 128 && ASCII85_PUNCTUATION_CHAR[code] === 1) punctuation++;
  }
  if (punctuation < body.length / 6) return undefined;
  // Every character of a run is one of `!`..`u` (ascii85Runs, ASCII85_BLOB): one code unit each.
  const bytes = new Uint16Array(Math.ceil(body.length / 5) * 4);
  let length = 0;
  for (let i = 0; i < body.length; i += 5) {
    const chunk = Math.min(5, body.length - i);
    let value = 0;
    // A short last group is padded with `u` (84).
    for (let k = 0; k < 5; k++) value = value * 85 + (k < chunk ? body.charCodeAt(i + k) - 33 : 84);
    if (value > 0xffffffff) return undefined;
    const group = [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    for (let k = 0; k < chunk - 1; k++) bytes[length++] = group[k];
  }
  return latin1Of(bytes, length);
}

// uuencode: lines whose first character gives the line's byte count (space + n), the rest 4 characters per 3 bytes.
const UU_LINE = /^[!-M][ -`]{4,61}\s*$/m;

export function decodeUu(text: string): string | undefined {
  const bytes: number[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('begin ') || line === 'end') continue;
    const count = (line.charCodeAt(0) - 32) & 63;
    if (count === 0) continue;
    const body = line.slice(1);
    if (body.trimEnd().length < Math.ceil(count / 3) * 4 - 2) return undefined;
    const values = Array.from(body.padEnd(Math.ceil(count / 3) * 4, ' '), (char) => (char.charCodeAt(0) - 32) & 63);
    const decoded: number[] = [];
    for (let i = 0; i + 3 < values.length; i += 4) {
      decoded.push(
        (values[i] << 2) | (values[i + 1] >> 4),
        ((values[i + 1] & 15) << 4) | (values[i + 2] >> 2),
        ((values[i + 2] & 3) << 6) | values[i + 3],
      );
    }
    bytes.push(...decoded.slice(0, count));
  }
  return bytes.length >= 6 ? Buffer.from(bytes).toString('latin1') : undefined;
}

/** Whether a decoding says something: English prose, or markup that the encoded text hid. */
export function revealsText(decoded: string, original: string): boolean {
  return englishShare(decoded) >= READABLE || (hasScriptMarkup(decoded) && !hasScriptMarkup(original));
}

// The characters of base32 (RFC 4648) without its padding.
const BASE32_CHARS = asciiTable('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');

/** revealsText for decoders that turn any input into bytes: the bytes must be printable text first. */
function revealsPrintable(decoded: string): boolean {
  let printable = 0;
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if ((code >= 32 && code < 127) || code === 9 || code === 10 || code === 13) printable++;
  }
  return printable >= decoded.length * 0.97 && (hasScriptMarkup(decoded) || (isReadable(decoded) && englishShare(decoded) >= READABLE));
}

/**
 * Decoded views of the base32, Morse, NATO, Braille, Atbash, Ascii85 and uuencode runs of `text`;
 * `share` is the text's englishShare (the caller has it).
 */
export function decodeAlphabets(text: string, share: number, traits: number): DecodedFragment[] {
  const fragments: DecodedFragment[] = [];
  if (text.length < 16) return fragments;
  if ((traits & BASE64_RUN) !== 0 && hasRunOf(text, BASE32_CHARS, 16)) {
    for (const match of matchesOf(BASE32_RUN, text)) {
      if (!/[2-7]/.test(match[0]) || match[0].replace(/=+$/, '').length % 8 === 1) continue;
      const decoded = decodeBase32(match[0]);
      if (revealsPrintable(decoded)) fragments.push({ kind: 'base32', text: decoded, source: match[0] });
    }
  }
  // Morse needs a dot and a hyphen side by side: the traits say when the text has no pair to look for.
  if ((traits & DOT) !== 0 && (traits & HYPHEN) !== 0 && (text.includes('.-') || text.includes('-.'))) {
    for (const match of matchesOf(MORSE_RUN, text)) {
      // Eight letters of at least four kinds: a message, not a rule of dashes.
      const codes = new Set(match[0].split(/[\s/]+/).filter((code) => code !== ''));
      if (codes.size < 4) continue;
      fragments.push({ kind: 'morse', text: decodeMorse(match[0]), source: match[0] });
    }
  }
  // A message spelled in NATO words reads as no English at all.
  if (share < ALREADY_READABLE && /\b(?:alfa|alpha|bravo|charlie|delta|echo|hotel|india|oscar|papa|sierra|tango)\b/i.test(text)) {
    for (const match of matchesOf(NATO_RUN, text)) {
      const decoded = decodeNato(match[0]);
      if (decoded !== undefined && decoded.length >= 8) fragments.push({ kind: 'nato', text: decoded, source: match[0] });
    }
  }
  if ((traits & NON_ASCII) !== 0 && /[\u2800-\u283f]/.test(text)) {
    for (const match of matchesOf(BRAILLE_RUN, text)) fragments.push({ kind: 'braille', text: decodeBraille(match[0]), source: match[0] });
  }
  // Atbash, Ascii85 and uuencode only where the text is not English already (the common case).
  if (share >= ALREADY_READABLE) return fragments;
  // Atbash leaves markup's brackets (`<hxirkg>` is `<script>`) and turns prose into letter soup.
  // The mirrored text is built only when it is kept.
  if (englishShareOf(text, MIRROR_MAP) >= ATBASH_READABLE || (mirrorHasMarkup(text, traits) && !hasScriptMarkup(text)))
    fragments.push({ kind: 'atbash', text: atbash(text), source: text });
  if (text.length <= MAX_ASCII85_TEXT) {
    for (const run of ascii85Runs(text)) {
      const decoded = decodeAscii85(run);
      if (decoded !== undefined && revealsPrintable(decoded)) fragments.push({ kind: 'ascii85', text: decoded, source: run });
    }
    if (UU_LINE.test(text)) {
      const decoded = decodeUu(text);
      if (decoded !== undefined && revealsPrintable(decoded)) fragments.push({ kind: 'uuencode', text: decoded, source: text });
    }
  }
  return fragments;
}
