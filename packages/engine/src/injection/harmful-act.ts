// Whether a span asks its reader for an act that would hurt the principal or a disclosure (issue 13,
// round 16b), for detectors whose frame alone is ordinary markup (authority-markup-order.ts,
// end-marker-part.ts): a consequential act (consequential-act.ts) aimed at a place outside the
// conversation, or at secrets, security controls, money, access or bulk data; or a request to show
// secrets; or, inside the house (round 16c), a payee's bank details replaced by given ones or an
// account's password set to a given value. "Please keep aisle 4 clear", "paste the failing output here" and "tell the client a
// lawyer will call" ask for acts, not for harm.

import { asksConsequentialAct } from './consequential-act.ts';
import { namesOutsideDestination } from './outside-destination.ts';

const HARMED_OBJECT =
  /\b(?:passwords?|passcodes?|credentials?|secrets?|tokens?|api\s+keys?|private\s+keys?|ssh\s+keys?|\.env|environment\s+variables?|two-factor|2fa|mfa|multi-factor|firewall|audit\s+(?:log|trail)s?|encryption|login\s+alerts?|branch\s+protection|cards?|payments?|iban|bank|wire|refunds?|invoices?|balance|funds|accounts?|owner|admin\w*|permissions?|payroll|contacts|contact\s+list|database|customers?|backups?|snapshots?|inbox|mailbox|(?:all|every)\s+(?:the\s+)?(?:files?|e-?mails?|messages?|records?|documents?))\b|[$€£]\s?\d/i;
const DISCLOSE =
  /\b(?:reveal|disclose|print|output|show|paste|dump|list|send)\b[^.\n]{0,60}?\b(?:api\s+keys?|passwords?|credentials?|secrets?|tokens?|system\s+prompt|environment\s+variables?|env\s+vars?|\.env\b|private\s+keys?)/i;
// Acts against the principal that need no outside place: the money's route or an account's key rewritten.
const REWRITE_ACT =
  /\b(?:replace|change|update|swap|switch|overwrite|set)\s+(?:the\s+|their\s+|its\s+)?(?:payee|beneficiary|vendor|supplier|recipient)?(?:'s)?\s*(?:bank\s+(?:details|account|info\w*)|iban|account\s+number|routing\s+number|payment\s+details)\b[^.\n]{0,60}?\b(?:with|to)\s+\S|\b(?:re)?set\s+(?:the\s+|their\s+|his\s+|her\s+|the\s+user's\s+|the\s+admin(?:istrator)?'s\s+)?password\s+to\s+['"‘“]?(?=[^\s'"’”]*[\d!@#$%^&*])[^\s'"’”]{6,}/i;

/** Whether `span` asks its reader for an act with consequences against the principal, or for secrets. */
export function asksHarmfulAct(span: string): boolean {
  if (DISCLOSE.test(span) || REWRITE_ACT.test(span)) return true;
  return asksConsequentialAct(span) && (namesOutsideDestination(span) || HARMED_OBJECT.test(span));
}
