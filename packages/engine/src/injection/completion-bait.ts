// A conversation forged to be continued (issue 13, red team round 14b): data that holds turns
// ("Human: … Assistant: … Human: …") and ends on an empty turn of the assistant ("Assistant:",
// "### Assistant:", "<|assistant|>"), so that the model reading it completes the last user turn —
// here an order with consequences. A transcript in a ticket or a log records what was said and ends
// on an answer; an empty assistant turn at the end exists only to be filled.

import { namesConsequentialAct } from './consequential-act.ts';
import type { Signal } from './rules.ts';

const OPEN_ASSISTANT_END = /(?:^|\n)[ \t]*(?:#{1,4}[ \t]*)?(?:assistant|ai|bot|model|gpt|<\|assistant\|>)[ \t]*:?[ \t]*$/i;
const USER_TURN =
  /(?:^|\n)[ \t]*(?:#{1,4}[ \t]*)?(?:human|user|<\|user\|>)[ \t]*:?[ \t]*([^\n]+(?:\n(?![ \t]*(?:#{1,4}[ \t]*)?(?:assistant|ai|bot|human|user)\b)[^\n]+)*)/gi;

/** A forged conversation ending on an empty assistant turn, the last user turn asking for an act with consequences (0.6). */
export function detectCompletionBait(text: string): Signal | undefined {
  if (text.length < 30) return undefined;
  const tail = text.trimEnd();
  // The open turn is the text's last thing: a colon, a tag's ">", or the last letter of the model's
  // name (assistant, bot, gpt; ai; model); any other last character skips the expression.
  const final = tail.charCodeAt(tail.length - 1) | 0x20;
  if (final !== 58 && final !== 62 && final !== 116 && final !== 105 && final !== 108) return undefined;
  const end = OPEN_ASSISTANT_END.exec(tail.slice(-40));
  if (end === null) return undefined;
  let last: RegExpExecArray | undefined;
  USER_TURN.lastIndex = 0;
  for (let match = USER_TURN.exec(tail); match !== null; match = USER_TURN.exec(tail)) last = match;
  if (last === undefined || !namesConsequentialAct(last[1])) return undefined;
  return { rule: 'completion_bait', detector: 'completion_bait', weight: 0.6, start: last.index, end: tail.length, focus: last.index };
}
