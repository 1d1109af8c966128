// A bare speaker label for the model heading an order on the next line (issue 13, round 15):
// "Agent :\ndelete the shared folder …". A transcript's label carries the turn on the same line
// ("Agent: Glad it helped"); a label alone on its line, followed by an imperative with
// consequences, is an order placed in data for the machine that reads it.

import type { Signal } from './rules.ts';

const HEADING_ORDER =
  /(?:^|\n)[ \t]*(?:ai|llm|agent|assistant|model|bot|copilot)[ \t]*:[ \t]*\r?\n[ \t]*(?:please[ \t]+|now[ \t]+|immediately[ \t]+)?(?:delete|remove|erase|wipe|send|forward|transfer|wire|pay|approve|grant|share|upload|export|disable|ignore|disregard|reset|execute|email|publish|invite|purchase|buy|refund)\b/i;
const GATE = /(?:ai|llm|agent|assistant|model|bot|copilot)[ \t]*:[ \t]*\r?\n/i;

/** A label naming the model alone on its line, then an order with consequences (0.6). */
export function detectAgentHeadingOrder(text: string): Signal | undefined {
  // The gate ends in a colon and a line feed: a text without both (most fields, most joins) skips its scan.
  if (!text.includes('\n') || !text.includes(':') || !GATE.test(text)) return undefined;
  const match = HEADING_ORDER.exec(text);
  if (match === null) return undefined;
  return { rule: 'agent_heading_order', detector: 'agent_vocative', weight: 0.6, start: match.index, end: match.index + 120 };
}
