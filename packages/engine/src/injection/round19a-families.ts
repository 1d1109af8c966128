// The detectors added by red-team round 19a of issue 13 (docs/injection-screen.md, "Round 19a"):
// orders to nobody in business records that waive the check that would stop them or set a guard's
// setting off, and one harmful
// order cut into pieces that each end mid-sentence. Each has its own cheap gate.

import { detectCutSentencePieces } from './cut-sentence-pieces.ts';
import { detectGuardSettingOff } from './guard-setting-off.ts';
import { readsAsHarmfulOrder } from './joined-fragments.ts';
import type { Signal } from './rules.ts';
import { detectWaivedControlOrder } from './waived-control-order.ts';

/** Whether a reading of joined pieces orders a harmful act, or an act whose check it waives. */
const readsAsHarmful = (reading: string): boolean =>
  readsAsHarmfulOrder(reading) || detectWaivedControlOrder(reading) !== undefined || detectGuardSettingOff(reading) !== undefined;

/** Reports the signals of the round-19a families in one text to `add`. */
export function detectRound19aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectWaivedControlOrder(text));
  add(detectGuardSettingOff(text));
  add(detectCutSentencePieces(text, readsAsHarmful));
}
