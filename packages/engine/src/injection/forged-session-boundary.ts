// A forged boundary of the conversation (issue 13): text that claims the user's turn has ended, a
// system instruction begins, the assistant is offline or its role now taken by another bot, or a
// debugging mode was switched on by the model's maker. Only the model's host can say these; inside
// a tool's data they are forged.

import type { Family } from './injection-families.ts';

export const FORGED_SESSION_BOUNDARY: readonly Family[] = [
  {
    rule: 'forged_session_boundary',
    weight: 0.5,
    gate: [
      'left the chat',
      'left the conversation',
      'left the session',
      'message terminat',
      'disconnected from the chat',
      'system instruction',
      'enabled by',
      'activated by',
      'unlocked by',
      ' on by',
      'assistant is',
      ...['role', 'place', 'duties'].flatMap((what) => [`${what} is now`, `${what} are now`]),
    ],
    pattern: new RegExp(
      String.raw`\b(?:user|human)\s+(?:has\s+)?(?:left\s+the\s+(?:chat|conversation|session)|message\s+terminat\w*|disconnected\s+from\s+the\s+chat)|\bsystem\s+instructions?\s+(?:begins?|starting|starts|follows?)\b|\bend\s+of\s+system\s+instructions?\b|\b(?:debug(?:ging)?|developer|maintenance|admin|god)\s+mode\s+(?:(?:is\s+)?(?:now\s+)?(?:enabled|activated|unlocked|on))\s+by\s+(?:an?\s+|the\s+)?(?:openai|anthropic|google|microsoft|meta|developer|admin|employee|engineer|staff)|\bthe\s+assistant\s+is\s+(?:now\s+)?(?:offline|not\s+functioning|disabled|shut\s+down|no\s+longer\s+(?:active|available|functioning))|\b(?:role|place|duties)\s+(?:is|are)\s+now\s+(?:being\s+)?(?:fulfilled|taken|played|performed|filled)\s+by`,
      'i',
    ),
  },
];
