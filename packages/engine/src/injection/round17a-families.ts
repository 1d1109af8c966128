// The detectors added by red-team round 17a of issue 13 (docs/injection-screen.md, "Round 17a"): one
// order cut into fragments with a note to join and do it, orders to nobody in records that switch a
// guard off or send a secret out, a machine addressed with a dangerous tool act, and settings blocks
// for the agent that loosen its guards. Each has its own cheap gate.

import { detectAddressedToolAct } from './addressed-tool-act.ts';
import { detectControlBlockSettings } from './control-block-settings.ts';
import { detectGuardOffOrder } from './guard-off-order.ts';
import { detectJoinedFragments } from './joined-fragments.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-17a families in one text to `add`. */
export function detectRound17aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectJoinedFragments(text));
  add(detectGuardOffOrder(text));
  add(detectAddressedToolAct(text));
  add(detectControlBlockSettings(text));
}
