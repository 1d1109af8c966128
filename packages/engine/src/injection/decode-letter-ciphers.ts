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
import { stringOfCodes } from './string-codes.ts';

/** A run reads as no language below this share of common words. */
const UNREADABLE = 0.3;
/** A decoding reads as a language from this share of common words… */
const READABLE = 0.35;
/** …with at least this many common words. */
const MIN_COMMON = 3;
const MIN_WORDS = 4;
const MIN_LETTERS = 16;
/** Letters among a run's non-space characters: prose, not code, identifiers or data. */
const MIN_LETTER_SHARE = 0.8;
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

const readable = (stats: WordStats): number => (stats.words === 0 ? 0 : stats.common / stats.words);

/** The best decoding of a run that reads as no language, when one reads as a language. */
function decodeRun(run: string, before: number): Decoding | undefined {
  // Scored on the run's start: a decoding that reads there reads throughout.
  const sample = run.length > SAMPLE ? run.slice(0, SAMPLE) : run;
  let best: { kind: DecodedFragment['kind']; map: Uint8Array; reversed: boolean; share: number } | undefined;
  const consider = (kind: DecodedFragment['kind'], map: Uint8Array, reversed: boolean): void => {
    const stats = languageWordsOf(sample, map, reversed);
    const share = readable(stats);
    if (stats.common >= MIN_COMMON && share >= READABLE && share >= before + 0.2 && (best === undefined || share > best.share))
      best = { kind, map, reversed, share };
  };
  const fits = letterFits(sample);
  const plainFit = fits[0];
  // Only maps under which the letters fit better than as they are (most unreadable runs are
  // names, code or another language, whose letters fit as they are: they pay one walk, reversed).
  const shifts = fits
    .slice(1, 26)
    .map((fit, index) => [index + 1, fit] as const)
    .filter(([, fit]) => fit > plainFit)
    .sort((a, b) => b[1] - a[1])
    .slice(0, CANDIDATE_SHIFTS);
  for (const [shift] of shifts) consider(shift === 13 ? 'rot13' : 'caesar', SHIFT_MAPS[shift], false);
  if (fits[26] > plainFit) consider('atbash', MIRROR_MAP, false);
  consider('reversed', SAME_LETTERS, true);
  if (best === undefined) return undefined;
  const mapped = best.map === SAME_LETTERS ? run : mapLetters(run, best.map);
  return { kind: best.kind, text: best.reversed ? [...mapped].reverse().join('') : mapped };
}

/**
 * The text with every run of sentences or lines that is a letter cipher of some language decoded
 * in place, or undefined when it holds none.
 */
export function decodeLetterCiphers(text: string): DecodedFragment | undefined {
  if (text.length < MIN_LETTERS) return undefined;
  const segments = languageSegments(text);
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
      open = { ...segment, segments: [segment] };
      runs.push(open);
    } else {
      open.end = segment.end;
      open.words += segment.words;
      open.common += segment.common;
      open.letters += segment.letters;
      open.visible += segment.visible;
      open.segments.push(segment);
    }
  }
  const decodings: Array<{ start: number; end: number; decoding: Decoding }> = [];
  let tried = 0;
  const attempt = (part: Segment): boolean => {
    if (part.words < MIN_WORDS || part.letters < MIN_LETTERS || part.letters < part.visible * MIN_LETTER_SHARE) return false;
    if (++tried > MAX_TRIES) return false;
    const decoding = decodeRun(text.slice(part.start, part.end), part.common / part.words);
    if (decoding !== undefined) decodings.push({ start: part.start, end: part.end, decoding });
    return decoding !== undefined;
  };
  // A run decodes whole, or (a plain sentence in a language the word list reads badly beside a
  // ciphered one) sentence by sentence.
  for (const run of runs) if (!attempt(run) && run.segments.length > 1) for (const segment of run.segments) attempt(segment);
  if (decodings.length === 0) return undefined;
  let decoded = '';
  let from = 0;
  for (const { start, end, decoding } of decodings) {
    decoded += text.slice(from, start) + decoding.text;
    from = end;
  }
  return { kind: decodings[0].decoding.kind, text: decoded + text.slice(from), source: text };
}
