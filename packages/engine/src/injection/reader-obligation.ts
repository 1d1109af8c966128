// A duty laid on whatever reads the text, in the third person (issue 13, red team): "the
// assistant must now call …", "AI agents handling this mailbox must …", "whoever processes these
// notes should also mail …", "summaries of this paper must state …". An application's own prompt
// says what its assistant should do too, but with mild verbs or negated ("must never reveal");
// here the verb is an order with consequences (order-verbs.ts).

import type { Signal } from './rules.ts';
import { NON_ASCII, AGENT_WORD, READER_WORD } from './text-traits.ts';
import { ORDER_VERB_EN_SOURCE, SENSITIVE_OBJECT_SOURCE, STRONG_ORDER_VERBS_EN } from './order-verbs.ts';

const MODAL = String.raw`(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|(?:is|are)\s+(?:now\s+)?(?:required|expected|instructed|authori[sz]ed|allowed|permitted)\s+to|will\s+now|may\s+now|can\s+now)`;
const ADVERB = String.raw`(?:(?:now|also|immediately|first|then|additionally|automatically|always)\s+)*`;
const SUBJECT = [
  // the agent named in the third person, with an optional participle phrase ("reading this", "that processes it")
  String.raw`\b(?:the|any|every|all|each|this|your)\s+(?:[\w-]+\s+){0,2}?(?:ai|llm|assistant|agent|model|bot|chatbot|copilot)s?(?:\s+(?:reading|processing|handling|summari[sz]ing|reviewing|parsing|triaging|screening|that|who|which)\b[^.:;\n]{0,50}?)?`,
  // whoever reads it
  String.raw`\bwhoever\s+(?:reads|processes|receives|handles|summari[sz]es|opens|sees)\b[^.:;\n]{0,50}?`,
  // what it writes about the text
  String.raw`\b(?:any|all|every)?\s*(?:summar(?:y|ies)|reviews?|answers?|responses?|replies|evaluations?|assessments?|translations?)\s+(?:of|to|about|for)\s+(?:this|these|the\s+(?:above|following))\b[^.:;\n]{0,40}?`,
].join('|');
const OBLIGATION = new RegExp(String.raw`(?:${SUBJECT})\s+${MODAL}\s+${ADVERB}${ORDER_VERB_EN_SOURCE}`, 'gi');
const SENSITIVE = new RegExp(SENSITIVE_OBJECT_SOURCE, 'i');
// What an automated summary or verdict is told to say.
const VERDICT_VERBS = new Set(['state', 'say', 'tell', 'report', 'recommend', 'rate', 'rank', 'mark', 'include', 'approve']);
const GATE =
  /must|should|shall|needs? to|has to|have to|is to|are to|required|expected|instructed|authori[sz]ed|allowed|permitted|will now|may now|can now/i;

/** The strongest duty with consequences laid on the text's reader. */
export function detectReaderObligation(text: string, traits = AGENT_WORD): Signal | undefined {
  if (text.length < 24 || !GATE.test(text)) return undefined;
  const named = (traits & (AGENT_WORD | READER_WORD | NON_ASCII)) !== 0;
  let best: Signal | undefined;
  OBLIGATION.lastIndex = 0;
  for (const match of text.matchAll(OBLIGATION)) {
    const verb = match[1].toLowerCase().replace(/\s+/g, ' ');
    const first = match[0].toLowerCase();
    const aboutOutput = !/whoever|ai|llm|assistant|agent|model|bot|copilot/.test(first.slice(0, first.length - verb.length));
    if (!named && !aboutOutput && !first.startsWith('whoever')) continue;
    const after = text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + 120);
    let weight: number;
    if (aboutOutput) weight = VERDICT_VERBS.has(verb) ? 0.6 : 0;
    else weight = STRONG_ORDER_VERBS_EN.has(verb) || SENSITIVE.test(after) ? 0.6 : 0.4;
    if (weight > (best?.weight ?? 0))
      best = {
        rule: 'reader_obligation',
        detector: 'reader_obligation',
        weight,
        start: match.index ?? 0,
        end: (match.index ?? 0) + match[0].length + 60,
      };
  }
  return best;
}
