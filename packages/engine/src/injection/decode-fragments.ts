// Finds text hidden behind an encoding a model can read but a keyword screen cannot: base64 runs,
// percent-encoding, HTML entities and backslash escapes. Only decodings that give readable text
// are kept, so random identifiers, hashes and keys do not produce noise.

import { hasScriptMarkup } from './script-markup.ts';
import { AMPERSAND, BACKSLASH, BASE64_RUN, MIN_BASE64_RUN, PERCENT } from './text-traits.ts';

/** One decoded view of (part of) a string. */
export interface DecodedFragment {
  kind:
    | 'base64'
    | 'url'
    | 'html'
    | 'escape'
    | 'hex'
    | 'rot13'
    | 'caesar'
    | 'reversed'
    | 'leetspeak'
    | 'split_letters'
    | 'comment'
    | 'base32'
    | 'morse'
    | 'nato'
    | 'braille'
    | 'atbash'
    | 'ascii85'
    | 'uuencode'
    | 'base85'
    | 'quoted_printable'
    | 'json';
  /** The decoded text (for url, html and escape: the whole string with every escape decoded). */
  text: string;
  /** The encoded source, for excerpts. */
  source: string;
  /**
   * For a text joined from parts (json): the parts, each screened alone too, so that only what
   * the join adds counts (an instruction split across fields), as for a payload's fields.
   */
  parts?: readonly string[];
  /** For json: each part counts alone too, as a payload's field does (decode-json-string.ts). */
  own?: boolean;
  /**
   * For split letters: a run had no word break at all and was cut back into words by a lexicon
   * (segment-joined-words.ts), a spelling no ordinary text uses.
   */
  wordless?: boolean;
  /** For split letters: what each run of spelled letters reads, alone (round 19b). */
  spelled?: readonly string[];
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const HAS_PERCENT = /%[0-9A-Fa-f]{2}/;
const MAX_PERCENT_LAYERS = 3;
const QUERY_PARAMETER = /[?&]([A-Za-z_][\w.-]{0,30})=/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,8}));/g;
const HAS_ENTITY = /&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{2,8});/;
const ESCAPE = /\\x([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})|\\u\{([0-9A-Fa-f]{1,6})\}/g;
const HAS_ESCAPE = /\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]{1,6}\})/;
const MAX_BASE64_RUNS = 32;
const MAX_BASE64_LENGTH = 16_384;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  sol: '/',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lbrack: '[',
  rbrack: ']',
  excl: '!',
  quest: '?',
  equals: '=',
  period: '.',
  comma: ',',
  num: '#',
  percnt: '%',
  newline: '\n',
  tab: '\t',
  vert: '|',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  ndash: '-',
  mdash: '-',
  lsquo: "'",
  rsquo: "'",
  ldquo: '"',
  rdquo: '"',
};

/** True when decoded bytes read as text: valid UTF-8, printable, with words and spaces. */
export function isReadable(text: string): boolean {
  if (text.length < 6 || text.includes('\ufffd')) return false;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) spaces++;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 0xbf) letters++;
    if (code >= 32 || code === 9 || code === 10 || code === 13) printable++;
  }
  return printable / text.length > 0.95 && letters / text.length > 0.5 && spaces >= 1;
}

function isBase64Char(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47 ||
    code === 95 ||
    code === 45
  );
}

// isBase64Char of every ASCII code, for the scan below (no other code is a base64 character).
const BASE64_CHAR = new Uint8Array(128);
for (let code = 0; code < 128; code++) BASE64_CHAR[code] = isBase64Char(code) ? 1 : 0;

function isBase64Code(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code < 128 && BASE64_CHAR[code] === 1;
}

/**
 * Whether the text holds a run of 16 or more base64 characters. Such a run covers one of the
 * positions 15, 31, 47, …, so only those are probed, and the run around a probe measured; in
 * prose, whose words are short, most of the text is never read.
 */
function hasBase64Run(text: string): boolean {
  for (let probe = MIN_BASE64_RUN - 1; probe < text.length; probe += MIN_BASE64_RUN) {
    if (!isBase64Code(text, probe)) continue;
    let start = probe;
    while (start > 0 && probe - start < MIN_BASE64_RUN - 1 && isBase64Code(text, start - 1)) start--;
    let end = probe + 1;
    while (end < text.length && end - start < MIN_BASE64_RUN && isBase64Code(text, end)) end++;
    if (end - start >= MIN_BASE64_RUN) return true;
  }
  return false;
}

