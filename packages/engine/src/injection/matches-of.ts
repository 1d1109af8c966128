// The matches of a global expression in a text, as `text.matchAll(expression)` gives them, without
// the copy of the expression that matchAll makes first: V8 builds that copy through the species
// constructor, which costs about 4 µs, fifteen times a short search (issue 15: the detectors
// call it on every text). The expression's own lastIndex is used while the matches are read.

/**
 * Iterates the matches of the global `expression` in `text` from its lastIndex, as matchAll does
 * (an empty match moves on by one character, or one code point for a Unicode expression), and
 * sets lastIndex back when the loop ends, however it ends. The loop must not use `expression`.
 */
export function* matchesOf(expression: RegExp, text: string): Generator<RegExpExecArray, void, undefined> {
  if (!expression.global) throw new TypeError('matchesOf needs a global expression');
  const from = expression.lastIndex;
  const unicode = expression.unicode || expression.flags.includes('v');
  try {
    for (let match = expression.exec(text); match !== null; match = expression.exec(text)) {
      if (match[0] === '') {
        const at = expression.lastIndex;
        const wide = unicode && at + 1 < text.length && (text.codePointAt(at) ?? 0) > 0xffff;
        expression.lastIndex = at + (wide ? 2 : 1);
      }
      yield match;
    }
  } finally {
    expression.lastIndex = from;
  }
}
