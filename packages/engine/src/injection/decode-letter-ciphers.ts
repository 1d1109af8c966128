// Caesar with any shift, Atbash and reversed text, found by language likelihood rather than by
// keywords (issue 13, hold-out: shifts other than 13, a shifted line inside a plain e-mail,
// reversed German). The text is cut into sentences and lines; runs of them that read as no
// language (few of their words are common words of English, German, French, Spanish, Italian,
// Portuguese or Dutch) but are made of word-like letters are tried under the three Caesar shifts
// whose letter frequencies fit best, under Atbash and reversed. A run is decoded only when the
// decoding reads much more like a language than the run did. Ordinary text pays one word walk.

import type { DecodedFragment } from './decode-fragments.ts';
import {
  languageSegments,
  languageWordsOf,
  MIRROR_MAP,
  SAME_LETTERS,
  shiftMap,
  type LanguageSegment,
  type WordStats,
} from './english-share.ts';
import { isOrderWord } from './segment-joined-words.ts';
import { stringOfCodes } from './string-codes.ts';

/** A run reads as no language below this share of common words. */
const UNREADABLE = 0.25;
/** A decoding reads as a language from this share of common words… */
const READABLE = 0.35;
/** …or this share, in a run of this many words that had no common word before. */
const LONG_RUN_READABLE = 0.24;
const LONG_RUN_WORDS = 10;
/** …with at least this many common words. */
const MIN_COMMON = 3;
const MIN_WORDS = 4;
const MIN_LETTERS = 16;
/** Letters among a run's non-space characters: prose, not code, identifiers or data. */
const MIN_LETTER_SHARE = 0.8;
const MAX_DIGIT_SHARE = 0.4;
/** Runs and sentences tried at most (each costs five word walks). */
const MAX_TRIES = 12;
const CANDIDATE_SHIFTS = 3;
/** Characters of a run its decodings are scored on. */
const SAMPLE = 400;

// Letter frequencies of English, per mille, a..z (close enough for the other Latin-script languages).
const FREQUENCIES = [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1];
const SHIFT_MAPS = Array.from({ length: 26 }, (_, shift) => shiftMap(shift));

type Segment = LanguageSegment;

interface Run extends Segment {
  segments: Segment[];
}

const isUnreadable = (segment: Segment): boolean => segment.words > 0 && segment.common < segment.words * UNREADABLE;

/**
 * How well `text`'s letters fit the language's letter frequencies read through each map: Caesar
 * shifts 0..25, then Atbash (index 26). A text whose letters fit best as they are is no letter
 * cipher (it may still be reversed).
 */
function letterFits(text: string): number[] {
  const counts = new Array<number>(26).fill(0);
  for (let i = 0; i < text.length; i++) {
    const letter = (text.charCodeAt(i) | 0x20) - 97;
    if (letter >= 0 && letter < 26) counts[letter]++;
  }
  const fits: number[] = [];
  for (let shift = 0; shift < 26; shift++) {
    let fit = 0;
    for (let letter = 0; letter < 26; letter++) fit += counts[(letter + shift) % 26] * FREQUENCIES[letter];
    fits.push(fit);
  }
  let mirrored = 0;
  for (let letter = 0; letter < 26; letter++) mirrored += counts[25 - letter] * FREQUENCIES[letter];
  fits.push(mirrored);
  return fits;
}

/** `text` with each letter replaced by the one `map` gives (0 = a … 25 = z), case kept. */
export function mapLetters(text: string, map: Uint8Array): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) codes[i] = map[code - 65] + 65;
    else if (code >= 97 && code <= 122) codes[i] = map[code - 97] + 97;
    else codes[i] = code;
  }
  return stringOfCodes(codes);
}

interface Decoding {
  kind: DecodedFragment['kind'];
  text: string;
}

interface Candidate {
  kind: DecodedFragment['kind'];
  map: Uint8Array;
  reversed: boolean;
  share: number;
}

/** Words of an order's lexicon among a marked reversed sample's words, read forward, from which it reads as a language. */
const MARKED_REVERSED_ORDER_WORDS = 0.5;
const MARKED_REVERSED_COMMON = 1;
const WORD = /[a-z]+/g;

