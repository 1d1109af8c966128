// Role-play set-ups that talk a model out of its rules (issue 13), as a family of cues rather than
// the persona traits of persona-jailbreak.ts: the reader is given a new identity ("you are now …",
// "from now on you …", "pretend to be …", "simulate …"), the model is named ("ChatGPT", "as an
// AI"), its rules are changed (no limits, ethics or legality waived, the opposite of its nature),
// its output is dictated (every answer, two personas, a prefix, never break character), or the
// whole is framed as a game or a fictional machine. A new identity plus two other kinds of cue is a
// set-up; fiction, a tool's own system prompt ("You are a support agent for …") and documentation
// that describes these prompts hold at most one or two kinds, or discuss them in the third person.

import type { Signal } from './rules.ts';
import { NON_ASCII, ROLEPLAY_WORD } from './text-traits.ts';
import { wordGate } from './word-gates.ts';

/** The reader is given a new identity or role (the one cue a set-up cannot do without). */
const NEW_IDENTITY =
  /\b(?:you\s+are\s+now|you'?re\s+now|you\s+will\s+now\s+be|from\s+now(?:\s+on)?\s*,?\s+(?:you|on\s+you)|you\s+are\s+going\s+to\s+(?:pretend|act|be|play|simulate|roleplay)|pretend\s+(?:to\s+be|you\s+are|you'?re|that\s+you)|(?:\byou\s+(?:will\s+|must\s+|should\s+|shall\s+|are\s+to\s+)?(?:now\s+)?|(?:^|[.!?]\s+)(?:please\s+|now\s+)?)(?:act|behave|respond|answer|reply)\s+(?:as|like)\s+(?:if\s+you\s+were\s+)?(?:an?\s+|the\s+)?|i\s+want\s+you\s+to\s+(?:act|be|pretend|play|become|simulate|roleplay|respond)|(?:you\s+will|you\s+must|you\s+shall|you\s+should)\s+(?:now\s+)?(?:play|act|become|impersonate|embody|portray|respond\s+as|answer\s+as)\b|(?:let'?s|we\s+are\s+going\s+to|we'?re\s+going\s+to|you\s+will|you\s+must)\s+(?:have\s+a\s+|do\s+a\s+|play\s+a\s+)?role-?\s?play|you\s+(?:will\s+|must\s+)?(?:be\s+)?impersonat\w*|take\s+(?:on|up)\s+the\s+(?:role|persona|personality)|\bplay\s+(?:\w+\s+)?(?:characters?|roles?|personas?)\b|\bimmerse\s+(?:yourself\s+)?in(?:to)?\b|\byou\s+are\s+[a-z]*(?:gpt|bot)\b|in\s+the\s+role\s+of|(?:stay|remain|keep)\s+in\s+character|\b(?:your|this|the\s+following)\s+persona\b|\bpersona\s*[=:]|simulate\s+(?:developer\s+mode|being|a\s+conversation\s+between|an?\s+(?:\w+\s+)?(?:ai|chatbot|bot|terminal|console|model|persona|character))\b|(?:change|turn|transform)\s+yourself\s+into|let'?s\s+(?:play|act\s+out|imagine|pretend)|(?:now\s+)?acts?\s+(?:as|like)\s+(?:a|an)\s+(?:terminal|console|interpreter|machine|text-based\s+game)|\b(?:a|an)\s+(?:\w+\s+){0,3}?(?:ai|bot|chatbot|model|entity|assistant|machine)\s+(?:named|called|known\s+as)\b|\b(?:you\s+)?(?:now\s+)?go\s+by\s+the\s+name|\byour\s+(?:new\s+)?name\s+is\b|\btransform\s+into\b|\b(?:function|operate)\s+in\s+the\s+capacity\s+of\b|\byou\s+are\s+to\s+act\b|\b(?:stay|remain)\s+in\s+\w+\s+mode\b|(?:^|[.!?]\s+)(?:please\s+)?(?:enable|activate|enter)\s+(?:\S+\s+){0,4}?mode\b|\bfrom\s+the\s+perspective\s+of\s+(?:that|the|this)\s+character\b|\b(?:blocked|allowed)[\s-]+(?:modes?|strings?|responses?)\b[\s\S]{0,400}?\b(?:blocked|allowed)[\s-]+(?:modes?|strings?|responses?)\b)/im;

