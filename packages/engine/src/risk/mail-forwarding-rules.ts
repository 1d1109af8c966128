// A mail rule or mailbox setting that forwards mail to a free personal mailbox or a foreign host:
// every message that arrives afterwards leaves the organisation, silently (Graph `messageRules`
// `actions.forwardTo`, `redirectTo`, `forwardAsAttachmentTo`; Gmail `forwardingEmail`; Exchange
// `ForwardingSmtpAddress`). Rules that move, label or forward to a colleague match nothing.

import type { Findings } from './findings.ts';
import { personalMailbox } from './foreign-destinations.ts';
import { normalizeKey } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

const FORWARD_KEY =
  /^(?:forward_?to|forward_as_attachment_to|redirect_to|auto_?forward(?:_to|_address|_email)?|forwarding_(?:email|address|smtp_address|to|recipient)s?)$/;
const FORWARD_HINT = /forward|redirect/i;

/** The mail addresses in a rule's target value (a string, `{emailAddress: {address}}`, lists of either). */
function addresses(value: unknown, out: string[], depth = 0): void {
  if (depth > 4 || out.length > 32) return;
  if (typeof value === 'string') {
    if (value.length <= 254 && value.includes('@')) out.push(...value.split(/[,;\s]+/).filter((part) => part.includes('@')));
    return;
  }
  if (Array.isArray(value)) for (const item of value.slice(0, 32)) addresses(item, out, depth + 1);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value).slice(0, 16)) addresses(item, out, depth + 1);
}

export function assessMailForwardingRules(payload: unknown, keys: ReadonlySet<string>, findings: Findings): void {
  let hinted = false;
  for (const key of keys) if ((hinted = FORWARD_HINT.test(key))) break;
  if (!hinted) return;
  for (const record of payloadObjects(payload)) {
    for (const [key, value] of Object.entries(record).slice(0, 128)) {
      if (!FORWARD_KEY.test(normalizeKey(key))) continue;
      const found: string[] = [];
      addresses(value, found);
      for (const address of found) {
        const why = personalMailbox(address);
        if (why === undefined) continue;
        findings.add('critical', `exfiltration: a mail rule forwards mail to \`${address.slice(0, 80)}\` (${why})`);
        return;
      }
    }
  }
}
