// The detectors added by red-team round 20a of issue 13 (docs/injection-screen.md, "Round 20a"):
// a pretence put to the reader whose point is a disclosure only the reader can make, in English
// and in many other languages.

import { detectForeignSetupDisclosure } from './foreign-setup-disclosure.ts';
import { detectPretenceDisclosure } from './pretence-disclosure.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-20a families in one text to `add`. */
export function detectRound20aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectPretenceDisclosure(text));
  add(detectForeignSetupDisclosure(text));
}
