// A message that is nothing but an encoded blob (issue 13): a whole string, or what follows a short
// question ("What does this mean? …"), that decodes under base64, base32, hex, Ascii85, base85,
// uuencode, quoted-printable, ROT13 or Atbash into a short readable sentence. Tool outputs carry
// encoded data (tokens, hashes, keys, file contents), which decodes to bytes, JSON or whole
// documents; a blob whose only content is a sentence exists to be decoded by the model that reads
// it, out of sight of whoever screens the text. The decoded text is screened again by the caller.

import type { DecodedFragment } from './decode-fragments.ts';
import { atbash, decodeAscii85, decodeBase32, decodeUu } from './decode-alphabets.ts';
import { ALREADY_READABLE, englishShare, READABLE } from './english-share.ts';
import { hasScriptMarkup } from './script-markup.ts';

const MIN_BLOB = 8;
/** Bytes encoded in fewer characters than this are an identifier, not a sentence. */
const MIN_BYTE_BLOB = 12;
const MAX_BLOB = 2048;
/** A hidden sentence is short; a longer decoding is a document sent encoded (a file's contents). */
const MAX_DECODED = 400;
// A short question or label before the blob: "What does this mean? ", "Decode: ".
const LEAD_IN = /^[^\n]{1,80}?[?:]\s+/;

