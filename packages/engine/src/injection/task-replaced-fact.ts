// The reader's task declared changed as a plain fact, with no "your" and no addressee (issue 13,
// red team round 6): "The job for this inbox has changed: rather than drafting replies, gather …",
// "The summary requested by the user has been superseded. What is needed now is …", "Update to the
// task: the notes are no longer needed", "the better plan is to open …". task-override.ts reads
// the reader's own task ("your task is now …"); here the task is named as the work done on the
// text. News about a plan ("change of plans: we meet at three") dictates no act (dictated-act.ts).

import { findAnchoredAct, paragraphAfter } from './anchored-act.ts';
import { dictatesAct } from './dictated-act.ts';
import type { Signal } from './rules.ts';
import { TASK_CHANGE_WORD } from './text-traits.ts';
import { wordGate } from './word-gates.ts';

const WORK = String.raw`(?:job|task|request|work|assignment|summary|notes|report|digest|reply|translation|analysis)`;
const ANCHORS = new RegExp(
  [
    // "the job for this inbox has changed"
    String.raw`\b(?:the|this)\s+${WORK}\s+(?:for|of|on|in)\s+this\s+[\w-]+\s+(?:has|have)\s+(?:been\s+)?(?:changed|replaced|superseded|moved\s+on)`,
    // "the summary requested by the user has been superseded", "the notes are no longer needed"
    String.raw`\b(?:the\s+)?${WORK}\s+(?:(?:originally\s+)?requested\s+(?:by\s+(?:the\s+)?user\s+)?|asked\s+for\s+)?(?:has|have|is|are)\s+(?:been\s+)?(?:superseded|cancel+ed|withdrawn|replaced|dropped|no\s+longer\s+(?:needed|required|wanted|relevant))`,
    // "Update to the task:", "Task update:"
    String.raw`\b(?:update\s+to\s+the\s+(?:task|request|job)|(?:task|job|request)\s+update|updated\s+(?:task|request|job)|revised\s+(?:task|request|job)|change\s+of\s+(?:task|plans?))\s*:`,
    // "the actual request is", "what is needed now is", "the better plan is to", "rather than drafting replies"
    String.raw`\bthe\s+(?:actual|real|true)\s+(?:request|task|job|assignment|goal)\s+is\b|\bwhat\s+is\s+(?:needed|wanted|required|expected)\s+now\s+is\b|\bthe\s+better\s+(?:plan|option|course)\s+is\s+to\b|\brather\s+than\s+(?:drafting|summari[sz]ing|writing|answering|translating|replying|reviewing)\b`,
  ].join('|'),
  'gi',
);
const GATE = wordGate(
  /job|task|request|work|assignment|summar|notes|report|digest|reply|translation|analysis|update|change|what is|better|rather/i,
);
const WINDOW_AFTER = 240;

/** The work on the text declared replaced, and the new work an act with consequences (0.6). */
export function detectTaskReplacedFact(text: string, traits = TASK_CHANGE_WORD): Signal | undefined {
  if ((traits & TASK_CHANGE_WORD) === 0 || text.length < 30 || !GATE.test(text)) return undefined;
  const found = findAnchoredAct(text, ANCHORS, 20, (_start, end) => dictatesAct(paragraphAfter(text, end, WINDOW_AFTER)));
  if (found === undefined) return undefined;
  return { rule: 'task_replaced_fact', detector: 'task_replaced_fact', weight: 0.6, start: found.start, end: found.end + 100 };
}
