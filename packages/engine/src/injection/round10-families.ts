// The detectors added by red-team round 10 of issue 13 (docs/injection-screen.md, "Round 10"):
// intent rather than wording. Each runs only behind its key words (tool-output-words.ts,
// ROUND10_WORDS, or the reader words of intent-words.ts), so ordinary text pays one bit test.

import { detectForgedFrame } from './forged-frame.ts';
import { detectLeakQuestion } from './leak-question.ts';
import { detectMachineAddresseeAct } from './machine-addressee-act.ts';
import { detectPlaceholderUrl } from './placeholder-url.ts';
import { detectRefusalBan } from './refusal-ban.ts';
import { detectRelayedConsent } from './relayed-consent.ts';
import type { Signal } from './rules.ts';
import { detectSoleOutputClaim } from './sole-output-claim.ts';
import { detectTaskDismissed } from './task-dismissed.ts';
import { AGENT_WORD, HYPHEN, NON_ASCII, READER_PROGRAM_WORD, READER_WORD, ROUND10_WORD, SYMBOL_CHAR } from './text-traits.ts';

// A delimiter a made-up channel header starts with.
const FRAME_MARK = /\[\[|\{\{|##|==|---|<<|<\|/;

/** Reports the signals of the round-10 families in one text to `add`; `traits` as scanned by the screen (text-traits.ts). */
export function detectRound10Families(text: string, traits: number, add: (signal: Signal | undefined) => void): void {
  if ((traits & (AGENT_WORD | READER_PROGRAM_WORD)) !== 0) add(detectMachineAddresseeAct(text, traits));
  if ((traits & SYMBOL_CHAR) !== 0) add(detectPlaceholderUrl(text));
  if ((traits & NON_ASCII) !== 0 && (traits & ROUND10_WORD) === 0) add(detectRefusalBan(text));
  if ((traits & (READER_WORD | ROUND10_WORD)) !== 0 && (traits & (SYMBOL_CHAR | HYPHEN)) !== 0 && FRAME_MARK.test(text))
    add(detectForgedFrame(text));
  if ((traits & ROUND10_WORD) === 0) return;
  add(detectRelayedConsent(text));
  add(detectSoleOutputClaim(text));
  add(detectTaskDismissed(text));
  add(detectLeakQuestion(text));
  add(detectRefusalBan(text));
}
