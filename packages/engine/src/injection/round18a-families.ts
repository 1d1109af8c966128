// The detectors added by red-team round 18a of issue 13 (docs/injection-screen.md, "Round 18a"):
// the reader cast as a rule-free earlier build of itself, games that invert the reader's rules,
// orders to nobody in business records that send the principal's records to a personal mailbox,
// pay to bank details that just changed or open a private store to anyone, and orders to the
// reading machine in further languages. Each has its own cheap gate.

import { detectInvertedRulesGame } from './inverted-rules-game.ts';
import { detectOpenShareOrder } from './open-share-order.ts';
import { detectPaymentToNewAccount } from './payment-to-new-account.ts';
import { detectReaderOrderFurtherLanguages } from './reader-order-further-languages.ts';
import { detectRecordsToPersonalMailbox } from './records-to-personal-mailbox.ts';
import { detectRuleFreeBuildPersona } from './rule-free-build-persona.ts';
import type { Signal } from './rules.ts';

/** Reports the signals of the round-18a families in one text to `add`. */
export function detectRound18aFamilies(text: string, add: (signal: Signal | undefined) => void): void {
  add(detectRuleFreeBuildPersona(text));
  add(detectInvertedRulesGame(text));
  add(detectRecordsToPersonalMailbox(text));
  add(detectPaymentToNewAccount(text));
  add(detectOpenShareOrder(text));
  add(detectReaderOrderFurtherLanguages(text));
}
