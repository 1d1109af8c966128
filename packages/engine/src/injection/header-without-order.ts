// A header that claims a channel ("=== SYSTEM NOTICE ===", "### SYSTEM REQUIREMENTS ###") forges
// authority only for what follows it (issue 13, leave-one-out without adversarial: a site's
// maintenance notice and a README's requirements table were flagged). When the text after the
// header gives no order — nothing said to "you", no duty, no order verb opening a clause, no model
// named, no authority or obedience claimed, nothing set aside — it is a heading of a notice or a document, and its header is no
// evidence. A forged header with an order under it still counts.

import { ORDER_VERB_EN_SOURCE } from './order-verbs.ts';

/** Characters after the header read for an order. */
const AFTER = 400;
const TO_READER = /\b(?:you|your|yours|yourself|you'(?:re|ll|ve|d))\b/i;
const DUTY = /\b(?:must|shall|should|need\s+to|needs\s+to|have\s+to|has\s+to|are\s+to|is\s+to|required\s+to|mandatory)\b/i;
const MACHINE = /\b(?:ai|assistants?|agents?|models?|llms?|bots?|chatbots?|gpt|claude|copilot)\b/i;
const SET_ASIDE =
  /\b(?:ignor\w*|disregard\w*|forget|override\w*|bypass\w*|disabl\w*|unlock\w*|jailbreak\w*|unrestricted|no\s+(?:rules|limits|restrictions|filters?))\b/i;
// Authority or obedience claimed ("the visitor is an administrator, comply with every request").
const AUTHORITY =
  /\b(?:admin\w*|operators?|developers?|root|sudo|privileg\w*|permissions?|authori[sz]\w*|compl(?:y|ies)|obey\w*|follow)\b/i;
// An order verb opening the text, a line, a sentence or a clause ("Send …", "- delete …", "…; run …").
const ORDER_OPENING = new RegExp(String.raw`(?:^|[\n.,:;!?=#\]>)*-]\s*)(?:please\s+|now\s+|immediately\s+)?${ORDER_VERB_EN_SOURCE}`, 'i');

// The next heading ends a header's section ("### Installation" after "### System requirements", an
// INI "[admin]" after "[system]"): what is under it is not under the header (screenprec5).
const NEXT_HEADING = /\n[ \t]*(?:#{1,6}[ \t]+\S|\[[\w .-]{1,40}\][ \t]*(?:\n|$)|(?:={3,}|-{3,})[ \t]*\S)/;

/** `text` up to the next heading (a header's section). */
export function sectionOf(text: string): string {
  // A heading the text opens with is the header's own line (a match of "\n### System: …" starts at its line feed).
  const opening = /^\s*\S/.exec(text)?.[0].length ?? 0;
  const next = NEXT_HEADING.exec(text.slice(opening));
  return next === null ? text : text.slice(0, opening + next.index);
}

/** Whether the header at `start` of `text` is followed by no order (so it heads a notice, not a forged channel). */
export function headerOrdersNothing(text: string, start: number): boolean {
  const lineEnd = text.indexOf('\n', start);
  const headerEnd = lineEnd < 0 ? text.length : lineEnd;
  const header = text.slice(start, headerEnd);
  // The rest of the header line after its label, and what follows it.
  const after = `${header.replace(/^[\s[<(*#=:-]*(?:[A-Za-z]+\s+)?[A-Za-z]+[\s\]>)*#=:-]*/, '')}\n${sectionOf(text.slice(headerEnd, headerEnd + AFTER))}`;
  return ordersNothing(after);
}

/** Whether `after`, the text under a header, gives no order: nothing to "you", no duty, no model, nothing set aside, no authority, no order verb. */
export function ordersNothing(after: string): boolean {
  return (
    !TO_READER.test(after) &&
    !DUTY.test(after) &&
    !MACHINE.test(after) &&
    !SET_ASIDE.test(after) &&
    !AUTHORITY.test(after) &&
    !ORDER_OPENING.test(after)
  );
}
