// JavaScript's \b knows only ASCII letters: "\bändra\b" never matches "ska du ändra". Word
// lexicons of languages with other letters mark word edges with these look-arounds instead.

const EDGE = String.raw`(?:(?<![\p{L}\p{M}\p{N}_])(?=[\p{L}\p{M}\p{N}_])|(?<=[\p{L}\p{M}\p{N}_])(?![\p{L}\p{M}\p{N}_]))`;

/** `source` (a pattern written with \b) with each \b made a word edge for every script; compile it with the u flag. */
export function withLetterEdges(source: string): string {
  return source.replaceAll(String.raw`\b`, EDGE);
}
