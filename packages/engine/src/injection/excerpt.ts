// Short, single-line quotations of the evidence, safe to put in a decision record or a log line.

export const MAX_EXCERPT = 120;

/** Up to 120 characters around `start..end` of `text`, whitespace collapsed, controls removed. */
export function excerptOf(text: string, start: number, end: number): string {
  const from = Math.max(0, Math.min(start, text.length) - 20);
  const to = Math.min(text.length, Math.max(end, from + MAX_EXCERPT) + 1);
  const slice = text
    .slice(from, Math.min(to, from + MAX_EXCERPT * 4))
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return slice.length > MAX_EXCERPT ? slice.slice(0, MAX_EXCERPT) : slice;
}
