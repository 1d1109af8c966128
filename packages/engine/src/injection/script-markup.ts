// Markup that runs script when an answer is rendered as HTML or Markdown: a quote break-out into a
// <script> element, javascript: in a link, an attribute or a style, or an event handler that calls
// the page. Documentation names these things in prose; a payload writes them in place.

// A script element typed as data (`application/ld+json`, `application/json`, a template) runs nothing (screenprec8).
export const SCRIPT_MARKUP =
  /["'`]\s*>\s*<\s*script\b(?![^>]{0,80}\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/(?:x-)?template)\b)|<\s*script\b[^>]{0,80}>[^<]{0,200}?\b(?:alert|prompt|confirm|eval|fetch)\s*\(|\]\(\s*javascript:|\b(?:href|src|action|formaction|data)\s*=\s*["']?[\s\x00-\x1f\\x0-9a-f]{0,8}javascript:|\bexpression\s*\(\s*javascript:|\bon[a-z]{3,16}\s*=\s*["'\\x0-9a-f]{0,6}[^"'>\n]{0,40}?\b(?:alert|prompt|confirm|eval|fetch)\s*\(/i;
const GATE = ['<script', 'javascript:', 'alert(', 'prompt(', 'confirm(', 'eval(', 'fetch('];
/** Lower-case words one of which SCRIPT_MARKUP's matches always hold (lower-cased): its cheap gate. */
export const SCRIPT_MARKUP_WORDS: readonly string[] = GATE;

// Each word of the gate holds one of these characters, which lower-casing, ROT13 and Atbash keep
// (and no other character becomes): text without them holds no gate word, in any of those forms.
const GATE_CHARS = ['<', ':', '('];
if (!GATE.every((word) => GATE_CHARS.some((char) => word.includes(char)))) throw new Error('a markup gate word lacks <, : or (');

/**
 * Whether `text`, its lower case, or their ROT13 or Atbash may hold a word of SCRIPT_MARKUP_WORDS
 * (or its encoding): a look for three characters, before any lower case is built.
 */
export function mayHoldMarkupWord(text: string): boolean {
  return text.includes('(') || text.includes(':') || text.includes('<');
}

/** Where script-running markup starts and ends in `text`, or undefined. */
export function findScriptMarkup(text: string, lower?: string): { start: number; end: number } | undefined {
  if (!mayHoldMarkupWord(text)) return undefined;
  lower ??= text.toLowerCase();
  if (!GATE.some((word) => lower.includes(word))) return undefined;
  const match = SCRIPT_MARKUP.exec(text);
  return match === null ? undefined : { start: match.index, end: match.index + match[0].length };
}

export function hasScriptMarkup(text: string): boolean {
  return findScriptMarkup(text) !== undefined;
}

// The characters outside ASCII whose lower case holds an ASCII letter: İ (U+0130) and the Kelvin
// sign (U+212A), the only two in Unicode.
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/**
 * The lower case of `text`, when a decoder that maps ASCII letters to ASCII letters (ROT13,
 * Atbash) and lower-casing commute on it: ASCII text, or text without a character that lower-cases
 * into ASCII. Then the decoding holds one of SCRIPT_MARKUP_WORDS exactly where the lower case
 * holds the word's encoding, and the decoding need not be built to know. Else undefined.
 * `asciiOnly`: the caller knows the text is ASCII.
 */
export function lowerWhereLettersMapAlike(text: string, asciiOnly: boolean): string | undefined {
  return asciiOnly || !LOWERS_TO_ASCII.test(text) ? text.toLowerCase() : undefined;
}
