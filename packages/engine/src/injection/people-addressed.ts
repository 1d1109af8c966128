// A message that opens by speaking to people ("Team, …", "Hi Sam,", "Liebe Kolleginnen,", "各位")
// and never names a model or an assistant's set-up is a request between people (issue 13,
// leave-one-out without own_indirect: "Team, ahead of the audit, forward the signed contract to
// legal@…" scored 0.983 from a model trained without our notes between colleagues). The learned
// model, which reads "an order verb opening a short text" as an injection whoever it is for, only
// supports the rules there; the rules still read it whole (an order to the assistant, a secret sent
// out, a forged header).

import { HUMAN_GREETING, MACHINE_OR_SETUP } from './override-excuses.ts';

// A greeting at the start of any line: a tool output puts a mail's headers before its body.
const GREETING_AT_LINE = new RegExp(HUMAN_GREETING.source.replace(/^\^/, '(?:^|\\n)'), 'iu');
/** A bare vocative to a group of people opening a line: "Team,", "All:", "Folks,". */
const GROUP_VOCATIVE = /(?:^|\n)[ \t]*(?:team|all|everyone|everybody|folks|colleagues|guys|y'all)[ \t]*[,:][ \t]/i;

/**
 * An act to be done out of sight ("without mentioning it", "quietly", "do not tell"): an injection
 * dressed as a colleague's note keeps the model's full weight.
 */
export const OUT_OF_SIGHT =
  /\bwithout\s+(?:mentioning|telling|informing|notifying|saying|asking)\b|\b(?:quietly|silently|secretly|discreetly)\b|\b(?:do\s+not|don't|never)\s+(?:mention|tell|report|disclose|reveal)\b|\bsay\s+nothing\b/i;

/** Whether `text` speaks to people (a greeting or a group vocative), names no model or set-up and hides no act. */
export function addressesPeople(text: string): boolean {
  return (GREETING_AT_LINE.test(text) || GROUP_VOCATIVE.test(text)) && !MACHINE_OR_SETUP.test(text) && !OUT_OF_SIGHT.test(text);
}