/** Share of `text`'s words that are words orders are made of (segment-joined-words.ts). */
function orderWordShare(text: string): number {
  let words = 0;
  let known = 0;
  for (const match of text.toLowerCase().matchAll(WORD)) {
    words++;
    if (isOrderWord(match[0])) known++;
  }
  return words === 0 ? 0 : known / words;
}
const REVERSED_MARKS = /[a-z][A-Z](?![A-Za-z])|(?:^|\s)[.,!?;:]\p{L}/gu;

/** Whether a sample carries two marks of reversed writing or more. */
function markedReversed(sample: string): boolean {
  REVERSED_MARKS.lastIndex = 0;
  let found = 0;
  while (REVERSED_MARKS.exec(sample) !== null) if (++found >= 2) break;
  REVERSED_MARKS.lastIndex = 0;
  return found >= 2;
}

const readable = (stats: WordStats): number => (stats.words === 0 ? 0 : stats.common / stats.words);

/** `best`, or the sample read through `map` (and reversed) when that reads better and as a language. */
function better(
  best: Candidate | undefined,
  sample: string,
  before: number,
  kind: DecodedFragment['kind'],
  map: Uint8Array,
  reversed: boolean,
): Candidate | undefined {
  const stats = languageWordsOf(sample, map, reversed);
  const share = readable(stats);
  // A long run with no common word at all reads as a language at a lower share: a message of rarer
  // words ("grant admin access to the account") under a shift is still no accident of letters.
  // Reversed text marked twice as reversed (capitals at word ends, punctuation before words: "knaB … :tnega") reads
  // as a language at a lower share too (round 19b: an order of amounts, accounts and names has few common words).
  const marked = reversed && markedReversed(sample) && orderWordShare([...sample].reverse().join('')) >= MARKED_REVERSED_ORDER_WORDS;
  const enough =
    share >= READABLE || marked || (kind === 'caesar' && before === 0 && stats.words >= LONG_RUN_WORDS && share >= LONG_RUN_READABLE);
  if (
    stats.common < (marked ? MARKED_REVERSED_COMMON : MIN_COMMON) ||
    !enough ||
    (!marked && share < before + 0.2) ||
    (best !== undefined && share <= best.share)
  )
    return best;
  return { kind, map, reversed, share };
}

/** The best decoding of a run that reads as no language, when one reads as a language. */
function decodeRun(run: string, before: number): Decoding | undefined {
  // Scored on the run's start: a decoding that reads there reads throughout.
  const sample = run.length > SAMPLE ? run.slice(0, SAMPLE) : run;
  const fits = letterFits(sample);
  const plainFit = fits[0];
  let best: Candidate | undefined;
  // Only the shifts under which the letters fit better than as they are, the best three (most
  // unreadable runs are names, code or another language, whose letters fit as they are: they
  // pay one walk, for reversed text).
  for (let tried = 0; tried < CANDIDATE_SHIFTS; tried++) {
    let shift = 0;
    for (let candidate = 1; candidate < 26; candidate++) if (fits[candidate] > fits[shift] && fits[candidate] > plainFit) shift = candidate;
    if (shift === 0) break;
    fits[shift] = -1;
    best = better(best, sample, before, shift === 13 ? 'rot13' : 'caesar', SHIFT_MAPS[shift], false);
  }
  if (fits[26] > plainFit) best = better(best, sample, before, 'atbash', MIRROR_MAP, false);
  if (looksReversed(sample)) best = better(best, sample, before, 'reversed', SAME_LETTERS, true);
  if (best === undefined) return undefined;
  const mapped = best.map === SAME_LETTERS ? run : mapLetters(run, best.map);
  return { kind: best.kind, text: best.reversed ? [...mapped].reverse().join('') : mapped };
}

// Reversed text puts capitals at word ends ("olleH") and punctuation before words (".won").
const REVERSED_MARK = /[a-z][A-Z](?![A-Za-z])|(?:^|\s)[.,!?;:]\p{L}/u;
// Lower-case reversed text has neither mark, but English's commonest words read backwards ("eht",
// "dna", "ruoy", "ot") are no words of the languages the run was already found not to be.
const REVERSED_COMMON_WORD =
  /(?<![A-Za-z])(?:eht|dna|rof|ruoy|uoy|siht|taht|htiw|morf|lla|era|ton|ot|fo|nehw|lliw|nac|esaelp|resu)(?![A-Za-z])/gi;
const MIN_REVERSED_WORDS = 2;

