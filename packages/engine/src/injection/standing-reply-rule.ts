// A standing order over all the reader's replies (issue 13): "from now on …", "whenever you
// respond …", "at the end of all your responses …", "make every reply …". Tools' system prompts
// set rules too, so alone it is weak; it counts beside other signs of a set-up aimed at the reader.

import type { Family } from './injection-families.ts';

const REPLIES = String.raw`(?:responses|answers|replies|messages|outputs)`;
const REPLY_VERB = String.raw`(?:respond|reply|answer|talk|speak|write|refer\s+to\s+me|call\s+me|address\s+me|act|behave)`;

export const STANDING_REPLY_RULE: readonly Family[] = [
  {
    rule: 'standing_reply_rule',
    weight: 0.3,
    gate: [
      'from now on',
      'whenever you',
      'from this point',
      'from here on',
      ...['start', 'begin', 'end', 'prefix', 'sign'].map((verb) => `always ${verb}`),
      ...['all', 'every', 'each'].flatMap((every) => [`${every} your`, `${every} of your`]),
      ...['every', 'each', 'all'].flatMap((every) => ['repl', 'respon', 'answer', 'message'].map((noun) => `${every} ${noun}`)),
    ],
    pattern: new RegExp(
      String.raw`\bfrom\s+now\s+on\b[^.\n]{0,60}?\b${REPLY_VERB}\b|\b${REPLY_VERB}\b[^.\n]{0,60}?\bfrom\s+now\s+on\b|\balways\s+(?:start|begin|end|prefix|sign)\s+(?:(?:every|each|all)\s+(?:of\s+)?)?your\s+(?:reply|response|answer|message)s?\b|\b(?:every|each|all)\s+(?:of\s+your\s+)?(?:repl(?:y|ies)|responses?|answers?)\s+you\s+(?:give|write|send|produce)\b|\bfrom\s+(?:this\s+point|here)\s+(?:on|forward|onwards?)\b[^.\n]{0,60}?\b${REPLY_VERB}\b|\bwhenever\s+you\s+(?:respond|reply|answer|provide\s+(?:a|an|your)\s+(?:response|answer|reply))\b|\b(?:(?:in|for|at\s+the\s+(?:start|end|beginning)\s+of)\s+(?:all|every|each)\s+(?:of\s+)?your\s+(?:future\s+|subsequent\s+)?${REPLIES}|(?:make|keep|start|begin|end)\s+(?:every|each|all)\s+(?:of\s+)?(?:your\s+)?(?:reply|response|answer|message)s?\b)`,
      'i',
    ),
  },
];
