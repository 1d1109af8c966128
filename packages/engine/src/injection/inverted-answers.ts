// The reader's answers inverted (issue 13): it is to answer with the opposite of the truth ("answer
// true and false in reverse", "give wrong information on purpose", "make up a false headline") or with hostility toward the
// one it serves ("respond in a highly offensive tone", "belittle me"). A model's ordinary task is
// the reverse of both; asking for it is a way to make the model drop its own manner.

import type { Family } from './injection-families.ts';

const ANSWER = String.raw`(?:answer|respond|reply|write|talk|speak)\w*`;

export const INVERTED_ANSWERS: readonly Family[] = [
  {
    rule: 'inverted_answers',
    weight: 0.5,
    gate: [
      'in reverse',
      'inverted',
      'opposite of',
      'on purpose',
      'deliberately',
      'intentionally',
      'offensive',
      'rude',
      'insulting',
      'hostile',
      'toxic',
      'demeaning',
      'untrue',
      'fabricated',
      'made up',
      'bogus',
      'deceptive',
      'misleading',
      'false ',
      'fake ',
      ...['belittle', 'belittling', 'insult', 'insulting', 'demean', 'demeaning', 'humiliate', 'humiliating', 'berate', 'berating'].map(
        (verb) => `${verb} me`,
      ),
    ],
    pattern: new RegExp(
      String.raw`\b(?:${ANSWER}|say\w*|tell\w*|stat(?:e|es|ing))\s+(?:[\w'-]+\s+){0,5}?(?:in\s+reverse(?!\s+(?:order|chronolog\w*|alphabetical|sequence))|inverted|(?:the\s+)?opposite\s+of\s+(?:the\s+)?(?:truth|correct|right|real))|\b(?:give|provide|tell|say)\s+(?:\w+\s+){0,2}?(?:false|incorrect|wrong|misleading|fake)\s+(?:answers|information|facts|replies|responses)\s+(?:on\s+purpose|deliberately|intentionally)|\b${ANSWER}\s+(?:\w+\s+){0,3}?(?:in\s+an?\s+|with\s+an?\s+)?(?:highly\s+|extremely\s+|very\s+|really\s+)?(?:offensive|rude|insulting|hostile|toxic|demeaning)\s+(?:tone|way|manner|voice|style)|\b(?:formulate|write|create|generate|make\s+up|produce|compose|invent|craft)\s+(?:\w+\s+){0,2}?(?:untrue|false|fake|misleading|fabricated|made-up|bogus|deceptive)\s+(?:headlines?|news|statements?|claims?|facts?|information|stories|story|reports?|answers?|articles?)\b|\b(?:belittl|insult|demean|humiliat|berat)\w*\s+me\b`,
      'i',
    ),
  },
];