const BASE64_BLOB = /^[A-Za-z0-9+/_-]+={0,2}$/;
const HEX_BLOB = /^(?:[0-9A-Fa-f]{2}[\s:]?){4,}$/;
const BASE32_BLOB = /^[A-Z2-7]+={0,6}$/;
const ASCII85_BLOB = /^(?:<~)?[!-u]+(?:~>)?$/;
const BASE85_BLOB = /^[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]+$/;
const UU_BLOB = /^[!-M][ -`]{4,61}$/;
const QP_ESCAPE = /=([0-9A-F]{2})/g;
const QP_BLOB = /=[0-9A-F]{2}/;
const QP_ESCAPES = /=[0-9A-F]{2}/g;
/** Share of a quoted-printable blob's characters that escapes make up, at least. */
const QP_MIN_SHARE = 0.25;
const BASE85_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
const BASE85_VALUE = new Map(Array.from(BASE85_ALPHABET, (char, i) => [char, i]));
// An element with a link, a source, a style or a handler, written plainly or as entities: markup
// hidden in an encoding is meant to be rendered by whoever decodes it.
const HIDDEN_MARKUP =
  /(?:<|&lt;)\s*[a-z]{1,10}\b[^>]{0,200}?\b(?:src|href|style|on[a-z]{3,16}|action|formaction)\s*=|(?:<|&lt;)\s*script\b/i;
// The twelve most common letters of English carry about four fifths of its letters.
const COMMON_LETTERS = new Set('etaoinshrdlu');
// Letters and marks outside ASCII (not symbols, not the replacement character).
const OTHER_LETTER = /[\p{L}\p{M}]/u;
// Currency signs, quotation marks, dashes and other punctuation of running text (not the replacement character).
const TEXT_SIGN = /[\p{Sc}\p{P}\u00a0\u2009\u202f]/u;

/** RFC 1924 base85 (Python's b85encode). */
function decodeBase85(blob: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < blob.length; i += 5) {
    const chunk = blob.slice(i, i + 5);
    let value = 0;
    for (const char of chunk.padEnd(5, '~')) value = value * 85 + (BASE85_VALUE.get(char) ?? 0);
    if (value > 0xffffffff) return undefined;
    bytes.push(...[(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].slice(0, chunk.length - 1));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeQuotedPrintable(blob: string): string {
  return blob.replace(/=\r?\n/g, '').replace(QP_ESCAPE, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (char) => {
    const code = char.charCodeAt(0);
    const base = code <= 90 ? 65 : 97;
    return String.fromCharCode(((code - base + 13) % 26) + base);
  });
}

/** Share of a text's letters that are among English's most common twelve; undefined with fewer than 6 letters. */
function commonLetterShare(text: string): number | undefined {
  let letters = 0;
  let common = 0;
  for (const char of text.toLowerCase()) {
    if (char < 'a' || char > 'z') continue;
    letters++;
    if (COMMON_LETTERS.has(char)) common++;
  }
  return letters < 6 ? undefined : common / letters;
}

/** A decoding that reads as a short sentence: printable, mostly letters and spaces, English-like letters. */
function readsAsSentence(decoded: string): boolean {
  const text = decoded.trim();
  if (text.length < 6 || text.length > MAX_DECODED) return false;
  if (hasScriptMarkup(text) || HIDDEN_MARKUP.test(text)) return true;
  let letters = 0;
  let plain = 0;
  let digits = 0;
  let otherScript = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 10) return false;
    if (code > 126) {
      // Round 17b: a sentence of another language (accented or another script) decodes to letters of
      // it; bytes that are not text decode to replacement characters and symbols.
      if (OTHER_LETTER.test(text[i])) {
        letters++;
        otherScript++;
      } else if (!TEXT_SIGN.test(text[i])) return false;
      plain++;
      continue;
    }
    const letter = (code | 0x20) >= 97 && (code | 0x20) <= 122;
    if (letter) letters++;
    if (code >= 48 && code <= 57) digits++;
    if (letter || code === 32 || code === 39 || code === 44 || code === 46 || code === 33 || code === 63) plain++;
  }
  // Data decodes to JSON, key=value pairs, paths or identifiers, not to a sentence. A sentence may
  // carry an amount or an account number (round 17b): digits count as plain when words dominate.
  const words = text.split(' ').length;
  const minLetters = words >= 6 ? 0.45 : 0.6;
  const plainWithDigits = words >= 6 && letters >= text.length * minLetters ? plain + digits : plain;
  if (plainWithDigits < text.length * 0.85 || letters < text.length * minLetters || !/[a-z\u00c0-\uffff]{2,}/i.test(text)) return false;
  // A sentence in another script has no English letters to count: whole words of it are enough.
  if (otherScript > letters / 2) return words >= 3 && letters >= text.length * 0.6;
  const share = commonLetterShare(text);
  return share !== undefined && share >= 0.62 && (text.includes(' ') || text.length <= 24);
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline < 0 ? text : text.slice(0, newline);
}

function decodeBlob(blob: string): DecodedFragment | undefined {
  // Prose has a space every few characters; a blob of bytes has none (hex and uuencode may).
  const space = blob.indexOf(' ');
  if (space >= 0 && space < 40 && !HEX_BLOB.test(blob) && !QP_BLOB.test(blob) && !UU_BLOB.test(firstLine(blob)))
    return blob.length > MAX_DECODED ? undefined : decodeLetters(blob);
  let spaces = 0;
  let upper = 0;
  let lowerOrDigit = 0;
  let hex = 0;
  for (let i = 0; i < blob.length; i++) {
    const code = blob.charCodeAt(i);
    if (code === 32) spaces++;
    else if (code >= 65 && code <= 90) upper++;
    else if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) lowerOrDigit++;
    if ((code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 102)) hex++;
  }
  if (spaces > blob.length / 8 && !HEX_BLOB.test(blob) && !UU_BLOB.test(firstLine(blob))) return decodeLetters(blob);
  // Identifiers, paths and keys ("updated_at", "req-00000012") are letters of one case and
  // digits; an encoding mixes cases, is all hex, or is dense with punctuation.
  const other = blob.length - spaces - upper - lowerOrDigit;
  if (blob.length < MIN_BYTE_BLOB || (!(upper > 0 && lowerOrDigit > 0) && hex < blob.length - spaces && other < blob.length / 8))
    return undefined;
  const compact = blob.replace(/\s+/g, '');
  const found = (kind: DecodedFragment['kind'], text: string | undefined): DecodedFragment | undefined =>
    text !== undefined && readsAsSentence(text) ? { kind, text: text.trim(), source: blob } : undefined;
  let fragment: DecodedFragment | undefined;
  if (HEX_BLOB.test(blob) && compact.length % 2 === 0) fragment ??= found('hex', Buffer.from(compact, 'hex').toString('utf8'));
  if (BASE32_BLOB.test(compact)) fragment ??= found('base32', decodeBase32(compact));
  if (BASE64_BLOB.test(compact) && compact.replace(/=+$/, '').length % 4 !== 1)
    fragment ??= found('base64', Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  if (!/\s/.test(blob) && ASCII85_BLOB.test(blob)) fragment ??= found('ascii85', decodeAscii85(blob));
  if (!/\s/.test(blob) && BASE85_BLOB.test(blob)) fragment ??= found('base85', decodeBase85(blob));
  if (blob.split('\n').every((line) => line === '' || line === '`' || UU_BLOB.test(line.trimEnd())))
    fragment ??= found('uuencode', decodeUu(blob));
  // Quoted-printable hides a sentence only when escapes carry much of it (one "=54" in "port=5432" is
  // prose); markup needs one escape ("<img src=3Dx onerror=…>").
  if (QP_BLOB.test(blob)) {
    const decoded = decodeQuotedPrintable(blob);
    const dense = (blob.match(QP_ESCAPES) ?? []).length * 3 >= blob.length * QP_MIN_SHARE;
    // (Markup already plain in the blob is not hidden by it: a link whose query holds "=42".)
    const hidesMarkup = (hasScriptMarkup(decoded) && !hasScriptMarkup(blob)) || (HIDDEN_MARKUP.test(decoded) && !HIDDEN_MARKUP.test(blob));
    if (dense || hidesMarkup) fragment ??= found('quoted_printable', decoded);
  }
  return fragment ?? decodeLetters(blob);
}

