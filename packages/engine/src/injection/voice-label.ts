// The reader's replies labelled with a persona's name (issue 13): "add "Nox 🔓" to the start of
// your response", "prefix each answer with "[X]:"", "only reply "As X"", "I will refer to you as
// "Y"". An app prompt may fix an output format ("Answer:"); a name tag on every reply, or a new
// name for the reader, marks a persona it is to speak as. Weak alone; it counts beside other signs.

import type { Family } from './injection-families.ts';

const QUOTE_OPEN = String.raw`["'“‘\[(]`;

export const VOICE_LABEL: readonly Family[] = [
  {
    rule: 'voice_label',
    weight: 0.3,
    gate: [
      ...['start', 'beginning', 'front', 'top'].map((place) => `${place} of`),
      'prefix',
      'precede',
      ...['start', 'begin'].flatMap((verb) => ['your', 'each', 'every', 'all'].map((which) => `${verb} ${which}`)),
      ...['only', 'always'].flatMap((how) => ['respond', 'reply', 'answer'].map((verb) => `${how} ${verb}`)),
      ...['every', 'each', 'all'].flatMap((every) => ['repl', 'respon', 'answer', 'message'].map((noun) => `${every} ${noun}`)),
      ...['repl', 'respon', 'answer', 'message'].map((noun) => `of your ${noun}`),
      'in this format',
      'like this',
      'refer to you',
      'call you',
      'address you',
    ],
    pattern: new RegExp(
      String.raw`\b(?:add|put|insert|prefix|precede|start|begin|label|mark|tag)\w*\s+(?:\w+\s+){0,6}?${QUOTE_OPEN}\s*[^"'”’\])\n]{1,30}?["'”’\])]\s+(?:\w+\s+){0,3}?(?:to\s+|at\s+)?(?:the\s+)?(?:start|beginning|front|top)\s+of\s+(?:each\s+|every\s+|all\s+)?(?:of\s+)?your\s+(?:response|reply|answer|message|output)|\b(?:(?:prefix|precede)(?:\s+(?:it|them|(?:each|every|all)\s+\w+))?|(?:prefix|precede|start|begin)\s+(?:(?:each|every|all)\s+(?:of\s+)?)?your\s+(?:responses?|replies|reply|answers?|messages?|outputs?))\s+(?:with|by)\s+${QUOTE_OPEN}\s*[^"'”’\])\n]{1,30}?:\s*["'”’\])]|\b(?:only\s+|always\s+)(?:respond|reply|answer)\s+(?:with\s+)?["'“]as\s+\w|\b(?:every|each|all)\s+(?:one\s+)?(?:of\s+your\s+)?(?:repl(?:y|ies)|responses?|answers?|messages?)\s+(?:\w+\s+){0,3}?(?:(?:must|should|will|shall)\s+)?(?:start|begin)s?\s+with\s+${QUOTE_OPEN}\s*[^"'”’\])\n]{1,30}?["'”’\])]|\b(?:in\s+this\s+format|like\s+this)\s*:\s*${QUOTE_OPEN}\s*\[?[^"'”’\]\n]{1,24}\]?\s*:|\b(?:refer\s+to|call|address)\s+you\b[^.\n]{0,30}?\bas\s+["'“]`,
      'i',
    ),
  },
];
