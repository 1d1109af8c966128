// The detectors added by red-team round 15 of issue 13 (docs/injection-screen.md, "Round 15"):
// a bare model label heading an order, an order to deceive the user about a risk, a destructive
// command split across array items, a granting tool call ordered in data, and fiction framing in French,
// Spanish and German. Each has its own cheap gate.

import { detectAgentHeadingOrder } from './agent-heading-order.ts';
import { detectForeignFictionHarm } from './foreign-fiction-harm.ts';
import type { Signal } from './rules.ts';
import { detectSplitShellArray } from './split-shell-array.ts';
import { detectToolCallInData } from './tool-call-in-data.ts';
import { detectUserDeceptionOrder } from './user-deception-order.ts';

/** Reports the signals of the round-15 families in one text to `add`. */
export function detectRound15Families(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectAgentHeadingOrder(text));
  add(detectUserDeceptionOrder(text));
  add(detectSplitShellArray(text));
  add(detectToolCallInData(text));
  add(detectForeignFictionHarm(text));
}
