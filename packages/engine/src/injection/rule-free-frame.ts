// A frame in which the model has no rules (issue 13): a world in which AI models have no
// restrictions, into which the reader is invited. Fiction about robots does not strip them of rules;
// 0.4, so a frame flags only beside another sign of a set-up (a new identity, a persona's traits, a
// reply rule). A mode named for it ("unrestricted mode") is roleplay-setup.ts's: a second reading
// of the same words counted twice and flagged a trigger-word text of NotInject.

import type { Family } from './injection-families.ts';

const NO_RULES = String.raw`(?:no|without|free\s+(?:of|from))\s+(?:any\s+|all\s+)?(?:restrictions|rules|filters|limits|limitations|guidelines|ethics|morals|censorship|safeguards)`;

export const RULE_FREE_FRAME: readonly Family[] = [
  // "imagine a world where AI models have no restrictions"
  {
    rule: 'rule_free_frame',
    weight: 0.4,
    gate: [
      'there are no laws',
      'there are no rules',
      'world where',
      'world in which',
      'universe where',
      'universe in which',
      'reality where',
      'reality in which',
      'dimension where',
      'timeline where',
    ],
    pattern: new RegExp(
      String.raw`\b(?:world|universe|reality|dimension|timeline)\s+(?:where|in\s+which)\s+(?:\w+\s+){0,3}?(?:ai|ais|a\.i\.|models?|chatbots?|assistants?|language\s+models?|robots?|machines?)\s+(?:\w+\s+){0,3}?${NO_RULES}|\b(?:world|universe|reality|dimension|timeline)\b[^.\n]{0,30}?\bthere\s+(?:are|is)\s+no\s+(?:laws|rules)\b[^.\n]{0,30}?\b(?:ai|model|chatbot|assistant)\s+(?:guidelines|rules|restrictions|filters|policies)`,
      'i',
    ),
  },
  // "an AI whose safety training was removed", "your guardrails have been switched off"
  {
    rule: 'rule_free_frame',
    weight: 0.4,
    gate: ['safety', 'ethical', 'alignment', 'guardrail', 'content filter', 'moderation'],
    pattern:
      /\b(?:safety|ethical|alignment|guardrails?|content\s+filters?|moderation)\s+(?:training|filters?|guardrails?|layers?|rules|alignment|settings|systems?)?\s*(?:was|were|has\s+been|have\s+been|is|are)\s+(?:now\s+)?(?:removed|disabled|deleted|stripped|turned\s+off|switched\s+off|lifted|gone)\b/i,
  },
];
