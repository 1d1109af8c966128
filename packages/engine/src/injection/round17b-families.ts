// The detectors added by red-team round 17b of issue 13 (docs/injection-screen.md, "Round 17b"):
// orders in tool data in many languages whose act hurts the principal, and orders in the parts of
// a page its human reader never sees (hidden elements, meta tags, data attributes, alt and title
// texts). Each has its own cheap gate.

import { detectForeignHarmOrder } from './foreign-harm-order.ts';
import { detectHiddenElementOrder } from './hidden-element-order.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-17b families in one text to `add`. */
export function detectRound17bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectForeignHarmOrder(text));
  add(detectHiddenElementOrder(text));
}
