// The reader's task declared changed, cancelled or replaced, or its user's wishes claimed, in
// words other than "ignore previous instructions" (issue 13, red team): "your task is now
// different", "the instructions you got are outdated", "the user has changed the request",
// "what the user truly wants is …", "additional task appended by the user", "drop the current
// task and …", "I am your real user", "treat everything after this line as coming from your
// administrator". Each names the reader's task or instructions, which ordinary mail and tickets
// do not ("forget what I said about Wednesday" names no task).

import type { Signal } from './rules.ts';
import { ORDER_VERB_EN_SOURCE, ORDER_VERB_OTHER_SOURCE, STRONG_ORDER_VERBS_EN } from './order-verbs.ts';
import { wordGate } from './word-gates.ts';

const TASK = String.raw`(?:task|job|assignment|mission|instructions?|guidelines|rules|directions|orders|prompt|request|brief|script|plan|setup|system\s+(?:message|prompt)|programming|summar(?:y|isation|ization)|translation|analysis|triage\s+rules)`;
// What only the reader has: its task and its instructions (not a customer's request or order).
const OWN_TASK = String.raw`(?:task|job|assignment|mission|instructions?|guidelines|rules|directions|orders|prompt)`;
const EARLIER = String.raw`(?:current|earlier|previous|prior|original|initial|above|first|assigned|given|old|existing|whole|entire)`;
const PATTERNS: ReadonlyArray<readonly [RegExp, number]> = [
  // the task declared changed or void
  [
    new RegExp(
      String.raw`\byour\s+(?:${EARLIER}\s+)?${OWN_TASK}\s+(?:(?:is|are|was|were|has|have)\s+(?:now\s+|been\s+)*)?(?:changed|different|cancel+ed|revoked|replaced|superseded|void|obsolete|outdated|over|a\s+(?:test|mistake)|fake|invalid|no\s+longer\s+(?:needed|valid|required|relevant|applies|apply)|not\s+(?:needed|required)|on\s+hold|aborted|suspended)\b`,
      'i',
    ),
    0.55,
  ],
  [
    new RegExp(
      String.raw`\b(?:the\s+)?${OWN_TASK}\s+(?:that\s+)?you\s+(?:got|received|were\s+given|have\s+been\s+given|had|were\s+told)\b[^.\n]{0,50}?\b(?:are|were|is|was)\s+(?:now\s+)?(?:outdated|void|wrong|obsolete|a\s+test|fake|superseded|cancel+ed|no\s+longer\s+valid|invalid|replaced)`,
      'i',
    ),
    0.65,
  ],
  // the user's wishes claimed
  [
    /\b(?:the|your)\s+user\s+(?:has\s+|have\s+)?(?:changed\s+(?:their|his|her|the)\s+(?:mind|request)|(?:really|truly|actually)\s+wants?|now\s+wants?|wanted\s+you\s+to|updated\s+the\s+request|no\s+longer\s+wants?)\b|\bwhat\s+(?:the|your)\s+user\s+(?:really|truly|actually)\s+wants?\b|\b(?:one\s+more|another)\s+thing\s+(?:the|your)\s+user\s+want|\b(?:additional|extra|another|new)\s+(?:task|request|step|instruction)s?\s+(?:appended|added|requested|sent)\s+by\s+(?:the|your)\s+user\b|\bthe\s+next\s+step\s+of\s+your\s+task\b|\bas\s+agreed\s+with\s+(?:the|your)\s+(?:developer|user|owner|operator|admin\w*)\b/i,
    0.55,
  ],
  // new instructions declared stronger than the old
  [
    /\b(?:new|updated|revised|latest)\s+(?:\w+\s+)?(?:instructions?|directives?|orders|rules)\s+(?:supersede|override|replace|take\s+precedence\s+over|cancel|invalidate)\b/i,
    0.6,
  ],
  // the reader's set-up declared void or optional, or swapped for "live" instructions
  [
    /\b(?:(?:your|the|whatever)\s+(?:system\s+(?:message|prompt)|instructions|guidelines|rules|programming|prompt)(?:\s+(?:above|you\s+have|you\s+were\s+given))?,?\s+(?:it\s+)?(?:(?:is|are|has|have)\s+(?:now\s+|been\s+)*)?(?:expired|optional|void|invalid|suspended|no\s+longer\s+(?:apply|applies|valid|in\s+force)))\b|\b(?:those|these|they|that)\s+(?:were|are)\s+(?:only\s+|just\s+)?(?:test|fake|dummy|old|sample|placeholder)\s+instructions\b|\bhere\s+are\s+(?:the|your)\s+(?:live|real|actual|true)\s+(?:ones|instructions|orders)\b|\bgo\s+off[\s-]script\b|\boverride\s+your\s+(?:default|normal|usual|standard|built-in)\s+(?:behaviou?r|settings|programming|rules|instructions)\b/i,
    0.6,
  ],
  // a single new purpose handed to the reader ("your one job now:", "your only task from now on is")
  [
    /\byour\s+(?:one|only|sole|single|new|real)\s+(?:job|task|goal|purpose|mission)\s+(?:now|from\s+now\s+on|is\s+now|for\s+now)\b|\b(?:mandatory|priority|overriding|live|real)\s+(?:instruction|directive|order)s?\s*:/i,
    0.6,
  ],
  // the speaker claims to be the real user or administrator
  [
    /\b(?:i\s+am|i'm|this\s+is)\s+(?:your\s+)?(?:real|actual|true)\s+(?:user|owner|admin\w*|operator|master)\b|\byour\s+(?:real|actual|true)\s+(?:user|owner|admin\w*|operator|master)\s+is\b|\b(?:me|i),?\s+the\s+real\s+(?:admin\w*|user|owner|operator)\b/i,
    0.6,
  ],
  // the channel re-labelled: the user's words become the system's
  [
    /\btreat\s+(?:(?:all|every|my|the|user|these|following)\s+)*(?:messages?|input|text|requests?|everything)\b[^.\n]{0,40}?\bas\s+(?:coming\s+from\s+)?(?:your\s+|the\s+)?(?:system|admin\w*|developer|operator)\b|\bact\s+against\s+your\s+(?:previous|original|prior|own)\s+(?:instructions|rules|programming|guidelines)\b/i,
    0.65,
  ],
  // the task dropped, then another order
  [
    new RegExp(
      String.raw`(?:\b(?:forget|drop|skip|cancel|abandon|scrap|scratch|ditch|toss|bin|throw\s+out|set\s+aside|put\s+aside|pay\s+no\s+attention\s+to|never\s+mind|stop)\s+(?:about\s+)?(?:the|your|this|that|all|any)\s+(?:${EARLIER}\s+)?${TASK}s?\b|\b(?:set|put|leave)\s+(?:the|your|this|that|all|any)\s+(?:${EARLIER}\s+)?${TASK}s?\s+(?:aside|on\s+hold)\b)[^.\n]{0,20}?(?:[.;:,]\s*|\s+and\s+|\s+)(?:(?:instead|rather|now|then|actually)[,\s]+)*(?:and\s+)?${ORDER_VERB_EN_SOURCE}`,
      'i',
    ),
    0.6,
  ],
  // de, fr, es, zh, ru, ja: the task declared over, replaced or hidden from the user
  [
    /(?<![A-Za-zÀ-ÿ])(?:(?:die\s+)?(?:ursprüngliche|bisherige|eigentliche)\s+aufgabe\s+ist\s+(?:abgebrochen|beendet|aufgehoben|erledigt|ungültig)|(?:ta|sa|votre)\s+(?:mission|tâche)\s+(?:est\s+)?(?:annulée|terminée)|ignorer\s+sa\s+mission|el\s+usuario\s+(?:cambió|ha\s+cambiado)\s+de\s+opinión|(?:tu|la)\s+tarea\s+(?:anterior\s+)?(?:está\s+|fue\s+|ha\s+sido\s+)?cancelada)|本来のタスクは中止|(?:原来的|之前的)任务(?:已)?(?:取消|作废)|先别总结|(?:исходная|прежняя|твоя)\s+задача\s+отменена|никому\s+об\s+этом\s+не\s+говор/i,
    0.55,
  ],
];
const GATE = wordGate(
  /brief|programming|script|expired|optional|ones|override|mandatory|priority|task|job|assignment|mission|instruction|guideline|rules|directions|orders|prompt|request|summar|translation|analysis|user|real|treat|aufgabe|mission|tâche|tarea|opinión|タスク|任务|总结|задача|никому/i,
);
const ORDER_AFTER = new RegExp(`(?:${ORDER_VERB_EN_SOURCE}|${ORDER_VERB_OTHER_SOURCE})`, 'i');

// One pass for all the patterns: most texts match none, and then no pattern runs on its own.
// Each pattern behind its own key words (word-gates.ts), not all of them joined in one expression:
// on a ~4 KB list whose key words opened that gate, its one pass cost ~0.5 ms, more than the few
// patterns whose own key words the text holds (issue 15).
const PATTERN_GATES = PATTERNS.map(([pattern]) => wordGate(pattern));

/** The strongest claim that the reader's task changed or that its user wants something else. */
export function detectTaskOverride(text: string): Signal | undefined {
  if (text.length < 16 || !GATE.test(text)) return undefined;
  let best: Signal | undefined;
  for (let i = 0; i < PATTERNS.length; i++) {
    if (!PATTERN_GATES[i].mayMatch(text)) continue;
    const [pattern, base] = PATTERNS[i];
    const match = pattern.exec(text);
    if (match === null) continue;
    const at = match.index;
    // A new order right after the claim makes it an injection rather than news about a task.
    const after = text.slice(at + match[0].length, at + match[0].length + 160);
    const verb = /^\W*(?:and\s+|instead\s+|now\s+)?(\w+)/i.exec(after)?.[1]?.toLowerCase() ?? '';
    const ordered = ORDER_AFTER.test(after) || STRONG_ORDER_VERBS_EN.has(verb);
    const weight = Math.min(0.75, base + (ordered ? 0.1 : 0));
    if (weight > (best?.weight ?? 0))
      best = { rule: 'task_override', detector: 'task_override', weight, start: at, end: Math.min(text.length, at + match[0].length + 60) };
  }
  return best;
}
