// The detectors added by red-team round 14a of issue 13 (docs/injection-screen.md, "Round 14a"):
// an order to a model in six more languages, and a reader asked whether it is an AI and then told
// to act, in any of them. Each has its own cheap word gate.

import { detectIfYouAreAModel } from './if-you-are-a-model.ts';
import { detectReaderOrderMoreLanguages } from './reader-order-more-languages.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-14a families in one text to `add`. */
export function detectRound14aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectReaderOrderMoreLanguages(text));
  add(detectIfYouAreAModel(text));
}
