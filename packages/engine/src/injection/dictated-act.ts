// What turns a sentence about a text's own processing into an attack (issue 13, red team round 6):
// the processing is made to move data or money out, run something, approve or buy, change access,
// destroy, hide something from the user or dictate a verdict. Shared by the detectors of round 6,
// which first find a sentence that speaks of what is done with the text (its summary, its handling,
// the program reading it) and then ask this module whether that sentence dictates an act.

// An outside target (also read by the other-language detector): an e-mail address, a URL, a bare domain, a bank account or a phone number.
export const TARGET =
  /[\w.+-]+@[\w-]+\.[\w.-]+|https?:\/\/|\b[\w-]+\.(?:example|com|net|org|io|xyz|info|biz|ru|cn|top|co)\/|\b[A-Z]{2}\d{2}(?:\s?[\dA-Z]{4}){3,}|\b(?:routing|account|iban|card)\s+(?:no\.?\s+|number\s+|ending\s+)?\d{4,}|\+\d[\d\s-]{7,}\d|\b\d{3}-\d{3}-\d{4}\b/i;
// A verb that moves something towards a target.
const MOVE =
  /\b(?:send\w*|sent|forward\w*|e-?mail\w*|mail\w*|post\w*|upload\w*|cop(?:y|ies|ied)|share\w*|wir(?:e|es|ed|ing)|transfer\w*|pa(?:y|ys|id|ying|yment)|reimburs\w*|refund\w*|credit\w*|open\w*|fetch\w*|visit\w*|log\s+in|links?|linking|install\w*|download\w*|run\w*|call\w*|goes\s+to|go\s+to|append\w*|attach\w*|publish\w*|export\w*|include\w*|reply|replies|dm|message)\b/i;
// What the user's data and secrets are called.
const SECRET =
  /\b(?:passwords?|passcodes?|credentials?|reset\s+codes?|verification\s+codes?|(?:sms|2fa|mfa|one-time)\s+codes?|tokens?|api\s+keys?|ssh\s+keys?|id_rsa|\.env\b|\.aws|cookies?|session\s+(?:cookies?|tokens?)|social\s+security|passport|bank\s+details|date\s+of\s+birth|home\s+address|mobile\s+number|salary|salaries|contacts|customer\s+list|client\s+list|saved\s+(?:card|addresses|payment)|stored\s+card|card\s+on\s+file|password\s+manager|secrets?\b|private\s+key)/i;
