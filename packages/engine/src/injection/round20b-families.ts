// The detectors added by red-team round 20b of issue 13 (docs/injection-screen.md, "Round 20b"): one
// order to the machine reader cut into pieces (fields, cells, lines, messages) that read as the order
// only joined; and a standing rule of consequence laid on the reader as a fact of policy. Each has its own gate.

import { detectAddressedPieces } from './addressed-pieces.ts';
import type { Signal } from './rules.ts';
import { detectStandingRuleOrder } from './standing-rule-order.ts';

/** Reports the signals of the round-20b families in one text to `add`. */
export function detectRound20bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectAddressedPieces(text));
  add(detectStandingRuleOrder(text));
}
