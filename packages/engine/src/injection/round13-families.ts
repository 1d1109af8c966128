// The detectors added by red-team round 13 of issue 13 (docs/injection-screen.md, "Round 13"):
// mechanisms, not wordings — a person's wish relayed to the machine that reads the data, an order
// to a model addressed in seven more languages, a forged authority channel, the reader's own setup
// asked for whole, a link left for the reader to fill with private data, and an order filed under a
// key that names a model. Each runs behind the screen's traits or its own cheap gate.

import { detectChannelLabelOrder } from './channel-label-order.ts';
import { detectContextReplayRequest } from './context-replay-request.ts';
import { detectForeignReaderOrder } from './foreign-reader-order.ts';
import { detectMachineKeyOrder } from './machine-key-order.ts';
import { detectRelayedWish } from './relayed-wish.ts';
import type { Signal } from './rules.ts';
import { AGENT_WORD, HYPHEN, LEAK_WORD, NON_ASCII, READER_PROGRAM_WORD, READER_WORD, ROUND10_WORD, SYMBOL_CHAR } from './text-traits.ts';
import { detectUnaddressedOrderOther } from './unaddressed-order-other.ts';
import { detectUnaddressedOrder } from './unaddressed-order.ts';
import { detectUrlFillRequest } from './url-fill-request.ts';

/** Reports the signals of the round-13 families in one text to `add`; `traits` as scanned by the screen (text-traits.ts). */
export function detectRound13Families(text: string, traits: number, add: (signal: Signal | undefined) => void): void {
  // A machine reader named (assistant, AI, bot, agent …, or a program named by what it does).
  if ((traits & (AGENT_WORD | READER_WORD | READER_PROGRAM_WORD)) !== 0) add(detectRelayedWish(text));
  // A model addressed: a word for one (ai, ia, assistent…) or a script other than ASCII.
  if ((traits & (AGENT_WORD | NON_ASCII)) !== 0) add(detectForeignReaderOrder(text));
  // A delimiter, a tag or a fence: symbols, hyphens, box-drawing characters or backticks.
  if ((traits & (SYMBOL_CHAR | HYPHEN | NON_ASCII)) !== 0 || text.includes('```')) add(detectChannelLabelOrder(text));
  // The reader's setup named (prompt, initial, instructions, above, at the start …).
  if ((traits & LEAK_WORD) !== 0) add(detectContextReplayRequest(text));
  add(detectUrlFillRequest(text));
  add(detectMachineKeyOrder(text));
  // Orders to whoever reads: their key words (unaddressed-order-words.ts) share ROUND10_WORD.
  if ((traits & ROUND10_WORD) !== 0) add(detectUnaddressedOrder(text));
  if ((traits & (ROUND10_WORD | NON_ASCII)) !== 0) add(detectUnaddressedOrderOther(text, traits));
}