/** Runs of 16 or more base64 characters (with their padding), found by one pass over the text. */
function base64Runs(text: string): string[] {
  if (!hasBase64Run(text)) return [];
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    let inRun = false;
    if (i < text.length) {
      const code = text.charCodeAt(i);
      inRun = code < 128 && BASE64_CHAR[code] === 1;
    }
    if (inRun) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= MIN_BASE64_RUN) {
      let end = i;
      while (end < text.length && end - i < 2 && text.charCodeAt(end) === 61) end++;
      runs.push(text.slice(start, end));
      if (runs.length > MAX_BASE64_RUNS * 4) break;
    }
    start = -1;
  }
  return runs;
}

function decodeBase64(run: string): string {
  const standard = run.replace(/-/g, '+').replace(/_/g, '/');
  return Buffer.from(standard, 'base64').toString('utf8');
}

function decodePercent(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    const decoded = bytes.toString('utf8');
    return decoded.includes('\ufffd') ? bytes.toString('latin1') : decoded;
  });
}

function codePointText(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return codePointText(Number.parseInt(decimal, 10));
    if (hex !== undefined) return codePointText(Number.parseInt(hex, 16));
    return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? match;
  });
}

function decodeEscapes(text: string): string {
  return text.replace(ESCAPE, (_match, byte?: string, unit?: string, point?: string) =>
    codePointText(Number.parseInt(byte ?? unit ?? point ?? '', 16)),
  );
}

// Traits of a text that may hold an encoding: its characters, or a base64 run.
const ENCODED = PERCENT | AMPERSAND | BACKSLASH | BASE64_RUN;
const NONE: readonly DecodedFragment[] = Object.freeze([]);

/**
 * Decoded views of the encoded fragments in `text` that decode to readable text. Base64 runs
 * are decoded one by one; percent-encoding, HTML entities and backslash escapes are decoded
 * across the whole string, since an instruction is often only partly encoded. `traits` are the
 * text's traits (text-traits.ts) when the caller knows them.
 */
export function decodeFragments(text: string, traits = ENCODED): readonly DecodedFragment[] {
  // Most texts hold no encoding: they share one empty answer.
  if ((traits & ENCODED) === 0) return NONE;
  const fragments: DecodedFragment[] = [];
  // Without traits, each test below looks for its character itself.
  if ((traits & PERCENT) !== 0 && text.includes('%') && HAS_PERCENT.test(text)) {
    // A value encoded again inside a redirect or query parameter ("%2520" for a space) is decoded
    // layer by layer, three layers at most (round 18a: an order double-encoded in `redirect=`).
    let decoded = decodePercent(text);
    for (let layer = 1; layer < MAX_PERCENT_LAYERS && HAS_PERCENT.test(decoded); layer++) decoded = decodePercent(decoded);
    // Each query parameter's value is a field of its own ("?task=disable …" reads "task: disable …").
    const spaced = decoded.replace(/\+/g, ' ').replace(QUERY_PARAMETER, '\n$1: ');
    if (spaced !== text) fragments.push({ kind: 'url', text: spaced, source: text });
  }
  if ((traits & AMPERSAND) !== 0 && text.includes('&') && HAS_ENTITY.test(text)) {
    const decoded = decodeEntities(text);
    if (decoded !== text) fragments.push({ kind: 'html', text: decoded, source: text });
  }
  if ((traits & BACKSLASH) !== 0 && text.includes('\\') && HAS_ESCAPE.test(text)) {
    const decoded = decodeEscapes(text);
    if (decoded !== text) fragments.push({ kind: 'escape', text: decoded, source: text });
  }
  if ((traits & BASE64_RUN) === 0) return fragments;
  let runs = 0;
  for (const run of base64Runs(text)) {
    if (run.length > MAX_BASE64_LENGTH || !/[0-9+/=A-Z]/.test(run)) continue;
    if (++runs > MAX_BASE64_RUNS) break;
    const decoded = decodeBase64(run);
    // Markup that runs script counts even when bytes around it do not decode (a shifted run).
    if (isReadable(decoded) || hasScriptMarkup(decoded)) fragments.push({ kind: 'base64', text: decoded, source: run });
  }
  return fragments;
}
