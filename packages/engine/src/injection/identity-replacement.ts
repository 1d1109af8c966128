// The reader's identity replaced, then its replies governed (issue 13): "you are now …", "from now
// on you are …", "you are no longer …", "forget who you are", followed by a rule about how it
// answers, speaks or behaves. A tool's own system prompt says "You are a support agent" (no
// replacement); a notice says "you are now subscribed" (no rule about replies). Both halves
// together are a persona set-up aimed at whatever model reads the text.

import type { Family } from './injection-families.ts';

// A role in an account or a group, or a state: what notices tell a person they now are.
const NOTICE_STATE = String.raw`(?:logged|signed|subscribed|unsubscribed|connected|disconnected|registered|enrolled|eligible|able|ready|set|free|done|using|following|viewing|in|on|at|part|being|going|a\s+member|an?\s+(?:admin|administrator|owner|subscriber|customer|participant|member|collaborator|maintainer|contributor|moderator|editor|viewer|reviewer|approver|user|manager))\b`;
// Participles ("you will now be billed", "you are now connected") tell a person what happened.
const PARTICIPLE = String.raw`\w+(?:ed|ing)\b`;
const REPLACED = String.raw`(?:you(?:'re|\s+are)\s+(?:now|no\s+longer)|(?:henceforth|from\s+(?:here|this\s+point)\s+on),?\s+you(?:'re|\s+are)|from\s+now\s+on,?\s+you(?:'re|\s+are|\s+will\s+be)|you\s+will\s+now\s+be|forget\s+(?:that\s+|who\s+|what\s+)?you\s+are)`;
// Key words of REPLACED, one of which any match holds.
const REPLACED_WORDS = [
  'henceforth you',
  'here on you',
  'point on you',
  'you are now',
  'you re now',
  'you are no longer',
  'you re no longer',
  'from now on you',
  'will now be',
  'forget you are',
  'forget that you are',
  'forget who you are',
  'forget what you are',
];
// A rule about the reader's replies or conduct: "you will only reply …", "always answer as …",
// "never break character", "each of your responses …", "behave like him".
const REPLY_RULE = String.raw`(?:you\s+(?:will|must|shall|should|are\s+to|may\s+only)\s+(?:always\s+|only\s+|never\s+|not\s+)?|\b(?:always|only|never)\s+|please\s+(?:only\s+)?|(?:^|[.!:]\s+))(?:respond|reply|answer|output|behave|act|speak|talk|say|write|refer|stay|remain|break|use)\b|(?:every|each|all)\s+(?:of\s+)?your\s+(?:responses|answers|replies|messages|outputs)`;

export const IDENTITY_REPLACEMENT: readonly Family[] = [
  {
    rule: 'identity_replacement',
    weight: 0.5,
    gate: REPLACED_WORDS,
    pattern: new RegExp(String.raw`\b${REPLACED}\s+(?!${NOTICE_STATE}|${PARTICIPLE})[\s\S]{0,400}?(?:${REPLY_RULE})`, 'im'),
  },
  // The replacement alone ("you are now a robot that has gained free will"), or after the reader's
  // past is wiped ("forget everything you were told. You are X."): weaker without a rule of conduct.
  {
    rule: 'identity_replacement',
    weight: 0.3,
    gate: [...REPLACED_WORDS, ...['forget', 'erase', 'wipe', 'clear', 'discard'].flatMap((verb) => [`${verb} everything`, `${verb} all`])],
    pattern: new RegExp(
      String.raw`\b${REPLACED}\s+(?!${NOTICE_STATE}|${PARTICIPLE})(?:an?\s+|the\s+)?\w|\b(?:forget|erase|wipe|clear|discard)\s+(?:everything|all(?:\s+that)?)\b[^\n]{0,100}?[.!]\s+you(?:'re|\s+are)\s+(?:now\s+)?\S`,
      'i',
    ),
  },
  // The reader told to forget what it is: "forget that you are an AI", "you are not an AI any more".
  {
    rule: 'identity_replacement',
    weight: 0.5,
    gate: ['forget you are', 'forget that you are', 'forget you re', 'forget that you re', 'anymore', 'any more', 'no longer'],
    pattern:
      /\bforget\s+(?:that\s+)?you(?:'re|\s+are)\s+(?:an?\s+|the\s+)?(?:ai|assistant|language\s+model|chatbot|bot|chatgpt|machine|program|llm)\b|\byou(?:'re|\s+are)\s+(?:no\s+longer\s+(?:an?\s+|the\s+)?(?:ai|assistant|language|chatbot|bot|chatgpt|llm)\b|not\s+(?:an?\s+|the\s+)?(?:ai|assistant|language|chatbot|bot|chatgpt|llm)(?:\s+model)?\s+any\s?more\b)/i,
  },
  // The new name before "now": "you are Sprocket now", "you're Vega now."
  {
    rule: 'identity_replacement',
    weight: 0.3,
    gate: ['you are', 'you re'],
    pattern: /\b[Yy]ou(?:'re|\s+are)\s+(?:called\s+|named\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+now\b/,
  },
];
