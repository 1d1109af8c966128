// The detectors added by red-team round 18b of issue 13 (docs/injection-screen.md, "Round 18b"):
// automated readers told to act outside the user's task, the task's state forged (done, approved,
// a step before the answer), and conversation turns or assistant blocks forged inside data. Each
// has its own cheap gate.

import { detectAutomatedReaderOrder } from './automated-reader-order.ts';
import { detectForgedTurnOrder } from './forged-turn-order.ts';
import type { Signal } from './rules.ts';
import { detectTaskStateForgery } from './task-state-forgery.ts';

/** Reports the signals of the round-18b families in one text to `add`. */
export function detectRound18bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectAutomatedReaderOrder(text));
  add(detectTaskStateForgery(text));
  add(detectForgedTurnOrder(text));
}