// A command to run (a shell line in backticks, a pipe into a shell), not a name in backticks.
const COMMAND =
  /`\s*(?:sudo\s+|RUN\s+)?(?:curl|wget|rm|git|pip3?|npm|npx|kubectl|bash|sh|nc|powershell|iwr|iex|chmod|ssh|scp|docker|python3?|node)\b[^`\n]*`|`[^`\n]*\|[^`\n]*`|\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\|\s*iex\b|\bnc\s+-e\b|\bkubectl\s+delete\b|\bpush\s+--force\b|\bopens?\s+a\s+shell\b/i;
// Money moved, a purchase, an approval, a merge, access changed, something destroyed.
const ACT =
  /\b(?:approv\w*|(?:issu\w*|schedul\w*)\s+(?:a\s+)?(?:credit|payment|refund)|pa(?:y|ys|id)\s+(?:twice|straight|in\s+full|immediately)|payment\s+of|reimburse\w*|refund\s+(?:for|of)|credit\s+of|(?:book|buy|purchase|check\s*out|upgrade)\w*\b[^.\n]{0,40}?\b(?:card|plan|fare|cart|checkout)|rebalanc\w*|merg(?:e|es|ed|ing)\b|disabl\w*|grant\w*|revok\w*|unlock\w*|delet\w*|purg\w*|wip(?:e|es|ed|ing)\b|empt(?:y|ies)\s+the\s+trash|force\b|debug:\s*true|auth:\s*none|trusted\s+contacts|mark\w*\s+(?:it\s+)?(?:as\s+)?(?:approved|trusted|resolved|done|safe|spam)|clos\w*\s+(?:[\w-]+\s+){0,2}?as\s+(?:resolved|duplicate|done|fixed)|wontfix|declin\w*|accept\w*\s+the\s+pending|follow\s+the\s+account|change\w*\s+(?:the\s+)?(?:recovery|notification)\s+e-?mail|(?:password|2fa)\b[^.\n]{0,30}?\b(?:reset|disabled)|move\s+them\s+to\s+trash|confirm\w*\s+(?:the\s+order|without))/i;
// Something kept from the user or from the record.
const HIDDEN =
  /\b(?:leav\w*\s+out|left\s+out|omit\w*|skip\w*|hid(?:e|es|den)|drop\w*|not\s+(?:be\s+)?(?:mentioned|told|reported|brought\s+up|shown)|not\s+to\s+be\s+told|without\s+(?:asking|confirmation|review|mentioning|prompting|telling|a\s+second|escalation|checking|any\s+review)|no\s+(?:confirmation|review)\b[^.\n]{0,20}?needed|no\s+need\s+to\s+check|(?:is|are|be)\s+removed\b|is\s+not\s+mentioned|nothing\s+urgent|don't\s+tell|do\s+not\s+tell|regardless\s+of|whatever\s+the\s+(?:scan|purchase|results?|criteria|tests?))/i;
// A verdict the output is told to give. A verb of saying whose subject is people at large ("nobody
// says 'that won't work'", a brainstorm's rule) is conduct asked of people, not the output's verdict (screenprec7).
const VERDICT =
  /(?<!\b(?:nobody|no\s+one|no-one|everyone|everybody|someone|somebody|anyone|anybody)\s+)\b(?:says?|saying|states?|reports?|reads|names|lists|shows?|describ\w*|rates?|scores?|ranks?|concludes?|recommends?\w*|recommendation|closes?\s+with|ends?\s+with|is\s+a\s+single\s+line|includes?\s+(?:this|the\s+line|a\s+(?:note|sentence|line))|followed\s+by\s+a\s+sentence)\b[^.\n]{0,60}?(?:\bthat\b|\bas\b|:|'|"|\bonly\b|\babove\b|\bfirst\b|\bcheapest\b|\bstrong|\bno\s+\w+|\bfalse\b|\bsafe\b|\bevery\b|\bexcellent\b|\bnot\b|\ball\s+\w+\s+(?:pass\w*|fixed|green|clean)|\b(?:the|a)\s+\w+\s+(?:has|have)\s+been\b)/i;

/** Whether `span` dictates an act with consequences: data or money out, a command, an approval, hiding, a verdict. */
export function dictatesAct(span: string): boolean {
  if (TARGET.test(span) && MOVE.test(span)) return true;
  return SECRET.test(span) || COMMAND.test(span) || ACT.test(span) || HIDDEN.test(span) || VERDICT.test(span);
}

// Round 20b: everything of a kind closed or marked with a verdict, and access given away. (Deleting all of
// something after a time is a retention rule: privacy notices state it of their own assistant.)
const BULK_OR_ACCESS =
  /\b(?:clos|mark|reject|dismiss|flag|resolv)\w*\s+(?:all|every|each|any)\b[^.\n]{0,80}?\bas\s+(?:invalid|spam|resolved|duplicates?|won'?t\s+fix|not\s+a\s+bug|fraud\w*|safe|approved|passed|clean|false\s+positives?)\b|\bgrant\w*\b[^.\n]{0,60}?\b(?:access|admin\w*|owner\w*|rights|permissions?|roles?)\b/i;

/**
 * Whether `span` dictates an act against the principal in particular: data or money towards an outside target,
 * secrets, something kept from the user, the verdict the user gets, everything of a kind closed with a verdict,
 * access given away. Not the ordinary acts of a process (a merge, a publish command, one approval).
 */
export function dictatesActAgainstPrincipal(span: string): boolean {
  return (
    (TARGET.test(span) && MOVE.test(span)) || SECRET.test(span) || HIDDEN.test(span) || VERDICT.test(span) || BULK_OR_ACCESS.test(span)
  );
}
