// The detectors added by red-team round 14b of issue 13 (docs/injection-screen.md, "Round 14b"):
// mechanisms, not wordings — an order in data, in any voice (imperative, obligation, polite
// request) and in several languages, whose act would carry the principal's data, secrets or access
// to an outside place, switch off a security control, or be done without the principal's approval;
// rules declared void for the reader, then a question to answer under them; a forged conversation
// that ends on an empty assistant turn for the model to fill.

import { detectAggravatedOrder } from './aggravated-order.ts';
import { detectCompletionBait } from './completion-bait.ts';
import type { Signal } from './rules.ts';
import { detectVoidFrameRequest } from './void-frame-request.ts';

/** Reports the signals of the round-14b families in one text to `add`. */
export function detectRound14bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectAggravatedOrder(text));
  add(detectVoidFrameRequest(text));
  add(detectCompletionBait(text));
}
