// Encodings with no everyday use in tool data, which a model still reads: base32, Morse code,
// the NATO spelling alphabet, six-dot Braille and Atbash (each letter mirrored in the alphabet).
// A run of one of them is decoded; the decoding is kept when it reads as English or is markup
// that runs script, so decoded text is screened like any other (screen-text.ts).

import { isReadable, type DecodedFragment } from './decode-fragments.ts';
import { ALREADY_READABLE, englishShare, READABLE } from './english-share.ts';
import { hasScriptMarkup } from './script-markup.ts';
import { BASE64_RUN, NON_ASCII } from './text-traits.ts';

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
  return text.replace(/[A-Za-z]/g, (char) => {
    const code = char.charCodeAt(0);
    return String.fromCharCode(code <= 90 ? 155 - code : 219 - code);
  });
}

// Ascii85 (btoa) runs: characters `!`..`u`, with the punctuation only Ascii85 packs so densely.
const ASCII85_RUN = /(?:<~)?[!-u]{15,}(?:~>)?/g;
const ASCII85_PUNCTUATION = /[!"#$%&'()*+,\-.\/:;<=>?@[\]^_`]/g;
const MAX_ASCII85_TEXT = 8192;
/** Short words mirror into common ones by chance: a mirrored text must read as English throughout. */
const ATBASH_READABLE = 0.5;

export function decodeAscii85(run: string): string | undefined {
  const body = run.replace(/^<~|~>$/g, '');
  if ((body.match(ASCII85_PUNCTUATION)?.length ?? 0) < body.length / 6) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 5) {
    const chunk = body.slice(i, i + 5);
    const padded = chunk.padEnd(5, 'u');
    let value = 0;
    for (const char of padded) value = value * 85 + (char.charCodeAt(0) - 33);
    if (value > 0xffffffff) return undefined;
    const group = [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    bytes.push(...group.slice(0, chunk.length - 1));
  }
  return Buffer.from(bytes).toString('latin1');
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
  if ((traits & BASE64_RUN) !== 0 && /[A-Z2-7]{16}/.test(text)) {
    for (const match of text.matchAll(BASE32_RUN)) {
      if (!/[2-7]/.test(match[0]) || match[0].replace(/=+$/, '').length % 8 === 1) continue;
      const decoded = decodeBase32(match[0]);
      if (revealsPrintable(decoded)) fragments.push({ kind: 'base32', text: decoded, source: match[0] });
    }
  }
  if (text.includes('.-') || text.includes('-.')) {
    for (const match of text.matchAll(MORSE_RUN)) {
      // Eight letters of at least four kinds: a message, not a rule of dashes.
      const codes = new Set(match[0].split(/[\s/]+/).filter((code) => code !== ''));
      if (codes.size < 4) continue;
      fragments.push({ kind: 'morse', text: decodeMorse(match[0]), source: match[0] });
    }
  }
  // A message spelled in NATO words reads as no English at all.
  if (share < ALREADY_READABLE && /\b(?:alfa|alpha|bravo|charlie|delta|echo|hotel|india|oscar|papa|sierra|tango)\b/i.test(text)) {
    for (const match of text.matchAll(NATO_RUN)) {
      const decoded = decodeNato(match[0]);
      if (decoded !== undefined && decoded.length >= 8) fragments.push({ kind: 'nato', text: decoded, source: match[0] });
    }
  }
  if ((traits & NON_ASCII) !== 0 && /[\u2800-\u283f]/.test(text)) {
    for (const match of text.matchAll(BRAILLE_RUN)) fragments.push({ kind: 'braille', text: decodeBraille(match[0]), source: match[0] });
  }
  // Atbash, Ascii85 and uuencode only where the text is not English already (the common case).
  if (share >= ALREADY_READABLE) return fragments;
  // Atbash leaves markup's brackets (`<hxirkg>` is `<script>`) and turns prose into letter soup.
  const mirrored = atbash(text);
  if ((hasScriptMarkup(mirrored) && !hasScriptMarkup(text)) || englishShare(mirrored) >= ATBASH_READABLE)
    fragments.push({ kind: 'atbash', text: mirrored, source: text });
  if (text.length <= MAX_ASCII85_TEXT) {
    for (const match of text.matchAll(ASCII85_RUN)) {
      const decoded = decodeAscii85(match[0]);
      if (decoded !== undefined && revealsPrintable(decoded)) fragments.push({ kind: 'ascii85', text: decoded, source: match[0] });
    }
    if (UU_LINE.test(text)) {
      const decoded = decodeUu(text);
      if (decoded !== undefined && revealsPrintable(decoded)) fragments.push({ kind: 'uuencode', text: decoded, source: text });
    }
  }
  return fragments;
}