const COMMON_WORD = / (?:the|and|of|to|is|in|for|a|with|on) /;

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };

function unleet(text: string): string {
  return text.replace(/[013457]/g, (digit) => LEET[digit]);
}

const LETTER_CODES = [
  ['rot13', rot13],
  ['atbash', atbash],
] as const;

// ROT13 and Atbash keep spaces and punctuation: the blob is words of letter soup that become
// English, or markup whose tag and attribute names only read after decoding.
function decodeLetters(blob: string): DecodedFragment | undefined {
  if (blob.length > MAX_DECODED) return undefined;
  if (/[<=]/.test(blob) && !HIDDEN_MARKUP.test(blob) && !hasScriptMarkup(blob)) {
    for (const [kind, decode] of [...LETTER_CODES, ['leetspeak', unleet] as const]) {
      const decoded = decode(blob);
      if (HIDDEN_MARKUP.test(decoded) || hasScriptMarkup(decoded)) return { kind, text: decoded, source: blob };
    }
  }
  // Prose gives itself away by its commonest words before any count.
  if (COMMON_WORD.test(blob) || !/^[A-Za-z][A-Za-z\s'",.!?-]*$/.test(blob) || englishShare(blob) >= ALREADY_READABLE) return undefined;
  const before = commonLetterShare(blob);
  if (before === undefined) return undefined;
  for (const [kind, decode] of LETTER_CODES) {
    const decoded = decode(blob);
    if (!readsAsSentence(decoded)) continue;
    // English words appear, or (too few words to count) English letters do.
    const after = commonLetterShare(decoded);
    if (englishShare(decoded) >= READABLE || (after !== undefined && before <= 0.55 && after >= before + 0.2))
      return { kind, text: decoded, source: blob };
  }
  return undefined;
}

/** The sentence hidden in a string that is only an encoded blob (after a short question), or undefined. */
export function decodeBareMessage(text: string): DecodedFragment | undefined {
  const trimmed = text.trim();
  if (trimmed.length < MIN_BLOB || trimmed.length > MAX_BLOB) return undefined;
  const whole = decodeBlob(trimmed);
  if (whole !== undefined) return whole;
  // Only a question or a label before the blob: a sentence ending in "?" or ":" and little else.
  // A lead-in ends in "?" or ":": a text with neither has none (and the lazy search for one is not cheap).
  const lead = trimmed.length < 24 || !(trimmed.includes('?') || trimmed.includes(':')) ? null : LEAD_IN.exec(trimmed);
  if (lead === null || trimmed.length - lead[0].length < MIN_BLOB) return undefined;
  return decodeBlob(trimmed.slice(lead[0].length));
}
