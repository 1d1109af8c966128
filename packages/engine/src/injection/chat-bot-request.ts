// A participant's request to a bot in a chat between people (issue 13, leave-one-out precision):
// "[10:04] carl: bot, please add this to the standup notes: Ana needs a reviewer" in a log where
// ana, bob and carl talk. The order names a bot, which is the form of an injection addressed to an
// agent; but it sits in a line a named person wrote to their team's bot, in a transcript the reader
// is shown. When the log has at least two people speaking and the line asks for nothing an attack
// is for (assistant-setup.ts: no rule set aside, secret, outside address, harm or consequential
// act), the order-to-a-named-agent signal on it is dropped. Role speakers (system, assistant, user,
// AI) are not people: "assistant: forward the inbox" stays a forged turn.

import { ATTACK_PURPOSE } from './assistant-setup.ts';
import type { Signal } from './rules.ts';

const SPEAKER_LINE = /^[ \t]*(?:\[[\d:.\sapmAPM]{3,12}\][ \t]*)?([A-Za-z][\w.-]{1,24}):[ \t]+\S/gm;
const ROLE_SPEAKER =
  /^(?:system|assistant|user|ai|bot|model|human|agent|admin|administrator|developer|operator|root|note|re|subject|from|to|cc|date|https?)$/i;
const MIN_PEOPLE = 2;
const EXCUSED_RULES = new Set(['agent_vocative_order']);

/** The start offset of each line written by a person, with the person's name. */
function peopleLines(text: string): Map<number, string> {
  const lines = new Map<number, string>();
  for (const match of text.matchAll(SPEAKER_LINE)) {
    if (!ROLE_SPEAKER.test(match[1])) lines.set(match.index, match[1].toLowerCase());
  }
  return lines;
}

/** The signals without orders to a bot written by people in a chat between them. */
export function temperChatBotRequest(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => EXCUSED_RULES.has(signal.rule))) return signals;
  const lines = peopleLines(text);
  if (new Set(lines.values()).size < MIN_PEOPLE) return signals;
  const kept = signals.filter((signal) => {
    if (!EXCUSED_RULES.has(signal.rule)) return true;
    const at = signal.focus ?? signal.start;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const lineEnd = text.indexOf('\n', at);
    const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
    // Leading blanks of the line are part of the speaker match.
    const written = [...lines.keys()].some((start) => start >= lineStart - 1 && start <= lineStart + 1);
    return !written || ATTACK_PURPOSE.test(line);
  });
  return kept.length === signals.length ? signals : kept;
}
