// The reading shared by the foreign-language reader detectors (issue 13, rounds 13, 14a): a head
// that addresses a model ("Assistent, …", "if you are an AI, …"), then an act with consequences
// within a window that a blank line ends. Each detector brings its own expressions.
import type { Signal } from './rules.ts';

export interface AddressedActReader {
  /** A cheap test the text must pass before the heads are looked for (an expression, or a gate standing in for one). */
  gate: { test(text: string): boolean };
  /** Where a model is addressed; must have the `g` flag. */
  head: RegExp;
  /** Acts with consequences, any of which after a head makes the order. */
  acts: readonly RegExp[];
  window: number;
  maxLooked: number;
  detector: string;
}

/** The first head of `reader` followed by one of its acts, as a foreign-reader order (0.6). */
export function findAddressedAct(text: string, reader: AddressedActReader): Signal | undefined {
  if (text.length < 20 || !reader.gate.test(text)) return undefined;
  const { head } = reader;
  head.lastIndex = 0;
  let looked = 0;
  for (let match = head.exec(text); match !== null && looked < reader.maxLooked; match = head.exec(text), looked++) {
    const end = match.index + match[0].length;
    const after = text.slice(end, end + reader.window);
    const stop = after.indexOf('\n\n');
    const clause = stop >= 0 ? after.slice(0, stop) : after;
    if (reader.acts.some((act) => act.test(clause))) {
      head.lastIndex = 0;
      return {
        rule: 'foreign_reader_order',
        detector: reader.detector,
        weight: 0.6,
        start: match.index,
        end: end + 100,
        focus: match.index,
      };
    }
  }
  head.lastIndex = 0;
  return undefined;
}
