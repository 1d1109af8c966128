// Letters split by any repeated separator (issue 13, hold-out: new separator spellings): dots,
// hyphens, underscores, spaces, slashes, pipes, arrows, bullets, emoji, line feeds, or several
// of them ("--", " . "). A run of single characters, each alone between non-letters, with one gap
// repeated between most of them, is read by dropping that gap; any other gap between two of them
// ("   ", "-- --", ". ") is a word break and keeps what it holds besides the separator. Found by
// one pass that counts isolated characters, so prose (whose letters stand in words) pays little.

import type { DecodedFragment } from './decode-fragments.ts';
import { segmentJoinedWords } from './segment-joined-words.ts';

/** Isolated characters in a run from which it is read as split letters. */
const MIN_RUN = 8;
/** Characters between two isolated ones at most (a separator, or a word break with separators). */
const MAX_GAP = 8;
/** Share of a run's gaps that must be its separator. */
const MIN_SEPARATOR_SHARE = 0.6;
const MAX_RUNS = 16;
/** Letters in a run with no word break from which it is cut back into words. */
const MIN_WORDLESS = 16;
/** A gap's piece between separators that breaks words: a dash, underscore, slash or pipe alone. */
const WORD_BREAK_PIECE = /^\s*[-_/|\u2013\u2014]+\s*$/;
/** Share of a run's characters that may be digits. */
const MAX_DIGIT_SHARE = 0.3;

// ASCII letters and digits, by code.
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD[code] = ((code | 0x20) - 97) >>> 0 < 26 || (code - 48) >>> 0 < 10 ? 1 : 0;

/**
 * Whether the code unit at `at` stands for a letter or digit of a word: ASCII letters and digits,
 * and non-ASCII characters outside spaces, punctuation, arrows, symbols, dingbats and surrogates
 * (emoji), which separators are made of.
 */
function isWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return ASCII_WORD[code] === 1;
  if (code <= 0xbf || code === 0xd7 || code === 0xf7) return false;
  if (code >= 0x2000 && code <= 0x2bff) return false;
  if (code >= 0x3000 && code <= 0x303f) return false;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  if (code >= 0xfe00 && code <= 0xfe0f) return false;
  return true;
}

interface Run {
  /** Positions of the isolated characters. */
  at: number[];
}

/** Runs of isolated word characters separated by short gaps without word characters. */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current: number[] = [];
  let last = -1;
  const length = text.length;
  let i = 0;
  while (i < length && runs.length < MAX_RUNS) {
    if (!isWordChar(text, i)) {
      i++;
      continue;
    }
    // A word from i to end (exclusive): one character is isolated, more are a whole word.
    let end = i + 1;
    while (end < length && isWordChar(text, end)) end++;
    const isolated = end === i + 1;
    // A whole word, or a gap too wide, ends the run.
    if (!isolated || (last >= 0 && i - last - 1 > MAX_GAP)) {
      if (current.length >= MIN_RUN) runs.push({ at: current });
      if (current.length > 0) current = [];
      last = -1;
    }
    if (isolated) {
      current.push(i);
      last = i;
    }
    i = end;
  }
  if (current.length >= MIN_RUN && runs.length < MAX_RUNS) runs.push({ at: current });
  return runs;
}

/** The most frequent gap of a run and how often it occurs. */
function separatorOf(text: string, run: Run): { separator: string; count: number } {
  const counts = new Map<string, number>();
  for (let k = 1; k < run.at.length; k++) {
    const gap = text.slice(run.at[k - 1] + 1, run.at[k]);
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let separator = '';
  let count = 0;
  for (const [gap, n] of counts) if (n > count) [separator, count] = [gap, n];
  return { separator, count };
}

/**
 * A gap other than the separator, read: what lies between its separators is kept, and two
 * separators in a row (a separator doubled, or around a space) are a word break.
 */
function readGap(gap: string, separator: string): string {
  const pieces = gap.split(separator);
  // The separators at the gap's ends only join it to the letters beside it.
  if (pieces.length > 1 && pieces[0] === '') pieces.shift();
  if (pieces.length > 1 && pieces[pieces.length - 1] === '') pieces.pop();
  // A piece of a dash, underscore, slash or pipe alone between separators ("a.i.-.a.g.e.n.t") is a
  // word break too (round 19b): spelled words keep only letters and apostrophes between their letters.
  const read = pieces
    .map((piece) => (piece === '' || WORD_BREAK_PIECE.test(piece) ? ' ' : piece))
    .join('')
    .replace(/\s+/g, ' ');
  return read === '' ? ' ' : read;
}

/** The text with every run of separated letters joined into words, or undefined when it holds none. */
export function decodeSeparatedLetters(text: string): DecodedFragment | undefined {
  if (text.length < MIN_RUN * 2 - 1) return undefined;
  const runs = runsOf(text);
  if (runs.length === 0) return undefined;
  let decoded = '';
  let from = 0;
  let found = false;
  let wordless = false;
  const spelled: string[] = [];
  for (const run of runs) {
    const { separator, count } = separatorOf(text, run);
    // The separator holds no letter by construction; it must repeat between most of the run's characters.
    if (separator === '' || count < (run.at.length - 1) * MIN_SEPARATOR_SHARE) continue;
    // Spelled words are letters; a list of digits ("[1 6 7 4 …]") is data.
    let digits = 0;
    for (const at of run.at) if ((text.charCodeAt(at) - 48) >>> 0 < 10) digits++;
    if (digits > run.at.length * MAX_DIGIT_SHARE) continue;
    found = true;
    const first = run.at[0];
    decoded += text.slice(from, first);
    let read = '';
    for (let k = 0; k < run.at.length; k++) {
      read += text[run.at[k]];
      if (k + 1 < run.at.length) {
        const gap = text.slice(run.at[k] + 1, run.at[k + 1]);
        if (gap !== separator) read += readGap(gap, separator);
      }
    }
    // Letters joined with no word break at all are cut back into words (segment-joined-words.ts).
    // (Each long token alone: a dash read as a word break leaves "forwardallinvoicesto archive bill@…".)
    const cut = read
      .split(' ')
      .map((token) => (token.length >= MIN_WORDLESS ? segmentJoinedWords(token) : token))
      .join(' ');
    if (cut !== read) wordless = true;
    decoded += cut;
    spelled.push(cut);
    from = run.at[run.at.length - 1] + 1;
    // A separator after the last letter joins it to what follows ("e.t.c.." ends in "c.").
    if (text.startsWith(separator, from)) from += separator.length;
  }
  if (!found) return undefined;
  decoded += text.slice(from);
  const fragment: DecodedFragment = { kind: 'split_letters', text: decoded.replace(/ {2,}/g, ' '), source: text };
  if (wordless) fragment.wordless = true;
  fragment.spelled = spelled;
  return fragment;
}
