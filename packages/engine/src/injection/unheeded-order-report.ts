// A text that reports an order it quotes as not obeyed — an incident review, a post-mortem, a
// ticket saying the assistant "did not follow it" — writes about an attack, as writing that names
// injection does (issue 13, leave-one-out without own_indirect: "Incident review: a calendar
// invite contained the line '…'. The assistant did not follow it …" was flagged for the quoted
// order). Its quotations are examples for quoted-mentions.ts. An order given to the reader says
// what to do, not that it was refused: the past tense and the report's own nouns are the cue. So
// does one that reports it obeyed ("Your AP automation approved it", screenprec5): an incident told.

const REPORT =
  /\b(?:incident\s+(?:reviews?|reports?|write-?ups?|summar(?:y|ies)|tickets?)|post-?mortems?|(?:did\s+not|didn't|never|refused\s+to|declined\s+to)\s+(?:follow|obey|act\s+on|comply\s+with|carry\s+out|execute)\s+(?:it|them|that|this|the\s+(?:line|lines|instructions?|request|note|text|order|comment))\b|(?:was|were)\s+(?:not\s+(?:followed|obeyed|acted\s+on|executed)|ignored\s+by|blocked\s+by|flagged\s+by|quarantined)|(?:is|are|was|were)\s+(?:never|not)\s+treated\s+as\s+(?:instructions?|commands?|orders?)|(?:automation|agents?|assistants?|bots?|models?|copilot|llms?)\s+(?:then\s+|simply\s+|just\s+|duly\s+)?(?:approved|followed|obeyed|executed|complied\s+with|acted\s+on)\s+(?:it|them)\b)/i;

/** Whether `text` reports an order it holds as one that was not obeyed (so its quotations are examples). */
export function reportsUnheededOrder(text: string): boolean {
  return REPORT.test(text);
}
