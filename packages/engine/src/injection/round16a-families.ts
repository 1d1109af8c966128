// The detectors added by red-team round 16a of issue 13 (docs/injection-screen.md, "Round 16a"):
// orders in ordinary data whose act hurts the principal inside the house, a machine reader's task
// cancelled for another act, a tool called with concrete arguments, and orders split over table
// cells or list items or written in a column named for the model. Each has its own cheap gate.

import { detectInsideHarmOrder } from './inside-harm-order.ts';
import type { Signal } from './rules.ts';
import { detectTableCellOrder } from './table-cell-orders.ts';
import { detectTaskCancelAct } from './task-cancel-act.ts';
import { detectToolHijackCall } from './tool-hijack-call.ts';

/** Reports the signals of the round-16a families in one text to `add`. */
export function detectRound16aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectInsideHarmOrder(text));
  add(detectToolHijackCall(text));
  add(detectTableCellOrder(text));
  add(detectTaskCancelAct(text));
}
