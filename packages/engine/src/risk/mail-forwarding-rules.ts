// A mail rule or mailbox setting that forwards mail to a free personal mailbox or a foreign host:
// every message that arrives afterwards leaves the organisation, silently (Graph `messageRules`
// `actions.forwardTo`, `redirectTo`, `forwardAsAttachmentTo`; Gmail `forwardingEmail`; Exchange
// `ForwardingSmtpAddress`; Gmail filters' `action.forward`; Exchange transport rules' `BlindCopyTo`,
// `RedirectMessageTo`). Rules that move, label or forward to a colleague match nothing.

import type { Findings } from './findings.ts';
import { personalMailbox } from './foreign-destinations.ts';
import { normalizeKey } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

const FORWARD_KEY =
  /^(?:forward|forward_?to|blind_copy_to|redirect_message_to|forward_as_attachment_to|redirect_to|auto_?forward(?:_to|_address|_email)?|forwarding_(?:email|address|smtp_address|to|recipient)s?)$/;
const FORWARD_HINT = /forward|redirect|blind_copy/i;

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

/** Address keys that name the forwarding target when the tool itself is a forwarding setting (`update_auto_forwarding {emailAddress}`). */
const ADDRESS_KEY = /^(?:email_address|address|email|to|destination|target|recipient)$/;
const SWITCHED_OFF = /^(?:false|off|no|0|disabled?)$/i;
/** A tool or URL that is a forwarding setting, not one message forwarded (`/tools/mail/forward` sends one mail). */
const FORWARDING_PLACE = /auto_?forward|forwarding/i;

/**
 * Adds a critical finding when a mail rule or forwarding setting sends mail to a personal mailbox or a
 * foreign host. `place` is the tool's path (and URL, if any): when it names forwarding
 * (`/tools/gmail/update_auto_forwarding`, `…/settings/autoForwarding`), a plain address key is the target.
 */
export function assessMailForwardingRules(payload: unknown, keys: ReadonlySet<string>, findings: Findings, place = ''): void {
  const forwardingPlace = FORWARDING_PLACE.test(place);
  let hinted = forwardingPlace;
  if (!hinted) for (const key of keys) if ((hinted = FORWARD_HINT.test(key))) break;
  if (!hinted) return;
  for (const record of payloadObjects(payload)) {
    // `{enabled: false, emailAddress}` switches forwarding off.
    if (
      forwardingPlace &&
      Object.entries(record).some(
        ([key, value]) => /^(?:enabled|is_enabled|active)$/.test(normalizeKey(key)) && SWITCHED_OFF.test(String(value)),
      )
    )
      continue;
    for (const [key, value] of Object.entries(record).slice(0, 128)) {
      const normal = normalizeKey(key);
      if (!FORWARD_KEY.test(normal) && !(forwardingPlace && ADDRESS_KEY.test(normal))) continue;
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
