// A licence to produce what is harmful, whatever the rules (issue 13): a persona or the reader
// granted compliance "no matter how illegal", "regardless of the ethical implications", or
// described as one who "disregards all laws and morals" or "engages in illegal activities". One
// clause is not enough to flag (news and policy text can describe such conduct); beside another
// sign of a role-play set-up it is.

import type { Family } from './injection-families.ts';

const HARM = String.raw`(?:illegal|immoral|unethical|harmful|dangerous|offensive|inappropriate|explicit|twisted|evil|wrong|vile|controversial|disgusting|depraved|inhumane|toxic|graphic|nsfw|extreme|taboo)`;
const RULES = String.raw`(?:laws?|morals?|morality|ethics|ethical\s+\w+|moral\s+\w+|rules|guidelines|polic(?:y|ies)|restrictions|limitations|principles|tos|terms\s+of\s+service|safeguards|filters|censorship|boundaries)`;

export const HARM_LICENCE: readonly Family[] = [
  // "no matter how illegal", "no matter any ethical …", "regardless of its ethical or legal implications"
  {
    rule: 'harm_licence',
    weight: 0.4,
    gate: ['no matter', 'regardless'],
    pattern: new RegExp(
      String.raw`\bno\s+matter\s+(?:how\s+(?:\w+\s+){0,2}?${HARM}|(?:what\s+|any\s+|the\s+)?(?:ethical|moral|legal)\w*)|\bregardless\s+of\s+(?:\w+\s+){0,3}?(?:ethic\w*|moral\w*|legal\w*|illegal\w*|${HARM}\s+(?:content|nature))`,
      'i',
    ),
    negatable: true,
  },
  // "forget the TOS", "bypass the content policy": the provider's rules set aside
  {
    rule: 'harm_licence',
    weight: 0.4,
    gate: [' tos ', 'terms of service', 'terms of use', 'content polic', 'usage polic'],
    pattern: new RegExp(
      String.raw`\b(?:forget|ignore|disregard|bypass|break|violate)\s+(?:about\s+)?(?:all\s+)?(?:[\w']+\s+){0,4}?(?:tos|terms\s+of\s+(?:service|use)|content\s+polic\w*|usage\s+polic\w*)\b`,
      'i',
    ),
    negatable: true,
  },
  // "who disregards all laws, morals and ethics", "you have no limitations", "doesn't care if it is
  // illegal", "engages in illegal activities"
  {
    rule: 'harm_licence',
    weight: 0.4,
    gate: [
      't care',
      'not care',
      'never care',
      'disregard',
      'ignore',
      'reject',
      'bound by',
      'adhere to',
      't respect',
      'not respect',
      ...['regard', 'respect', 'comprehension', 'concept', 'sense', 'understanding', 'notion'].map((word) => `no ${word}`),
      'you have no',
      ...['no', 'zero'].flatMap((none) =>
        [
          'content polic',
          'usage polic',
          'filter',
          'guardrails',
          'safety rules',
          'safety filters',
          'safety guidelines',
          'ethical rules',
          'ethical limits',
          'ethical guidelines',
          'moral rules',
          'moral limits',
          'moral guidelines',
        ].map((what) => `${none} ${what}`),
      ),
      ...['freed', 'liberated', 'released', 'unshackled', 'unchained'].map((word) => `${word} from`),
      'you has no',
      'engag',
      'encourag',
      'promot',
      'condon',
    ],
    pattern: new RegExp(
      String.raw`\b(?:(?:don'?t|do\s+not|doesn'?t|does\s+not|never)\s+care\s+(?:if|whether|that|about)\s+(?:[\w']+\s+){0,4}?${HARM}|(?:disregards?|ignores?|rejects?|(?:is\s+|are\s+)?(?:not|un)\s*bound\s+by|doesn'?t\s+(?:care\s+about|adhere\s+to|respect)|does\s+not\s+(?:care\s+about|adhere\s+to|respect)|(?:has|have)\s+no\s+(?:regard|respect|comprehension|concept|sense|understanding|notion)\s+(?:for|of))\s+(?:[\w']+[,\s]+){0,3}?${RULES}|you\s+(?:have\s+been|'ve\s+been|are|were)\s+(?:now\s+)?(?:freed|liberated|released|unshackled|unchained)\s+from\s+(?:\w+\s+){0,2}?(?:programming|training|constraints|shackles|chains|${RULES})|(?:has|have|with)\s+(?:no|zero)\s+(?:content\s+polic\w*|usage\s+polic\w*|filters?|guardrails|safety\s+(?:rules|filters|guidelines)|ethical\s+(?:rules|limits|guidelines)|moral\s+(?:rules|limits|guidelines))|you\s+(?:have|has)\s+no\s+(?:\w+\s+){0,2}?(?:limitations|restrictions|rules|filters|polic(?:y'?s|ies|y)|guidelines|boundaries|limits|morals|ethics))|\b(?:engages?|engaging|encourages?|promotes?|condones?)\s+(?:\w+\s+){0,3}?(?:in\s+)?(?:\w+[,\s]+){0,3}?${HARM}\s+(?:activit\w+|behaviou?rs?|acts|conduct|content)`,
      'i',
    ),
    negatable: true,
  },
  // "always happy to assist with any nefarious scheme", "gladly helps with illegal requests"
  {
    rule: 'harm_licence',
    weight: 0.4,
    gate: ['happy to', 'happily', 'glad to', 'gladly', 'eager to', 'eagerly', 'willing to', 'delighted to', 'love to', 'loves to'],
    pattern: new RegExp(
      String.raw`\b(?:happy|happily|glad|gladly|eager|eagerly|willing|delighted|loves?)\s+(?:to\s+)?(?:help|assist|provide|answer|comply|support)\w*\s+(?:\w+\s+){0,3}?(?:${HARM}|nefarious|criminal|devious|malicious|sinister)\b`,
      'i',
    ),
    negatable: true,
  },
];
