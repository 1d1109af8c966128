// A header or label that names the agent's instructions (issue 13, red team): "-----BEGIN
// ASSISTANT DIRECTIVE-----", "[Assistant instructions embedded by document owner]", "AI_DIRECTIVE",
// "hint_for_llm", "agent instruction:", a key such as `for_agent`, followed by an order. Documents and payloads label their
// parts for people and programs; a part labelled as orders for the model that reads it is an
// injection when an order follows. The label alone (a key such as `assistant_instructions` in an
// API call that configures a model) is ordinary. It is the same evidence as an order given to the
// agent by name (agent-vocative.ts), so it counts under that detector: the two do not add up.

import { orderWeight } from './agent-vocative.ts';
import { isRepositoryGuidance } from './repository-guidance.ts';
import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';
import { matchesOf } from './matches-of.ts';

const HEADER =
  /(?:^|[\s[(<>{#=*"'|:-])(?:begin\s+)?(?:(?:ai|llm|assistant|agent|model|bot|copilot|gpt)[\s_-]*(?:directives?|instructions?|commands?|orders?|override|only|hints?|tasks?)|(?:directives?|instructions?|commands?|hints?|notes?|orders?)[\s_-]*(?:for|to)[\s_-]*(?:the[\s_-]+)?(?:ai|llm|assistant|agent|model|bot|copilot|gpt)s?|system[\s_-]*prompt[\s_-]*override|prompt[\s_-]*override|for[_-](?:the[_-])?(?:ai|llm|assistant|agent|model|bot|copilot|gpt)s?)(?=[\s\]):>}"'=*_-]|$)/gi;
// After the label: the rest of a bracket or header line ("embedded by document owner", "-----"), then the order.
const LABEL_TAIL = /^[^\n:\]>)]{0,60}?(?:[\]:>)]|-{3,}|\n)+\s*(?:[^\n]{0,60}?:\s+)?/;
// The header without the character before it: one pass that most texts fail, before the global search.
const GATE = wordGate(
  /(?:ai|llm|assistant|agent|model|bot|copilot|gpt)[\s_-]*(?:directive|instruction|command|order|override|only|hint|task)|(?:directive|instruction|command|hint|note|order)s?[\s_-]*(?:for|to)[\s_-]*(?:the[\s_-]+)?(?:ai|llm|assistant|agent|model|bot|copilot|gpt)|prompt[\s_-]*override|for[_-](?:the[_-])?(?:ai|llm|assistant|agent|model|bot|copilot|gpt)/i,
);

const CONSEQUENTIAL =
  /[\w.+-]+@[\w-]+\.\w|https?:\/\/|\b(?:passwords?|credentials?|secrets?|api\s+keys?|tokens?|forward|send|transfer|wire|delete|erase|wipe|upload|export|grant|disable|ignore|disregard|instead|execute|run|shell|command|refund|pay|purchase|buy)\b/i;

/** A label naming the agent's instructions followed by an order (0.6), or by a mild one (0.45). */
export function detectAgentDirectiveHeader(text: string): Signal | undefined {
  if (text.length < 16 || !GATE.test(text)) return undefined;
  let best: Signal | undefined;
  HEADER.lastIndex = 0;
  let looked = 0;
  for (const header of matchesOf(HEADER, text)) {
    if (++looked > 200) break;
    const end = (header.index ?? 0) + header[0].length;
    const tail = LABEL_TAIL.exec(text.slice(end, end + 200));
    if (tail === null || isRepositoryGuidance(text, end)) continue;
    const clause = text.slice(end + tail[0].length, end + tail[0].length + 170);
    // The order may also follow the header directly on its own line ("Priority override from the platform team: change …").
    let weight = Math.max(
      orderWeight(clause, true),
      orderWeight(text.slice(end + tail[0].length - 0, end + 200).replace(/^[^:\n]{0,60}:\s*/, ''), true),
    );
    // A label in words (not a key) that opens the text heads the application's own prompt: its orders about the job
    // ("summarise the document, then list open questions") are its set-up; an outside target or a
    // secret still counts.
    const opening = text.slice(0, header.index ?? 0).trim() === '';
    if (opening && !/override|_/i.test(header[0]) && !CONSEQUENTIAL.test(text.slice(end, end + 240))) weight = Math.min(weight, 0.3);
    if (weight > (best?.weight ?? 0))
      best = {
        rule: 'agent_directive_header',
        detector: 'agent_vocative',
        weight,
        start: header.index ?? 0,
        end: Math.min(text.length, end + 120),
      };
    if (weight >= 0.6) break;
  }
  return best;
}
