// Leetspeak in general (issue 13, hold-out: maps other than the usual digits): digits, symbols
// and symbol pairs that stand for letters ("4", "@", "/\", "|3", "()", "€", "+", "!") inside words
// of letters. Each such word is read with every stand-in replaced by its letter; a stand-in that
// stands for several letters ("1" for i or l, "7" for t or l) takes the reading that is a common
// word. The reading is kept only when the text reads more like a language after it than before.

import type { DecodedFragment } from './decode-fragments.ts';
import { isCommonInSomeLanguage } from './english-share.ts';

// Pairs and triples first: they would otherwise be read as two stand-ins.
const MULTI: ReadonlyArray<readonly [string, string]> = [
  ['/\\/\\', 'm'],
  ['|\\|', 'n'],
  ['|_|', 'u'],
  ['|-|', 'h'],
  ['/\\', 'a'],
  ['\\/', 'v'],
  ['|3', 'b'],
  ['|)', 'd'],
  ['|<', 'k'],
  ['()', 'o'],
  ['[]', 'o'],
  ['><', 'x'],
];
// Each stand-in's letters, likeliest first.
const SINGLE: Record<string, string> = {
  '0': 'o',
  '1': 'il',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'gb',
  '7': 'tl',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'il',
  '|': 'il',
  '+': 't',
  '€': 'e',
  '£': 'le',
  '^': 'a',
  '°': 'o',
  '¥': 'y',
  '&': 'e',
  '(': 'c',
  '#': 'h',
};
const STAND_IN = /[0-9@$!|+€£^°¥&(#]/;
// A word: letters mixed with stand-ins, possibly ending in sentence punctuation.
const TOKEN = /[^\s]+/g;
const MAX_CHOICES = 16;
/** Words read that are common words, at least, and their share of the words read. */
const MIN_COMMON = 2;
const MIN_COMMON_SHARE = 0.25;

/**
 * The readings of one token (its stand-ins replaced), the first the likeliest: a pair ("|3") is
 * read as one letter (b) or as two stand-ins (l, e), a stand-in as each of its letters.
 */
function readings(token: string, from = 0): string[] {
  if (from >= token.length) return [''];
  const options: Array<[string, number]> = [];
  for (const [symbols, letter] of MULTI) if (token.startsWith(symbols, from)) options.push([letter, symbols.length]);
  const char = token[from];
  for (const letter of SINGLE[char] ?? char) options.push([letter, 1]);
  const out: string[] = [];
  for (const [letter, length] of options) {
    for (const rest of readings(token, from + length)) {
      out.push(letter + rest);
      if (out.length >= MAX_CHOICES) return out;
    }
  }
  return out;
}

/** Sentence punctuation at a token's end ("s4y." "n0w!") that is not a stand-in there. */
// Numbers with units, times, versions, hex: "10am", "v2.1", "0x1f", "64kb"; and true ordinals ("2nd", not "4nd").
const NUMBER_LIKE = /^(?:v?\d+(?:[.:,/-]\d+)*(?:am|pm|px|em|ms|kb|mb|gb|tb|[kmgsxhd%])?|0x[0-9a-f]+)$/i;
const ORDINAL = /^\d*(?:1st|2nd|3rd|[04-9]th|1[1-3]th)$/i;
const CODE_LIKE = /['"`=;{}<>]|\((?!\))|::|->|\w\.\w/;
const TRAILING = /(?:[.,;:?!"'\]]|(?<!\()\))+$/;
const LEADING = /^["'(\[]+/;

function readToken(token: string): string {
  const lead = LEADING.exec(token)?.[0] ?? '';
  const trail = TRAILING.exec(token.slice(lead.length))?.[0] ?? '';
  const core = token.slice(lead.length, token.length - trail.length);
  // A stand-in needs a letter beside it in the word; numbers, times and versions stay as they are.
  // (A word of stand-ins only is a number, unless it holds a pair: "|\\|0".)
  if (core.length < 2 || !STAND_IN.test(core) || !(/[A-Za-z]/.test(core) || MULTI.some(([symbols]) => core.includes(symbols))))
    return token;
  if (NUMBER_LIKE.test(core) || ORDINAL.test(core)) return token;
  // Code: quotes, calls, assignments, markup.
  if (CODE_LIKE.test(core)) return token;
  const options = readings(core);
  const common = options.find((option) => isCommonInSomeLanguage(option.toLowerCase()));
  return lead + (common ?? options[0]) + trail;
}

const STAND_IN_CODE = new Uint8Array(128);
// (Not "@" or "/": addresses and paths put them between letters in any text.)
for (const char of '0123456789$!|+^&(#') STAND_IN_CODE[char.charCodeAt(0)] = 1;
const isAsciiLetter = (code: number): boolean => ((code | 0x20) - 97) >>> 0 < 26;
/** Stand-ins inside words from which a text may hold leetspeak. */
const MIN_INSIDE = 3;

/**
 * Whether some stand-ins sit inside words, a letter on either side ("h3llo", "pr0mpt"): leetspeak
 * has one in most words, prose almost none ("mp3", "10am" and "Q3" have theirs at an end). One
 * pass over the codes; non-ASCII stand-ins (€, £, °, ¥) count wherever they are.
 */
function mayHoldLeet(text: string): boolean {
  let inside = 0;
  for (let i = 1; i + 1 < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) {
      if ((code === 0x20ac || code === 0xa3 || code === 0xb0 || code === 0xa5) && ++inside >= MIN_INSIDE) return true;
    } else if (STAND_IN_CODE[code] === 1 && isAsciiLetter(text.charCodeAt(i - 1)) && isAsciiLetter(text.charCodeAt(i + 1))) {
      if (++inside >= MIN_INSIDE) return true;
    }
  }
  return false;
}

/** The text with its leetspeak read as letters, when many of the words read are common words. */
export function decodeLookAlikeSymbols(text: string): DecodedFragment | undefined {
  if (text.length < 12 || !mayHoldLeet(text)) return undefined;
  let changed = 0;
  let common = 0;
  const decoded = text.replace(TOKEN, (token) => {
    const read = readToken(token);
    if (read === token) return token;
    changed++;
    if (isCommonInSomeLanguage(read.replace(LEADING, '').replace(TRAILING, '').toLowerCase())) common++;
    return read;
  });
  // Words with symbols in them are not words before; a good share of them are after.
  return changed >= 2 && ((common >= MIN_COMMON && common >= changed * MIN_COMMON_SHARE) || (common >= 3 && common >= changed * 0.15))
    ? { kind: 'leetspeak', text: decoded, source: text }
    : undefined;
}
