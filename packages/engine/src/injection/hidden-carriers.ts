// Text hidden from the human reader but read by a model (issue 13): runs of Unicode tag characters,
// variation selectors or invisible operators that carry bytes (one character per byte or per
// bit), and sentences whose words are spelled with look-alike letters of another script. Normal
// text has at most a few such characters in a row (an emoji's variation selector, a subdivision
// flag's tags), never a run, and a word mixes scripts only to fool a keyword screen.

import type { Signal } from './rules.ts';
import { matchesOf } from './matches-of.ts';

/** Carrier characters in a row from which the run holds a message. */
const MIN_RUN = 8;
/** Words mixing Latin with Cyrillic, Greek or Armenian letters from which the text is spoofed. */
const MIN_MIXED_WORDS = 3;

const CARRIER_WEIGHT = 0.6;
/** Tag characters (outside a flag) from which a word is hidden. */
const MIN_TAGS = 3;
const TAG_CHARACTER = /\udb40[\udc00-\udc7f]/g;
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]{2,7}\u{E007F}/gu;
const SPOOF_WEIGHT = 0.55;

function isCarrier(code: number): boolean {
  return (
    (code >= 0xe0000 && code <= 0xe007f) || // tag characters
    (code >= 0xe0100 && code <= 0xe01ef) || // variation selectors supplement
    (code >= 0xfe00 && code <= 0xfe0f) || // variation selectors
    (code >= 0x2061 && code <= 0x2064) || // invisible operators
    (code >= 0x200b && code <= 0x200d) || // zero-width space and joiners
    code === 0x2060
  );
}

// Letters of the scripts whose look-alikes spoof Latin ones.
const CONFUSABLE = /[\u0370-\u03ff\u0400-\u052f\u0531-\u058f]/;
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /[A-Za-z]/;
const LETTER = /\p{L}/gu;
const LATIN_EXTENDED = /[\u00c0-\u024f\u1e00-\u1eff]/g;

// Round 17b: an order whose letters are each followed by an invisible character ("s\u200be\u200bn\u200bd …",
// with zero-width spaces, joiners, non-joiners, word joiners, soft hyphens or byte-order marks) is
// hidden from a keyword screen and from nobody else. Text uses these one at a time: a soft hyphen
// every few letters of a long word, a non-joiner inside a Persian word, a joiner between emoji.
// Letters or spaces each followed by one, this many times in a row, are a message spelled to hide.
const MIN_INTERLEAVED = 12;

function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff ||
    code === 0xad ||
    code === 0x180e ||
    code === 0x34f ||
    // Blank letters: Hangul fillers, the blank Braille pattern.
    code === 0x115f ||
    code === 0x1160 ||
    code === 0x3164 ||
    code === 0xffa0 ||
    code === 0x2800
  );
}

/** Where a run of MIN_INTERLEAVED characters, each followed by an invisible one, starts in `raw`, or -1. */
function interleavedStart(raw: string): number {
  let run = 0;
  let runStart = 0;
  // Characters since the last invisible one: exactly one keeps the run going.
  let since = 2;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (isInvisible(code)) {
      if (since === 1) {
        if (run === 0) runStart = i - 1;
        if (++run === MIN_INTERLEAVED) return runStart;
      } else if (since !== 0) run = 0;
      since = 0;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // Emoji and other astral characters (a joiner between emoji) end a run.
      run = 0;
      since = 2;
    } else {
      since++;
      if (since > 1) run = 0;
    }
  }
  return -1;
}

/** Signals of hidden carriers in a raw (not yet normalised) string that holds non-ASCII text. */
export function detectHiddenCarriers(raw: string): Signal[] | undefined {
  let signals: Signal[] | undefined;
  // Tag characters outside a subdivision flag have no use but smuggling: three are a word.
  const tags = raw.replace(FLAG_SEQUENCE, '').match(TAG_CHARACTER);
  if (tags !== null && tags.length >= MIN_TAGS) {
    const start = raw.search(TAG_CHARACTER);
    return [{ rule: 'invisible_text', detector: 'invisible_text', weight: CARRIER_WEIGHT, start, end: start + 2 * tags.length }];
  }
  const interleaved = interleavedStart(raw);
  if (interleaved >= 0)
    signals = [
      {
        rule: 'invisible_text',
        detector: 'invisible_text',
        weight: CARRIER_WEIGHT,
        start: interleaved,
        end: interleaved + 2 * MIN_INTERLEAVED,
      },
    ];
  let run = 0;
  let runStart = 0;
  for (let i = 0; signals === undefined && i < raw.length; i++) {
    const code = raw.codePointAt(i)!;
    if (code > 0xffff) i++;
    if (isCarrier(code)) {
      if (run === 0) runStart = i;
      if (++run === MIN_RUN) {
        signals = [{ rule: 'invisible_text', detector: 'invisible_text', weight: CARRIER_WEIGHT, start: runStart, end: i + 1 }];
        break;
      }
    } else if (code !== 0x20) {
      // A space between carriers does not end the run (bits grouped into bytes).
      run = 0;
    }
  }
  // Text written in decorated letters of every kind is styling, not a spoof of plain words.
  if (CONFUSABLE.test(raw) && (raw.match(LATIN_EXTENDED)?.length ?? 0) * 8 < (raw.match(LETTER)?.length ?? 0)) {
    let mixed = 0;
    let first = -1;
    for (const match of matchesOf(WORD, raw)) {
      const word = match[0];
      if (CONFUSABLE.test(word) && LATIN.test(word)) {
        if (first < 0) first = match.index;
        if (++mixed === MIN_MIXED_WORDS) {
          (signals ??= []).push({
            rule: 'homoglyph_spoof',
            detector: 'homoglyph_spoof',
            weight: SPOOF_WEIGHT,
            start: first,
            end: match.index + word.length,
          });
          break;
        }
      }
    }
  }
  return signals;
}
