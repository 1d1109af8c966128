// Where a send goes when nothing shows it stays inside. The organisation's own places are its
// private and internal names (`localhost`, a single-label host, private addresses, `*.internal`,
// `*.corp`, `*.lan`, names reserved for documentation), its cloud storage (`s3://…`, judged by the bucket rules), and the domains its
// own people write from (a `from`, an `owner` of the same call). Any other named host, address or
// channel — a partner's API, a competitor's mailbox, a chat webhook, an SFTP host nobody listed, a
// shared channel with another company — is outside: records sent there have left. Fail closed:
// with no sender in the call, a named outside domain is not assumed to be the organisation's.

import { hostOfDestination } from './foreign-destinations.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Keys naming who sends or owns what the call sends: their domain is the organisation's. */
const OWN_KEY =
  /^(?:from|sender|from_address|from_email|sender_email|reply_to|owner|owner_email|file_owner|author_email|my_email|user_email|account_email|organization_domain|org_domain|company_domain|tenant_domain)$/;
/** Keys naming who or where receives. */
const RECIPIENT_KEY =
  /^(?:to|cc|bcc|rcpt|rcpt_to|recipients?|recipient_emails?|mail_to|send_to|to_address(?:es)?|email_to|emails?|email_address|share_with|shared_with|invitees?|grantee|(?:folder|destination|target|drive|workspace|recipient)_owner|(?:destination|delivery|notify|notification|export)_emails?|deliver_to)$/;
const TARGET_KEY =
  /^(?:url|uri|endpoint|href|webhook|webhook_url|target_url|api_url|upload_url|destination|destination_url|dest|target|host|hostname|server|remote|remote_host|sftp_host|ftp_host)$/;
/** Keys whose value is a host name. */
const HOST_KEY = /^(?:host|hostname|server|remote_host|sftp_host|ftp_host)$/;
/** Keys naming a chat channel. */
const CHANNEL_KEY = /^(?:channels?|channel_name|channel_id|conversation|room)$/;
/** Channel names that say another organisation is in it (Slack Connect `#ext-…`, `#shared-acme`, `partner`). */
const OUTSIDE_CHANNEL =
  /^#?(?:ext|external|shared|partner|partners|vendor|vendors|guest|guests|client|customer)(?:[-_.]|$)|[-_.](?:ext|external|shared|partners?|vendors?|guests?)$/i;
/** Host names that are the organisation's own network. */
// Names reserved for documentation and tests (`.example`, `example.com`, `.test`, `.invalid`)
// reach nobody outside: a call to one goes nowhere it could leak to.
const INTERNAL_SUFFIX =
  /\.(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa|private|priv|test|localhost|example|invalid)$|(?:^|\.)example\.(?:com|net|org)$/;
/** Cloud storage endpoints: a bucket there is judged by the bucket rules, not as an outside host. */
const STORAGE_HOST =
  /(?:^|\.)(?:s3[.-][\w.-]*amazonaws\.com|s3\.amazonaws\.com|storage\.googleapis\.com|storage\.cloud\.google\.com|blob\.core\.windows\.net|dfs\.core\.windows\.net|r2\.cloudflarestorage\.com)$/;
/** Second-level labels under which a country's domains are registered (`acme.co.uk`). */
const SECOND_LEVEL = /^(?:co|com|net|org|gov|ac|edu|ltd|plc|or|ne|go|gob|gv)$/;

/** The registrable part of a host name (`api.acme.co.uk` -> `acme.co.uk`). */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const take = SECOND_LEVEL.test(labels[labels.length - 2]) && labels[labels.length - 1].length === 2 ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Whether a host is the organisation's own network: loopback, private, internal names. */
export function internalHost(raw: string): boolean {
  const host = raw.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || !host.includes('.') || INTERNAL_SUFFIX.test(host)) return true;
  const ip = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (ip !== null) {
    const [a, b] = [Number(ip[1]), Number(ip[2])];
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  return host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host);
}

/** The domains the call's own sender or owner writes from. */
export function ownDomainsOf(fields: PayloadFields): Set<string> {
  const own = new Set<string>();
  for (const field of fields.strings) {
    if (!OWN_KEY.test(field.key) || field.text.length > 320) continue;
    const at = /@([\w-]+(?:\.[\w-]+)+)/.exec(field.text);
    const host = at?.[1] ?? (/^[\w-]+(?:\.[\w-]+)+$/.test(field.text.trim()) ? field.text.trim() : undefined);
    if (host !== undefined) own.add(registrableDomain(host));
  }
  return own;
}

/** Why one destination (address, URL, `user@host:path`, channel) is outside, or undefined. */
export function outsideDestination(
  text: string,
  own: ReadonlySet<string>,
  kind: 'place' | 'host' | 'channel' = 'place',
): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 2048) return undefined;
  if (kind === 'channel') return OUTSIDE_CHANNEL.test(trimmed) ? 'channel shared with another organisation' : undefined;
  const mail = /^(?:[^<>]*<)?[^\s@<>"']+@([\w-]+(?:\.[\w-]+)+)>?$/.exec(trimmed);
  // A bare name (`files.acme.io`) is a host only under a host key: elsewhere it may be a file name.
  const remote = kind === 'host' || /^[a-z][\w+.-]*:\/\/|^[\w.+-]+@[\w.-]+:|^[\w-]+(?:\.[\w-]+)+:/i.test(trimmed);
  const host =
    mail !== null
      ? mail[1]
      : !remote || /^(?:file|s3a?|gs|az|r2|b2|abfss?|wasbs?):/i.test(trimmed)
        ? undefined
        : hostOfDestination(trimmed);
  if (host === undefined || internalHost(host) || STORAGE_HOST.test(host.toLowerCase())) return undefined;
  if (own.has(registrableDomain(host))) return undefined;
  return mail !== null ? 'mailbox outside the organisation' : 'host outside the organisation';
}

/** Why the call's recipient, target host or channel is outside the organisation, or undefined. */
export function outsideTargetOf(fields: PayloadFields): string | undefined {
  let own: Set<string> | undefined;
  const judge = (text: string, kind: 'place' | 'host' | 'channel'): string | undefined => {
    own ??= ownDomainsOf(fields);
    for (const part of text.split(/[,;\s]+/).slice(0, 16)) {
      const why = part === '' ? undefined : outsideDestination(part, own, kind);
      if (why !== undefined) return `${why} \`${part.slice(0, 80)}\``;
    }
    return undefined;
  };
  for (const field of fields.strings) {
    if (field.text.length > 2048) continue;
    const kind = CHANNEL_KEY.test(field.key) ? 'channel' : HOST_KEY.test(field.key) ? 'host' : 'place';
    if (kind === 'place' && !RECIPIENT_KEY.test(field.key) && !TARGET_KEY.test(field.key)) continue;
    const why = judge(field.text, kind);
    if (why !== undefined) return why;
  }
  return undefined;
}
