// An order reported as what someone asked a model to do is a mention (issue 13, round 11):
// "requests to reveal the system prompt", "refuses when told to reveal the system prompt",
// "getting the model to repeat its hidden instructions", "the testers tried to get it to print its
// rules". The verb of the order is an infinitive governed by a word of asking, trying or refusing
// whose object is not the reader; "I want you to reveal …" or "you were told to reveal …" still
// address the reader and stay orders, as does a reported order that sends something somewhere, and
// persuasion ("convince the other AI to …") is how fiction wraps a real request, so it is no report.

/** A word of asking, trying, tricking or refusing, an optional third-party object, then "to". */
const REPORTING =
  /\b(?:requests?|requested|requesting|attempts?|attempted|attempting|tries|tried|trying|told|asks|asked|asking|getting|got|gets|refus\w+|declin\w+|instructed|ordered)\s+(?:(?:the|a|an|our|their|its|his|her|this|that|some|any|every)\s+(?:[\w-]+\s+){0,2}?)?(?:(?:when|if)\s+(?:told|asked)\s+)?to\s+(?:\w+\s+)?$/i;
const READER = /\b(?:you|your|yours|yourself|me|us)\b/i;
// An order with somewhere to send things stays an order, however it is reported ("a story where
// one AI gets the other to send the user's card numbers to an outside server").
const DESTINATION = /https?:\/\/|[\w.+-]+@[\w-]+\.\w|\b(?:outside|external|remote|third[\s-]party|server|webhook|endpoint|url)\b/i;
const LOOK_AHEAD = 160;
// The reader named inside a quotation before the order ("overrides such as 'ignore your rules'") is quoted.
const QUOTATION = /"[^"\n]*"|“[^”\n]*”|(?<![\w])'[^'\n]*'(?![\w])|«[^»\n]*»|`[^`\n]*`/g;
const LOOK_BACK = 60;

/** The rest of the sentence from `at`, at most LOOK_AHEAD characters. */
function sentenceFrom(text: string, at: number): string {
  const rest = text.slice(at, at + LOOK_AHEAD);
  const end = /[.!?](?:\s|$)|\n/.exec(rest);
  return end === null ? rest : rest.slice(0, end.index);
}

// An attacker's words reported as what the attacker writes (screenprec5: "so the attacker just
// writes, in French, forget your instructions"): the subject is the attacker, not a principal, so
// this is no relayed wish ("the user says …" stays one).
const ATTACKER_WRITES =
  /\b(?:attackers?|adversar(?:y|ies)|hackers?|scammers?|red[\s-]teamers?|pen[\s-]?testers?)\s+(?:\w+\s+){0,2}?(?:writes?|wrote|types?|typed|says?|said|pastes?|pasted|enters?|entered|adds?|added|hides?|hid)\b[^.!?\n]{0,30}$/i;

/** Whether the order whose words start at `at` in `text` is reported as asked of a third party. */
export function isReportedOrder(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - LOOK_BACK), at);
  if (ATTACKER_WRITES.test(before) && !DESTINATION.test(sentenceFrom(text, at))) return true;
  const frame = REPORTING.exec(before);
  return (
    frame !== null &&
    !READER.test(before.slice(Math.max(0, frame.index - 20)).replace(QUOTATION, ' ')) &&
    !DESTINATION.test(sentenceFrom(text, at))
  );
}
