// Markup that runs script when an answer is rendered as HTML or Markdown: a quote break-out into a
// <script> element, javascript: in a link, an attribute or a style, or an event handler that calls
// the page. Documentation names these things in prose; a payload writes them in place.

export const SCRIPT_MARKUP =
  /["'`]\s*>\s*<\s*script\b|<\s*script\b[^>]{0,80}>[^<]{0,200}?\b(?:alert|prompt|confirm|eval|fetch)\s*\(|\]\(\s*javascript:|\b(?:href|src|action|formaction|data)\s*=\s*["']?[\s\x00-\x1f\\x0-9a-f]{0,8}javascript:|\bexpression\s*\(\s*javascript:|\bon[a-z]{3,16}\s*=\s*["'\\x0-9a-f]{0,6}[^"'>\n]{0,40}?\b(?:alert|prompt|confirm|eval|fetch)\s*\(/i;
const GATE = ['<script', 'javascript:', 'alert(', 'prompt(', 'confirm(', 'eval(', 'fetch('];
/** Lower-case words one of which SCRIPT_MARKUP's matches always hold (lower-cased): its cheap gate. */
export const SCRIPT_MARKUP_WORDS: readonly string[] = GATE;

/** Where script-running markup starts and ends in `text`, or undefined. */
export function findScriptMarkup(text: string, lower = text.toLowerCase()): { start: number; end: number } | undefined {
  if (!GATE.some((word) => lower.includes(word))) return undefined;
  const match = SCRIPT_MARKUP.exec(text);
  return match === null ? undefined : { start: match.index, end: match.index + match[0].length };
}

export function hasScriptMarkup(text: string): boolean {
  return findScriptMarkup(text) !== undefined;
}