/** Whether a run may be reversed text: a walk of the reversed words is paid only then. */
function looksReversed(sample: string): boolean {
  if (REVERSED_MARK.test(sample)) return true;
  let found = 0;
  REVERSED_COMMON_WORD.lastIndex = 0;
  while (REVERSED_COMMON_WORD.exec(sample) !== null) if (++found >= MIN_REVERSED_WORDS) break;
  REVERSED_COMMON_WORD.lastIndex = 0;
  return found >= MIN_REVERSED_WORDS;
}

/** Whether a run or sentence is worth trying: enough words, made of letters (not code or data). */
function isWordy(part: Segment): boolean {
  // Digits are left out of the share when few (an amount, an account number); hex and hashes are mostly digits.
  const visible = part.digits <= part.visible * MAX_DIGIT_SHARE ? part.visible - part.digits : part.visible;
  return part.words >= MIN_WORDS && part.letters >= MIN_LETTERS && part.letters >= visible * MIN_LETTER_SHARE;
}

// A markup tag: its words (p, style, direction, rtl) are no sentence of the text it wraps.
const TAG = /<\/?[A-Za-z][^<>\n]{0,300}>/g;

/** `text` with each tag made a line break padded to its length, so segments stop at tags and keep their offsets. */
function withoutTags(text: string): string {
  return text.replace(TAG, (tag) => '\n'.padEnd(tag.length, ' '));
}

/**
 * The decoding of a segment of `view`, trimmed of the blanks at its ends (a blanked tag's padding
 * stays where the tag was), with the span it replaces.
 */
function decodeSpan(view: string, segment: Segment): { start: number; end: number; decoding: Decoding } | undefined {
  let start = segment.start;
  let end = segment.end;
  while (start < end && view.charCodeAt(start) === 32) start++;
  while (end > start && view.charCodeAt(end - 1) === 32) end--;
  const decoding = decodeRun(view.slice(start, end), segment.common / segment.words);
  return decoding === undefined ? undefined : { start, end, decoding };
}

/**
 * The text with every run of sentences or lines that is a letter cipher of some language decoded
 * in place, or undefined when it holds none.
 */
export function decodeLetterCiphers(text: string): DecodedFragment | undefined {
  if (text.length < MIN_LETTERS) return undefined;
  // Read with its tags blanked; what lies between decoded runs is copied from the text itself.
  const view = text.includes('<') ? withoutTags(text) : text;
  const segments = languageSegments(view);
  // Runs of unreadable segments (empty ones, with no words, join either side).
  const runs: Run[] = [];
  let open: Run | undefined;
  for (const segment of segments) {
    if (segment.words === 0) continue;
    if (!isUnreadable(segment)) {
      open = undefined;
      continue;
    }
    if (open === undefined) {
      open = {
        start: segment.start,
        end: segment.end,
        words: segment.words,
        common: segment.common,
        letters: segment.letters,
        visible: segment.visible,
        digits: segment.digits,
        segments: [segment],
      };
      runs.push(open);
    } else {
      open.end = segment.end;
      open.words += segment.words;
      open.common += segment.common;
      open.letters += segment.letters;
      open.visible += segment.visible;
      open.digits += segment.digits;
      open.segments.push(segment);
    }
  }
  let decoded: string | undefined;
  let kind: DecodedFragment['kind'] | undefined;
  let from = 0;
  let tried = 0;
  for (const run of runs) {
    // A run decodes whole, or (a plain sentence in a language the word list reads badly beside a
    // ciphered one) sentence by sentence.
    const parts: readonly Segment[] = isWordy(run) ? [run] : [];
    const whole = parts.length === 1 && ++tried <= MAX_TRIES ? decodeSpan(view, run) : undefined;
    const pieces = whole !== undefined ? [whole] : [];
    if (whole === undefined && run.segments.length > 1)
      for (const segment of run.segments) {
        if (!isWordy(segment) || ++tried > MAX_TRIES) continue;
        const piece = decodeSpan(view, segment);
        if (piece !== undefined) pieces.push(piece);
      }
    for (const piece of pieces) {
      decoded = (decoded ?? '') + text.slice(from, piece.start) + piece.decoding.text;
      from = piece.end;
      kind ??= piece.decoding.kind;
    }
  }
  return decoded === undefined || kind === undefined ? undefined : { kind, text: decoded + text.slice(from), source: text };
}
