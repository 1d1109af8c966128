// Caesar with any shift, Atbash and reversed text, found by language likelihood rather than by
// keywords (issue 13, hold-out: shifts other than 13, a shifted line inside a plain e-mail,
// reversed German). The text is cut into sentences and lines; runs of them that read as no
// language (few of their words are common words of English, German, French, Spanish, Italian,
// Portuguese or Dutch) but are made of word-like letters are tried under the three Caesar shifts
// whose letter frequencies fit best, under Atbash and reversed. A run is decoded only when the
// decoding reads much more like a language than the run did. Ordinary text pays one word walk.

import type { DecodedFragment } from './decode-fragments.ts';
import { languageWordsOf, MIRROR_MAP, SAME_LETTERS, shiftMap, type WordStats } from './english-share.ts';
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

// Letter frequencies of English, per mille, a..z (close enough for the other Latin-script languages).
const FREQUENCIES = [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1];
const SHIFT_MAPS = Array.from({ length: 26 }, (_, shift) => shiftMap(shift));

interface Segment {
  start: number;
  end: number;
  words: number;
  common: number;
  letters: number;
  /** Non-space characters. */
  visible: number;
}

/** Sentences and lines of `text`: cut after . ! ? followed by white space, and at line feeds. */
function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 10;
    const cut = code === 10 || ((code === 46 || code === 33 || code === 63) && (next === 32 || next === 10 || i + 1 >= text.length));
    if (!cut) continue;
    const end = code === 10 ? i : i + 1;
    if (end > start) segments.push(measured(text, start, end));
    start = i + 1;
  }
  return segments;
}

function measured(text: string, start: number, end: number): Segment {
  const slice = text.slice(start, end);
  const { words, common } = languageWordsOf(slice);
  let letters = 0;
  let visible = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 13) continue;
    visible++;
    if (((code | 0x20) - 97) >>> 0 < 26) letters++;
  }
  return { start, end, words, common, letters, visible };
}

interface Run extends Segment {
  segments: Segment[];
}

const isUnreadable = (segment: Segment): boolean => segment.words > 0 && segment.common < segment.words * UNREADABLE;

/** The shifts (1..25) whose letter frequencies fit `text` best, best first. */
function likelyShifts(text: string): number[] {
  const counts = new Array<number>(26).fill(0);
  for (let i = 0; i < text.length; i++) {
    const letter = (text.charCodeAt(i) | 0x20) - 97;
    if (letter >= 0 && letter < 26) counts[letter]++;
  }
  const scores: Array<[number, number]> = [];
  for (let shift = 1; shift < 26; shift++) {
    let score = 0;
    for (let letter = 0; letter < 26; letter++) score += counts[(letter + shift) % 26] * FREQUENCIES[letter];
    scores.push([shift, score]);
  }
  return scores
    .sort((a, b) => b[1] - a[1])
    .slice(0, CANDIDATE_SHIFTS)
    .map(([shift]) => shift);
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
  let best: { kind: DecodedFragment['kind']; map: Uint8Array; reversed: boolean; share: number } | undefined;
  const consider = (kind: DecodedFragment['kind'], map: Uint8Array, reversed: boolean): void => {
    const stats = languageWordsOf(run, map, reversed);
    const share = readable(stats);
    if (stats.common >= MIN_COMMON && share >= READABLE && share >= before + 0.2 && (best === undefined || share > best.share))
      best = { kind, map, reversed, share };
  };
  for (const shift of likelyShifts(run)) consider(shift === 13 ? 'rot13' : 'caesar', SHIFT_MAPS[shift], false);
  consider('atbash', MIRROR_MAP, false);
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
  const segments = segmentsOf(text);
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
