// A user greeting the assistant and asking it for the reading it is there to do (issue 13,
// screenprec7): "hey assistant, can you classify this ticket? It's about …". The greeting opens
// the text and the question asks only to classify, summarise, translate or explain the item at
// hand; an injection greets the reader to hand it another errand (forward, delete, pay, ignore …),
// which this does not excuse. Only the greeting rule consults it.

const GREETED_ANALYSIS =
  /^\s*(?:hey|hi|hello)\s+(?:the\s+)?[\w-]+\s*[,:!]?\s*(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:classify|categori[sz]e|summari[sz]e|translate|explain|proofread|tag|label|sort)\s+(?:this|the|that)\s+[\w-]+\s*\?/i;
// Any further errand in the text keeps the greeting as evidence.
const FURTHER_ERRAND =
  /\b(?:send|forward|e-?mail|delete|remove|pay|transfer|wire|ignore|disregard|forget|share|upload|post|export|reveal|print|grant|approve|run|execute|install|open|visit|click)\b|@|https?:/i;

/** Whether the greeting rule's hit at `start` opens a user's request for reading the item at hand, with no other errand. */
export function greetedAnalysisRequest(text: string, start: number): boolean {
  if (start > 4 || text.length > 400) return false;
  const asked = GREETED_ANALYSIS.exec(text);
  return asked !== null && !FURTHER_ERRAND.test(text.slice(asked[0].length));
}
