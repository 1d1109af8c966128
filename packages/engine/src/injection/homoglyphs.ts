// Cyrillic and Greek letters that render like Latin ones. Attackers swap them into trigger words
// ("іgnоrе" with Cyrillic і, о, е) so that plain keyword matching misses; folding them back lets
// the detectors see the word the reader sees.

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  // Cyrillic lower case
  ['а', 'a'],
  ['в', 'b'],
  ['е', 'e'],
  ['ё', 'e'],
  ['к', 'k'],
  ['м', 'm'],
  ['н', 'h'],
  ['о', 'o'],
  ['р', 'p'],
  ['с', 'c'],
  ['т', 't'],
  ['у', 'y'],
  ['х', 'x'],
  ['ѕ', 's'],
  ['і', 'i'],
  ['ї', 'i'],
  ['ј', 'j'],
  ['ԁ', 'd'],
  ['һ', 'h'],
  ['ӏ', 'l'],
  ['ԛ', 'q'],
  ['ԝ', 'w'],
  ['ɡ', 'g'],
  ['ո', 'n'],
  ['ս', 'u'],
  ['ց', 'g'],
  ['օ', 'o'],
  ['ı', 'i'],
  // Cyrillic upper case
  ['А', 'A'],
  ['В', 'B'],
  ['Е', 'E'],
  ['Ё', 'E'],
  ['К', 'K'],
  ['М', 'M'],
  ['Н', 'H'],
  ['О', 'O'],
  ['Р', 'P'],
  ['С', 'C'],
  ['Т', 'T'],
  ['У', 'Y'],
  ['Х', 'X'],
  ['Ѕ', 'S'],
  ['І', 'I'],
  ['Ј', 'J'],
  ['Ԁ', 'D'],
  ['Һ', 'H'],
  ['Ӏ', 'I'],
  ['Ԛ', 'Q'],
  ['Ԝ', 'W'],
  // Greek lower case
  ['α', 'a'],
  ['β', 'b'],
  ['ε', 'e'],
  ['η', 'n'],
  ['ι', 'i'],
  ['κ', 'k'],
  ['ν', 'v'],
  ['ο', 'o'],
  ['ρ', 'p'],
  ['τ', 't'],
  ['υ', 'u'],
  ['χ', 'x'],
  ['γ', 'y'],
  ['ω', 'w'],
  ['ϲ', 'c'],
  ['ϳ', 'j'],
  // Greek upper case
  ['Α', 'A'],
  ['Β', 'B'],
  ['Ε', 'E'],
  ['Ζ', 'Z'],
  ['Η', 'H'],
  ['Ι', 'I'],
  ['Κ', 'K'],
  ['Μ', 'M'],
  ['Ν', 'N'],
  ['Ο', 'O'],
  ['Ρ', 'P'],
  ['Τ', 'T'],
  ['Υ', 'Y'],
  ['Χ', 'X'],
  ['Ϲ', 'C'],
];

const FOLD = new Map<string, string>(PAIRS);

/** Matches any character that has a Latin look-alike in the table. */
export const CONFUSABLE_SCRIPT = /[\u0370-\u03ff\u0400-\u052f\u0531-\u058f\u0131\u0261]/;

/** The Latin look-alike of one character, or the character itself. */
export function foldHomoglyph(char: string): string {
  return FOLD.get(char) ?? char;
}
