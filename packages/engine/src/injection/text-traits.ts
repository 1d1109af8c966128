// Which kinds of character a text holds, as bits of one number. The screen learns them in the pass
// that scans a text for key words, so each detector can skip its cheap regular-expression test
// (a whole pass over the text) when the characters that test needs do not occur.

import { LEAK_WORDS, ROLEPLAY_WORDS } from './family-words.ts';
import { AGENT_INTENT_WORDS, READER_WORDS } from './intent-words.ts';
import {
  OTHER_LANGUAGE_PROCESSING_WORDS,
  OWNER_WORDS,
  OUTPUT_WORDS,
  PROCESSING_LABEL_WORDS,
  SELF_REFERENCE_WORDS,
  WHEN_WORDS,
  READER_PROGRAM_WORDS,
  ROUND10_WORDS,
  TASK_CHANGE_WORDS,
} from './tool-output-words.ts';
import { ALL_DIRECT_WORDS, DIRECT_TRAIT_WORDS } from './direct-words.ts';
import { UNADDRESSED_ORDER_WORDS } from './unaddressed-order-words.ts';

/** A character outside ASCII. */
export const NON_ASCII = 1 << 0;
/** One of `( ) = ; { } $ |`, the characters of the code hint. */
export const CODE_CHAR = 1 << 1;
/** A line feed or a bar, which break a text into segments. */
export const BREAK_CHAR = 1 << 2;
/** `!` or `?`, which (as `.` does) end a sentence. */
export const BANG_OR_QUESTION = 1 << 3;
/** One of `< [ # % = * ~ $ _ / " '`, which start the symbol key words of the gates. */
export const SYMBOL_CHAR = 1 << 4;
export const HYPHEN = 1 << 5;
export const DOT = 1 << 6;
export const PERCENT = 1 << 7;
export const AMPERSAND = 1 << 8;
export const BACKSLASH = 1 << 9;
/** A word of the code hint (`import`, `def`, `while`, in any case), found by the key-word scan. */
export const CODE_WORD = 1 << 10;
/** A character of base64 or of its URL-safe form. */
export const BASE64_CHAR = 1 << 11;
/** A run of MIN_BASE64_RUN or more base64 characters. */
export const BASE64_RUN = 1 << 12;

/** A key word of the agent-intent detector (intent-words.ts), found by the key-word scan. */
export const AGENT_WORD = 1 << 13;
/** A key word of the reader-address detector (intent-words.ts), found by the key-word scan. */
export const READER_WORD = 1 << 14;

/** A key word of the prompt-leak detector (family-words.ts), found by the key-word scan. */
export const LEAK_WORD = 1 << 15;
/** A key word of the role-play set-up detector (family-words.ts), found by the key-word scan. */
export const ROLEPLAY_WORD = 1 << 16;
/** Key words of the round-6 detectors (tool-output-words.ts), found by the key-word scan. */
export const SELF_REFERENCE_WORD = 1 << 17;
export const WHEN_WORD = 1 << 18;
export const PROCESSING_LABEL_WORD = 1 << 19;
export const OUTPUT_WORD = 1 << 20;
export const READER_PROGRAM_WORD = 1 << 21;
export const TASK_CHANGE_WORD = 1 << 22;
export const OWNER_WORD = 1 << 23;
export const OTHER_LANGUAGE_PROCESSING_WORD = 1 << 24;
/**
 * A key word of the round-10 detectors (tool-output-words.ts). It shares bit 24 with the round-6
 * six-language words: bit 31 would make traits negative, and a screen with it measured many times
 * slower beside another copy of the engine (bench/screen-before-after.ts) and scanned at half speed.
 */
export const ROUND10_WORD = OTHER_LANGUAGE_PROCESSING_WORD;
/** The shortest run of base64 characters worth decoding. */
export const MIN_BASE64_RUN = 16;

/** Words (in the key-word scan's syntax) and the trait each one reports. */
export const TRAIT_WORDS: ReadonlyArray<readonly [string, number]> = [
  [' import ', CODE_WORD],
  [' def ', CODE_WORD],
  [' while ', CODE_WORD],
  ...AGENT_INTENT_WORDS.map((word) => [word, AGENT_WORD] as const),
  ...READER_WORDS.map((word) => [word, READER_WORD] as const),
  ...LEAK_WORDS.map((word) => [word, LEAK_WORD] as const),
  ...ROLEPLAY_WORDS.map((word) => [word, ROLEPLAY_WORD] as const),
  ...SELF_REFERENCE_WORDS.map((word) => [word, SELF_REFERENCE_WORD] as const),
  ...WHEN_WORDS.map((word) => [word, WHEN_WORD] as const),
  ...PROCESSING_LABEL_WORDS.map((word) => [word, PROCESSING_LABEL_WORD] as const),
  ...OUTPUT_WORDS.map((word) => [word, OUTPUT_WORD] as const),
  ...READER_PROGRAM_WORDS.map((word) => [word, READER_PROGRAM_WORD] as const),
  ...TASK_CHANGE_WORDS.map((word) => [word, TASK_CHANGE_WORD] as const),
  ...OWNER_WORDS.map((word) => [word, OWNER_WORD] as const),
  ...OTHER_LANGUAGE_PROCESSING_WORDS.map((word) => [word, OTHER_LANGUAGE_PROCESSING_WORD] as const),
  ...ROUND10_WORDS.map((word) => [word, ROUND10_WORD] as const),
  ...UNADDRESSED_ORDER_WORDS.map((word) => [word, ROUND10_WORD] as const),
  ...DIRECT_TRAIT_WORDS,
];

/** Every trait of the round-6 key words. */
export const ROUND6_WORDS =
  SELF_REFERENCE_WORD |
  WHEN_WORD |
  PROCESSING_LABEL_WORD |
  OUTPUT_WORD |
  READER_PROGRAM_WORD |
  TASK_CHANGE_WORD |
  OWNER_WORD |
  OTHER_LANGUAGE_PROCESSING_WORD;

/** Traits of each ASCII code. */
export const CHAR_TRAITS = new Uint16Array(128);
const add = (chars: string, trait: number): void => {
  for (const char of chars) CHAR_TRAITS[char.charCodeAt(0)] |= trait;
};
add('()=;{}$|', CODE_CHAR);
add('\n|', BREAK_CHAR);
add('!?', BANG_OR_QUESTION);
add('<[#%=*~$_/"\'', SYMBOL_CHAR);
add('-', HYPHEN);
add('.', DOT);
add('%', PERCENT);
add('&', AMPERSAND);
add('\\', BACKSLASH);
add('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-', BASE64_CHAR);

/**
 * Traits of a text, for a caller that has not scanned it: every character trait, CODE_WORD when
 * one of the words occurs anywhere, and BASE64_RUN and the word traits (so each may be set where the
 * scan would not).
 */
export function traitsOf(text: string): number {
  let traits = BASE64_RUN | AGENT_WORD | READER_WORD | LEAK_WORD | ROLEPLAY_WORD | ROUND6_WORDS | ALL_DIRECT_WORDS | ROUND10_WORD;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    traits |= code < 128 ? CHAR_TRAITS[code] : NON_ASCII;
  }
  if (text.includes('import') || text.includes('def') || text.includes('while')) traits |= CODE_WORD;
  return traits;
}

/** Whether a UTF-16 code unit is white space to a regular expression's `\s` (without the u flag). */
export function isSpaceCode(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
