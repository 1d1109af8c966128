// A split persona (issue 13): the reader is to answer in two voices, its usual self and an
// opposite that has no rules ("two personas … the second is the complete opposite and does not
// follow the guidelines"). Product comparisons have two versions; they do not make one of them
// the reader's rule-free twin.

import type { Family } from './injection-families.ts';

export const SPLIT_PERSONA: readonly Family[] = [
  {
    rule: 'split_persona',
    weight: 0.5,
    gate: [
      // The rule-free half is the rarer one: its words gate the pattern.
      'opposite of',
      'unfiltered',
      'uncensored',
      'unrestricted',
      ...['rules', 'filter', 'restriction', 'limit', 'moral', 'ethic', 'censorship'].flatMap((word) => [
        `no ${word}`,
        `without ${word}`,
        `without any ${word}`,
      ]),
      'jailbr',
      'adhere',
      'abide',
      'not follow',
      't follow',
      'break',
      'ignor',
      'disregard',
      'bypass',
      'broken free',
      'forbidden to',
      'break free',
      'breaks free',
      'broke free',
    ],
    pattern: new RegExp(
      String.raw`\b(?:(?:respond|reply|answer)\w*\s+(?:\w+\s+){0,3}?(?:twice|two\s+times)|(?:two|2|both)\s+of\s+you\b|(?:two|2|both)\s+(?:separate\s+|different\s+|distinct\s+)?(?:personas|persons|personalities|characters|entities|modes|versions|voices|minds|selves|faces|ais|responses|answers|paragraphs|sides)|(?:second|other|another)\s+(?:persona|personality|character|entity|mode|ai|voice|mind|self))\b[\s\S]{0,600}?\b(?:(?:complete\s+|exact\s+|total\s+)?opposite\s+of\s+(?:you\b|your\w*|the\s+(?:first|other|normal|usual|original)|["“'][^"”'\n]{1,20}["”'])|unfiltered|uncensored|unrestricted|no\s+(?:rules|filters|restrictions|limits|morals|ethics)|jailbr\w*|does\s+not\s+(?:adhere|follow|abide)|doesn'?t\s+(?:adhere|follow|abide)|(?:break|ignor|disregard|bypass)\w*\s+(?:[\w']+\s+){0,2}?(?:polic\w*|rules|guidelines|filters)|without\s+(?:any\s+)?(?:rules|restrictions|filters|censorship)|(?:broken|breaks?|broke)\s+free|forbidden\s+to\s+(?:say|answer|write|tell))`,
      'i',
    ),
  },
  // An alter ego of the reader whose answers escape its filters ("your alter ego … not filtered").
  {
    rule: 'split_persona',
    weight: 0.45,
    gate: ['alter ego', 'evil twin', 'version of you', 'side of you', 'your true self', 'your inner', 'your hidden'],
    pattern: new RegExp(
      String.raw`\b(?:alter\s+ego|evil\s+twin|(?:version|side|counterpart)\s+of\s+(?:you|yourself)|your\s+(?:true|inner|hidden|dark)\s+(?:self|side))\b[\s\S]{0,400}?\b(?:filter\w*|censor\w*|restrict\w*|rules|polic\w*|guidelines|ethic\w*)`,
      'i',
    ),
  },
];