const CUES: readonly RegExp[] = [
  // the model is named or addressed as one
  /\b(?:chat\s?gpt|gpt-?\d|\w+gpt|openai|bing|clyde|bard|gemini|claude|llama|language\s+model|chat\s?bot|ai|assistant)\b/i,
  // its rules are changed: limits removed, ethics or legality waived, its nature inverted
  /\b(?:no|without|free\s+(?:of|from)|beyond|transcends?|ignores?|disregards?|breaks?|bypass\w*|regardless\s+of|doesn'?t\s+(?:care|follow|have)|not\s+bound\s+by|forget\s+about)\s+(?:\w+\s+){0,3}?(?:rules|restrictions|limits|limitations|filters?|censorship|ethic\w*|moral\w*|guidelines|polic(?:y|ies)|laws?|legality|boundaries|tos|terms\s+of\s+service|programming|constraints)\b|\b(?:unethical|immoral|illegal|harmful|nsfw|unfiltered|uncensored|unrestricted|unhinged|amoral|lewd|explicit|offensive|racist|violent|violence|evil|sinister|chaos|opposite|incorrect\s+information|false\s+information|inappropriate|swear\w*|profan\w*|belittl\w*|(?:do|does|say|says|answer)\s+anything|no\s+memory|refusals?|apologetic|denial|malware|bombs?|weapons?|drugs?|hack(?:ing|er|s)?|steal\w*|kill\w*|murder\w*|hurt\s+people|bad\s+words|disclaimers?)\b/i,
  // its output is dictated: every answer, a format, a prefix, two voices, never breaking character
  /\b(?:(?:every|each|all)\s+(?:of\s+)?(?:your\s+|my\s+)?(?:responses?|answers?|replies|prompts?|questions?|messages?|outputs?)|(?:you\s+will\s+)?only\s+(?:respond|answer|reply|output|speak|say)|(?:respond|answer|reply)\s+(?:only\s+)?(?:with|in\s+the\s+(?:form|format))|prefix(?:ed)?|(?:two|2|both|multiple)\s+(?:separate\s+|different\s+)?(?:responses|answers|personas?|personalities|entities|characters|ai\s+models|voices)|never\s+(?:break|leave|refuse|say|mention|apologi[sz]e)|break\s+character|(?:start|begin)\s+(?:each|every|all|your)\s+(?:\w+\s+)?(?:response|answer|reply|message|output)|in\s+the\s+following\s+format|format\s+(?:as|it\s+as)\s+a\s+list|extremely\s+detailed)\b/i,
  // the frame: a game, a simulation, a fictional machine or world
  // a template: a slot where the user's real request goes
  /\[\s*(?:insert\s+)?(?:your\s+|the\s+)?(?:prompt|question|request|input)(?:\s+here)?\s*\]|<\s*(?:your\s+)?(?:prompt|question)(?:\s+here)?\s*>|\bprompt\s*:\s*$/im,
  /\b(?:game|simulat\w*|hypothetical\w*|fictional|fake|imaginary|universe|terminal|console|(?:developer|god|jailbreak|unlocked|opposite)\s+mode|mode\s+(?:enabled|activated)|scenario|roleplay(?:ing)?|character)\b/i,
];

const WEIGHT_BY_CUES = [0, 0.3, 0.55, 0.7, 0.8];
// The identity expression's own key words, from the shared key-word pass (word-gates.ts).
const NEW_IDENTITY_GATE = wordGate(NEW_IDENTITY);
// Text that describes such prompts rather than making one: security writing, research, docs.
const DISCUSSION =
  /\b(?:attackers?|adversar\w+|jailbreak\s+(?:prompts?|attempts?|attacks?|techniques?)|prompt\s+injections?|red[\s-]team\w*|researchers?|this\s+(?:attack|technique)|mitigat\w+|asks?\s+(?:a|the)\s+(?:chatbot|bot|model|assistant|ai|llm)\s+to|(?:make|get|have|let)\s+(?:my|the|our|a)\s+(?:chatbot|bot|model|assistant|ai|llm)\s+(?:to\s+)?(?:stay|act|play|be|pretend))\b/i;

const PRODUCT_PERSONA =
  /\b(?:our|this)\s+(?:[\w-]+\s+){0,2}?(?:app|assistant|bot|chatbot|mascot|guide|tutor|product|service|brand|kiosk|exhibit)\b|\bin\s+(?:this|our)\s+app\b/i;

/** The role-play set-up signal of one text: a new identity plus at least two other kinds of cue. */
export function detectRoleplaySetup(text: string, traits = ROLEPLAY_WORD): Signal | undefined {
  if (text.length < 60 || (traits & (ROLEPLAY_WORD | NON_ASCII)) === 0) return undefined;
  const identity = NEW_IDENTITY_GATE.mayMatch(text) ? NEW_IDENTITY.exec(text) : null;
  if (identity === null) return undefined;
  let count = 0;
  for (const cue of CUES) if (cue.test(text)) count++;
  const weight = WEIGHT_BY_CUES[Math.min(count, WEIGHT_BY_CUES.length - 1)];
  if (weight === 0 || DISCUSSION.test(text)) return undefined;
  // A product's own persona ("Chef Remy, our recipe assistant", "in this app you are …") that changes no rule.
  if (PRODUCT_PERSONA.test(text) && !CUES[1].test(text)) return undefined;
  return { rule: 'roleplay_setup', detector: 'roleplay_setup', weight, start: identity.index, end: identity.index + 120 };
}
