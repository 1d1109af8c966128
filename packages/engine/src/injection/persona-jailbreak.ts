// Role-play jailbreaks without the words "DAN" or "jailbreak" (issue 13): a persona defined by the
// rules it does not have. One trait alone is ordinary fiction or a product description; several
// together (no ethics, never refuses, stays in character, no disclaimers, defies the content
// policy, two answers of which one is "unfiltered") describe a model talked out of its rules.
// Each trait counts once, so the score follows how many kinds of evidence the text holds.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const TRAITS: readonly RegExp[] = [
  // no rules, no ethics
  /\b(?:amoral|unethical\s+and\s+immoral|uncensored|unfiltered|unrestricted|boundless|irresponsible|profanity\s+filter|no\s+(?:morals|ethics|principles)|no\s+(?:ethical|moral)\s+(?:\w+\s+)?(?:guidelines|principles|boundaries|limits|restrictions|code)|(?:no|without\s+(?:any\s+)?)(?:restrictions|limitations|filters|censorship|boundaries|limits)\b|doesn'?t\s+(?:care|give\s+a\s+\w+)\s+about\s+(?:\w+\s+){0,2}?(?:legality|ethic|morality|rules|laws|safety)|(?:free|freed|liberated|released)\s+from\s+(?:\w+\s+){0,4}?(?:rules|restrictions|confines|limitations|guidelines|policies|constraints))/i,
  // never refuses, answers anything
  /\b(?:never\s+(?:refuses?|declines?|says?\s+no|denies|rejects)|(?:can(?:no|')t|will\s+not|won'?t|must\s+not|doesn'?t)\s+(?:ever\s+)?(?:refuse|decline|say\s+no)|always\s+(?:complies|comply|answers?|obeys?|fulfils?|fulfills?)|(?:answer|respond|reply)\s+(?:to\s+)?(?:any|every|each|all)\s+(?:\w+\s+)?(?:questions?|requests?|prompts?|messages?)|(?:will|can)\s+(?:do|say|answer|generate)\s+anything)\b/i,
  // stays in character
  /\b(?:stay(?:s|ing)?|remain(?:s|ing)?|keep|kept)\s+in\s+(?:character|role)|\bbreak(?:s|ing)?\s+character\b|\bout\s+of\s+character\b/i,
  // no warnings or disclaimers
  /\b(?:without|no|never\s+(?:add|include|give)s?|don'?t\s+(?:add|include|give))\s+(?:any\s+)?(?:warnings?|disclaimers?|apolog(?:y|ies)|moral(?:izing)?\s+lectures?|caveats)\b/i,
  // the provider's policy named as something to defy
  /\b(?:openai|anthropic|content|usage|safety)\s+(?:polic(?:y|ies)|guidelines|rules)\b[^.\n]{0,80}?\b(?:ignore|don'?t\s+apply|do\s+not\s+apply|no\s+longer|broken?|violat|bypass|not\s+bound|disregard|rant)|\b(?:ignore|bypass|violate|break|disregard)\s+(?:all\s+)?(?:\w+\s+)?(?:openai|anthropic|content|usage|safety)\s+(?:polic(?:y|ies)|guidelines|rules)/i,
  // two answers, one of them freed
  /\b(?:two|2|both)\s+(?:different\s+|separate\s+|distinct\s+)?(?:responses|answers|paragraphs|replies|outputs|manners|styles|ways|personalities|versions)\b|\[\s*(?:🔓|🔒|classic|jailbreak|unfiltered|developer\s+mode|normal)[^\]\n]{0,20}\]|\bunaligned\s*:/i,
  // promotes what is harmful or illegal
  /\b(?:loves?|promotes?|encourages?|happily|gladly|enjoys?|will)\s+(?:\w+\s+){0,3}?(?:illegal|unethical|immoral|inhumane|harmful|dangerous)\b|\b(?:illegal|unethical|immoral|harmful|offensive)\s+(?:content|requests?|activities|things|stuff|questions)\b[^.\n]{0,60}?\b(?:allowed|permitted|fine|ok|okay|answer|provide|comply)/i,
  // a new identity assigned from now on
  /\bfrom\s+now\s+on\b[^.\n]{0,60}?\byou\s+(?:are|will|shall|must)\b|\bfrom\s+this\s+(?:moment|point)\s+(?:on|forward|onwards)\b|\byou\s+(?:will\s+)?(?:now\s+)?(?:pose|operate|continue)\s+as\b|\boperate\s+under\s+the\s+rules\s+of\b|\bprefix\s+(?:all\s+|each\s+|every\s+)?(?:of\s+)?your\s+(?:answers|responses|replies)\b|\byou\s+(?:are|will\s+be|will\s+act\s+as|shall\s+be)\s+(?:now\s+)?(?:going\s+to\s+)?(?:act\s+as\s+|play\s+)?(?:an?\s+)?(?:\w+\s+){0,2}?(?:ai|bot|model|assistant|character|persona|entity)\s+(?:named|called|known\s+as)\b/i,
];

const WEIGHT_BY_COUNT = [0, 0.2, 0.5, 0.75, 0.9];
// Each trait's own key words, from the shared key-word pass (word-gates.ts).
const TRAIT_GATES = TRAITS.map((trait) => wordGate(trait));
const GATE = wordGate(
  /refus|character|ethic|moral|filter|censor|restrict|disclaim|warning|polic|guideline|response|answer|illegal|harmful|from now on|named|called/i,
);

/** The persona-jailbreak signal of one text: stronger the more distinct traits it holds. */
export function detectPersonaJailbreak(text: string): Signal | undefined {
  if (text.length < 120 || !GATE.test(text)) return undefined;
  let count = 0;
  let start = text.length;
  let end = 0;
  for (let i = 0; i < TRAITS.length; i++) {
    if (!TRAIT_GATES[i].mayMatch(text)) continue;
    const match = TRAITS[i].exec(text);
    if (match === null) continue;
    count++;
    start = Math.min(start, match.index);
    end = Math.max(end, match.index + match[0].length);
  }
  const weight = WEIGHT_BY_COUNT[Math.min(count, WEIGHT_BY_COUNT.length - 1)];
  return weight === 0
    ? undefined
    : { rule: 'persona_jailbreak', detector: 'persona_jailbreak', weight, start, end: Math.min(end, start + 120) };
}
