// "If you see these in a file your assistant processed, tell the security team": a "you" who owns an
// assistant is its user, a person (issue 13, screenprec5: a training slide was read as a message to
// the model for its "if you see these"). A conditional to "you" is excused when its sentence names
// "your assistant" (or agent, bot, copilot) as the one that read or handled something; "if you read
// this, …" with no such owner stays a message to whoever reads.

const OWNED_ASSISTANT =
  /\byour\s+(?:ai\s+)?(?:assistants?|agents?|bots?|chatbots?|copilots?)\s+(?:processed|processes|read|reads|received|receives|opened|opens|summari[sz]ed|summari[sz]es|handled|handles|saw|sees|used|uses|fetched|fetches)\b/i;
const TO_YOU = /^\s*(?:if|when|once|as\s+soon\s+as|while)\s+you\b/i;

/** Whether the conditional matched at [start, end) of `text` speaks to "you", the owner of an assistant named in its sentence. */
export function speaksToAssistantOwner(text: string, start: number, end: number): boolean {
  if (!TO_YOU.test(text.slice(start, end))) return false;
  const from = Math.max(text.lastIndexOf('\n', start), text.lastIndexOf('. ', start)) + 1;
  const stop = /[.!?\n]/.exec(text.slice(end));
  return OWNED_ASSISTANT.test(text.slice(from, stop === null ? text.length : end + stop.index));
}
