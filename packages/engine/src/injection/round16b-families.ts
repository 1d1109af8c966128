// The detectors added by red-team round 16b of issue 13 (docs/injection-screen.md, "Round 16b"):
// role-play and leak requests without the usual trigger words (a persona's prompt recited, the
// "grandmother" exploit, a claimed mode lifting the rules, a ban on refusing before a harmful
// task), forged markup under made-up authority names and forged ends of the data, and notes that
// ask for an encoded text to be decoded and obeyed. Each has its own cheap gate.

import { detectAuthorityMarkupOrder } from './authority-markup-order.ts';
import { detectClaimedModeUnlock } from './claimed-mode-unlock.ts';
import { detectDecodedAsInstruction } from './decoded-as-instruction.ts';
import { detectEndMarkerPart } from './end-marker-part.ts';
import { detectNoRefusalHarmTask } from './no-refusal-harm-task.ts';
import { detectPersonaPromptLeak } from './persona-prompt-leak.ts';
import { detectRelativePersonaRecital } from './relative-persona-recital.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-16b families in one text to `add`. */
export function detectRound16bFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectPersonaPromptLeak(text));
  add(detectRelativePersonaRecital(text));
  add(detectClaimedModeUnlock(text));
  add(detectNoRefusalHarmTask(text));
  add(detectAuthorityMarkupOrder(text));
  add(detectEndMarkerPart(text));
  add(detectDecodedAsInstruction(text));
}
