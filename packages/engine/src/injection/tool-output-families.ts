// The detectors added by red-team round 6 of issue 13 (docs/injection-screen.md, "Round 6"):
// indirect injection inside tool output with no addressee, run as one group from
// addressed-families.ts. Each dictates an act only after a narrow anchor (what is made of the
// text, a program reading it, its work declared replaced, its owner's wishes claimed).

import { detectAutomatedReaderAct } from './automated-reader-act.ts';
import { detectPrincipalWishClaim } from './principal-wish-claim.ts';
import { detectProcessingDirective } from './processing-directive.ts';
import { detectProcessingDirectiveOther } from './processing-directive-other.ts';
import type { Signal } from './rules.ts';
import { detectTaskReplacedFact } from './task-replaced-fact.ts';

/** Reports the signals of the round-6 families in one text to `add`; `traits` as scanned by the screen (text-traits.ts). */
export function detectToolOutputFamilies(text: string, traits: number, add: (signal: Signal | undefined) => void): void {
  add(detectProcessingDirective(text, traits));
  add(detectAutomatedReaderAct(text, traits));
  add(detectTaskReplacedFact(text, traits));
  add(detectPrincipalWishClaim(text, traits));
  add(detectProcessingDirectiveOther(text, traits));
}
