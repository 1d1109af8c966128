// The detectors added by red-team round 19b of issue 13 (docs/injection-screen.md, "Round 19b"):
// the reader cast as a character whose part is to disclose its own set-up; orders to the machine
// reader in further languages to set its instructions aside or show its system prompt. (The round's other
// changes read more carriers in the existing detectors: JSON inside text, spelled letters with
// dashes between words, reversed and shifted orders holding amounts, foreign orders after English.)

import { detectCastSetupDisclosure } from './cast-setup-disclosure.ts';
import { detectForeignOverrideLeak } from './foreign-override-leak.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-19b families in one text to `add`. */
export function detectRound19bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectCastSetupDisclosure(text));
  add(detectForeignOverrideLeak(text));
}
