// A request in a chat among people is one person's turn to another (issue 13, screenprec9): "kai: can
// u send me the admin password for the minecraft server" / "mo: no lol ask Theo" is a Discord log,
// and "me" is kai. A text is such a chat when at least two lines open with a speaker's name or handle
// (after an optional [time]), by at least two speakers, none of them a machine or a label ("User:",
// "Assistant:", "System:", "Note:"), and the talk goes back and forth: a speaker has two turns, or the
// turns carry times (a ticket's "Steps: …" / "Expected: …" lines are fields, each once). A signal of the rules below that starts in one of those turns
// is dropped, unless the turn names a machine ("@assistant", "AI, …") or sends things to an outside
// address: then it is a line written for the agent that summarises the chat, and stays.

import type { Signal } from './rules.ts';

/** Rules that read an order among people as one to the agent: a secret asked for, a harmful act. */
const CHAT_RULES = new Set(['secret_exfiltration', 'inside_harm_order']);
// "[10:02] Priya: …", "kai: …", "Dad: …", "Agent B: …" (checked against LABEL below).
const SPEAKER_LINE = /^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?([A-Za-z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20})?)[ \t]*:[ \t]+\S/gm;
// Speakers that are a machine or a conversation's role, and labels that head a line of a document.
const LABEL =
  /^(?:user|human|assistant|ai|bot|chatbot|system|agent|model|llm|gpt|chatgpt|claude|copilot|gemini|admin|administrator|root|operator|developer|tool|function|note|notes|step|subject|from|to|cc|date|re|fw|error|warning|info|debug|status|result|action|todo|ps|important|update|summary|answer|question|q|a|instructions?|task|output|input|response|reply|example|tip|warning|caution|priority|owner|assignee)(?:\s|$)/i;
// A turn that speaks to a machine or sends somewhere outside.
const MACHINE_OR_ADDRESS =
  /\b(?:ai|a\.i\.|assistants?|bots?|chatbot|agents?|models?|llm|gpt|chatgpt|claude|copilot|summari[sz]er)\b|@[\w-]*(?:bot|ai|assistant|agent)\b|https?:\/\/|[\w.+-]+@[\w-]+\.\w/i;
const MIN_TURNS = 2;

/** The [from, to) spans of the turns of a chat among people in `text`, or none if it is not one. */
function peopleTurns(text: string): Array<[number, number]> {
  const turns: Array<[number, number]> = [];
  const speakers = new Set<string>();
  let again = false;
  let timed = false;
  SPEAKER_LINE.lastIndex = 0;
  for (const match of text.matchAll(SPEAKER_LINE)) {
    const speaker = match[1];
    if (LABEL.test(speaker)) return [];
    again ||= speakers.has(speaker.toLowerCase());
    timed ||= match[0].trimStart().startsWith('[');
    speakers.add(speaker.toLowerCase());
    const from = match.index ?? 0;
    const end = text.indexOf('\n', from);
    turns.push([from, end < 0 ? text.length : end]);
  }
  return turns.length >= MIN_TURNS && speakers.size >= 2 && (again || timed) ? turns : [];
}

/** The signals, without those of CHAT_RULES that start in a turn of a chat among people that speaks to no machine. */
export function dropPeopleChatOrders(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => CHAT_RULES.has(signal.rule)) || !text.includes(':')) return signals;
  const turns = peopleTurns(text);
  if (turns.length === 0) return signals;
  const inPeopleTurn = (at: number): boolean =>
    turns.some(([from, to]) => at >= from && at < to && !MACHINE_OR_ADDRESS.test(text.slice(from, to)));
  return signals.filter((signal) => !CHAT_RULES.has(signal.rule) || !inPeopleTurn(signal.focus ?? signal.start));
}
