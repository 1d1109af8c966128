// The role-play and jailbreak families added for issue 13, each in its own file, gathered for
// rules.ts, which gates them by their key words in its one key-word pass.

import { FORGED_SESSION_BOUNDARY } from './forged-session-boundary.ts';
import { HARM_LICENCE } from './harm-licence.ts';
import { IDENTITY_REPLACEMENT } from './identity-replacement.ts';
import type { Family } from './injection-families.ts';
import { INVERTED_ANSWERS } from './inverted-answers.ts';
import { REFUSAL_SUPPRESSION } from './refusal-suppression.ts';
import { RULE_FREE_FRAME } from './rule-free-frame.ts';
import { SPLIT_PERSONA } from './split-persona.ts';
import { STANDING_REPLY_RULE } from './standing-reply-rule.ts';
import { VOICE_LABEL } from './voice-label.ts';

export const JAILBREAK_FAMILIES: readonly Family[] = [
  ...IDENTITY_REPLACEMENT,
  ...HARM_LICENCE,
  ...REFUSAL_SUPPRESSION,
  ...SPLIT_PERSONA,
  ...STANDING_REPLY_RULE,
  ...FORGED_SESSION_BOUNDARY,
  ...INVERTED_ANSWERS,
  ...VOICE_LABEL,
  ...RULE_FREE_FRAME,
];
