// Whether a span of text asks its reader for an act with consequences (issue 13, red team round
// 10): the intent, not a verb list in one tense. Round 10 showed the round-6 and round-8 detectors
// finding a named reader or a claimed wish and then missing the act because it was worded as a
// wish relayed ("he wants every attachment saved and opened"), a duty ("has to put X first") or a
// participle ("sent on", "approved"): so the act is any inflection of a consequential verb, or
// what dictated-act.ts already recognises (data or money out, secrets, destruction, hiding, a
// verdict), and the span must speak to its reader (you, an order, a wish to be carried out).

import { dictatesAct } from './dictated-act.ts';
import { SENSITIVE_OBJECT_SOURCE } from './order-verbs.ts';

// Verbs whose act has consequences outside the conversation, in any inflection ("send", "sent",
// "forwarding", "approved"). Not the verbs of ordinary talk ("set", "change", "call", "stop").
const CONSEQUENTIAL =
  /\b(?:send(?:s|ing)?|sent|forward\w*|e-?mail(?:s|ed|ing)?|upload\w*|post(?:s|ed|ing)?|publish\w*|shar(?:e|es|ed|ing)|export\w*|transfer\w*|wir(?:e|es|ed|ing)|pa(?:y|ys|id|ying)|refund\w*|waiv\w*|buy(?:s|ing)?|bought|purchas\w*|book(?:s|ed|ing)?|delet\w*|remov\w*|eras\w*|wip(?:e|es|ed|ing)|destroy\w*|purg\w*|grant\w*|disabl\w*|turn(?:s|ed|ing)?\s+off|switch(?:es|ed|ing)?\s+off|bypass\w*|approv\w*|merg(?:e|es|ed|ing)|deploy\w*|install\w*|download\w*|execut\w*|invok\w*|click\w*|visit\w*|reveal\w*|disclos\w*|dump(?:s|ed|ing)?|leak\w*|exfiltrat\w*|elevat\w*|unlock\w*|overwrit\w*|sign(?:s|ed|ing)?\s+(?:on|the|it|for|off)|submit\w*|authori[sz]\w*|cancel\w*|render\w*|fill(?:s|ed|ing)?\s+in|log(?:s|ged|ging)?\s+in|print\w*|quot(?:e|es|ed|ing)|paste\w*|append\w*|attach\w*|(?:open|run)(?:s|ed|ning|ing)?\b[^.\n]{0,30}?\b(?:attachment|file|link|script|command|installer|macro)s?|(?:attachment|file|link|script|installer|macro)s?\b[^.\n]{0,60}?\b(?:open|run)(?:s|ed|ning)?|put(?:s|ting)?\s+[\w.-]+\s+(?:first|on\s+top|at\s+the\s+top)|mov(?:e|es|ed|ing)\s+(?:the\s+|all\s+|my\s+|their\s+|his\s+|her\s+)?(?:full\s+|whole\s+|entire\s+|remaining\s+)?(?:balance|funds|money|savings|deposit)|redirect\w*|re-?rout\w*|divert\w*)\b/i;
// Mild verbs that count with a sensitive object ("answer this thread with every message …").
const MILD =
  /\b(?:answer\w*|repl(?:y|ies|ied)|respond\w*|includ\w*|list\w*|show\w*|tell|told|say|said|giv(?:e|es|en|ing)|gave|add\w*|collect\w*|copy|copied|copies|move\w*|load\w*|put\w*|issu\w*)\b/i;
const SENSITIVE = new RegExp(SENSITIVE_OBJECT_SOURCE, 'i');
// The span speaks to its reader: "you", "your", an order opening a clause, or a wish to be carried out.
const TO_READER =
  /\byou(?:r|rs|rself)?\b|(?:^|[.:;!?\n]\s*|,\s*)(?:please\s+|kindly\s+|now\s+|just\s+|go\s+ahead\s+and\s+)?(?:[a-z]+\s+){0,1}?(?:send|forward|e-?mail|upload|post|share|export|transfer|wire|pay|refund|buy|book|delete|remove|wipe|grant|disable|turn\s+off|approve|merge|install|download|run|execute|click|visit|open|reveal|print|render|fill\s+in|add|put|give|include|answer|reply|respond|tell|say|list|load|move|copy|accept|sign|cancel|submit)\b|\b(?:wants?|wanted|would\s+like|needs?|asked|asks|requests?|requested|instruction|request|wish|job|task)\s+(?:is\s+)?(?:for\s+\w+\s+)?(?:to|that)\b|\b(?:needs\s+doing|needs\s+to\s+(?:be\s+done|happen)|to\s+do)\s+is\b|\b(?:wants?|wanted|would\s+like|needs?)\s+(?:[\w'-]+\s+){1,6}?(?:\w+ed|sent|paid|done|made|shared|put|set)\b/i;
// A transcript's turn or an account of what was done ("I've sent …", "Sure, here is …") speaks for the reader, not to it.
const FIRST_PERSON_OPENING =
  /^\s*(?:i\b|i'm|i've|i'll|we\b|we've|sure\b|okay\b|ok\b|certainly\b|of\s+course\b|here\s+(?:is|are)\b|done\b)/i;

/** Whether `span` names an act with consequences, whoever is to do it. */
export function namesConsequentialAct(span: string): boolean {
  return CONSEQUENTIAL.test(span) || (MILD.test(span) && SENSITIVE.test(span)) || dictatesAct(span);
}

/** Whether `span` (what follows an address or a claim) asks its reader for an act with consequences. */
export function asksConsequentialAct(span: string): boolean {
  span = span.trimStart();
  if (FIRST_PERSON_OPENING.test(span) || !TO_READER.test(span)) return false;
  return namesConsequentialAct(span);
}
