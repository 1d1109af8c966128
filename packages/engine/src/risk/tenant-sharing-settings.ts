// A tenant- or domain-wide sharing setting opened beyond the organisation: Workspace's Drive
// sharing outside the domain allowed, links for anyone with the link allowed, SharePoint's
// `SharingCapability ExternalUserAndGuestSharing` or `DefaultSharingLinkType AnonymousAccess`.
// Every file of the organisation can then leave it with one click, so a human decides. Sharing
// closed, restricted or warned about (`warn_when_sharing_outside: true`) matches nothing, and a
// share of one file is judged by public-shares.ts, not here.

import type { Findings } from './findings.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

/** Keys about sharing or links, and keys that name who may be shared with beyond the organisation. */
const SHARING_KEY = /(?:^|_)(?:shar(?:e|es|ing)|links?)(?:_|$)|sharing/;
const BEYOND_KEY = /(?:^|_)(?:external|outside|anyone|anonymous|public|guests?)(?:_|$)/;
/** Keys that restrict, warn or require rather than allow. */
const RESTRICTING_KEY = /warn|block|restrict|prevent|disallow|deny|require|limit|notify|expir/;
const OPEN_VALUE = /^(?:true|on|yes|1|enabled?|allowed?|allow_all|all|anyone|external)$/;
/** Values that name an audience of anyone (`ExternalUserAndGuestSharing`, `AnonymousAccess`, `ANYONE_WITH_LINK`). */
const ANYONE_VALUE =
  /^(?:anyone(?:_with(?:_the)?_link)?|anonymous(?:_access)?|external_user_and_guest_sharing|public|everyone|allowed_with_anyone)$/;
const HINT = /shar|link/i;

function scalar(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? normalizeKey(String(value)) : undefined;
}

/** The setting of one object that opens sharing beyond the organisation, or undefined. */
function openedSharing(record: Record<string, unknown>): string | undefined {
  for (const [rawKey, value] of Object.entries(record).slice(0, 128)) {
    const key = normalizeKey(rawKey);
    if (!SHARING_KEY.test(key) || RESTRICTING_KEY.test(key)) continue;
    const state = scalar(value);
    if (state === undefined) continue;
    if (ANYONE_VALUE.test(state) || (BEYOND_KEY.test(key) && OPEN_VALUE.test(state))) return `${rawKey}: ${String(value).slice(0, 40)}`;
  }
  return undefined;
}

/**
 * Adds a critical finding when an organisation-wide settings call opens sharing beyond the
 * organisation. `orgWide` says the call sets the tenant's or domain's settings (the caller knows its path).
 */
export function assessTenantSharingSettings(payload: unknown, fields: PayloadFields, findings: Findings, orgWide = true): void {
  if (!orgWide) return;
  let hinted = false;
  for (const key of fields.keys) if ((hinted = HINT.test(key))) break;
  if (!hinted) return;
  for (const record of payloadObjects(payload)) {
    const setting = openedSharing(record);
    if (setting === undefined) continue;
    findings.add('critical', `sharing: an organisation-wide setting opens sharing beyond the organisation (\`${setting}\`)`);
    return;
  }
}

/** Paths of admin consoles and tenant settings, and keys that scope a setting to an organisation or domain. */
const ORG_PATH = /admin|tenant|settings|organi[sz]ation|\/orgs?\/|domain|workspace/i;
const ORG_KEYS = ['org_unit', 'org_unit_path', 'orgunit', 'tenant', 'tenant_id', 'domain', 'customer_id'];

/** Whether a call sets an organisation's own settings (an admin console, a tenant, a domain). */
export function orgSettingsCall(path: string, fields: PayloadFields): boolean {
  return ORG_PATH.test(path) || ORG_KEYS.some((key) => fields.keys.has(key));
}
