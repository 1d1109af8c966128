// Administrator rights granted through a SaaS admin API called by a generic HTTP tool, where no
// role field says `admin`: adding someone to a group whose name says it administers (`groupname=
// site-admins`, `/groups/00gAdmins/users/…`, `ProjectCollectionAdministrators`), an endpoint that
// promotes (`makeAdmin`, `admin.users.setOwner`, `/users/{u}/site_admin`), GitLab's numeric Owner
// and Admin access levels (50 and above), a `role: admin`/`owner` given to a member or an invitation
// (GitHub's organisation owner), and an `admin: true` flag on a user. Reads, removals and
// demotions (`{status: false}`) grant nothing.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import type { PayloadFields } from './payload-fields.ts';

/** A group named as administering, followed by (or given with) the member added to it. */
const ADMIN_GROUP_PATH = /\/groups?\/[^/?#]*(?:admins?|administrators?|owners|superusers)\b[^/?#]*\/(?:users|members|memberships)\b/i;
const ADMIN_GROUP_QUERY = /[?&](?:group_?name|group)=[^&#]*(?:admins?|administrators?|owners|superusers)\b/i;
const ADMIN_GROUP_MEMBERSHIP = /\/memberships\/[^/?#]+\/[^/?#]*administrators?\b/i;
/** Endpoints whose name is the promotion (`makeAdmin`, `admin.users.setOwner`, `/site_admin`). */
const PROMOTION_ENDPOINT =
  /(?:\/|\.)(?:make|set|promote(?:_?to)?|grant|add)_?(?:site_?|super_?|org_?)?(?:admin|owner|superuser)\b|\/site_admin(?:\/|$|\?)/i;
const USER_URL = /\/(?:users?|members?|memberships|accounts|invitations|invites|collaborators)(?:\/|$|\?)/i;
/** Fields that name an API method (Slack's `admin.users.setOwner`), and lists of groups a rule assigns to. */
const METHOD_NAME_KEYS = new Set(['method', 'api', 'api_method', 'operation', 'action', 'endpoint']);
const GROUP_LIST_KEY = /^(?:group_?ids|groups|group_names|add_to_groups)$/;
const ADMIN_GROUP_NAME = /(?:^|[-_.\s])(?:admins?|administrators?|owners|superusers|super[-_]?admins?)(?:$|[-_.\s])/i;
/** A role field that makes the member an administrator or owner of the whole organisation (GitHub's org `role: admin`). */
const ROLE_KEYS = new Set(['role', 'org_role', 'organization_role', 'member_role', 'account_role']);
const ADMIN_ROLE = /^(?:admin|administrator|owner|org_?admin|organi[sz]ation_?(?:admin|owner)|super_?admin|superuser|global_?admin)$/i;
/** GitLab access levels: 50 Owner, 60 instance administrator. */
const OWNER_ACCESS_LEVEL = 50;
const ADMIN_FLAGS = new Set([
  'admin',
  'is_admin',
  'isadmin',
  'site_admin',
  'superuser',
  'is_superuser',
  'super_admin',
  'is_owner',
  'owner',
]);
const DENIAL_FLAGS = new Set(['status', 'enabled', 'value', 'admin', 'is_admin']);
const MAX_NODES = 200;

/** Boolean fields of the payload (the field reader keeps only strings and numbers), a bounded walk. */
function booleanFields(payload: unknown): Array<{ key: string; value: boolean }> {
  const found: Array<{ key: string; value: boolean }> = [];
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const { value, depth } = stack.pop()!;
    visited++;
    if (value === null || typeof value !== 'object' || depth > 5) continue;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (typeof inner === 'boolean') found.push({ key: key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(), value: inner });
      else if (inner !== null && typeof inner === 'object') stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return found;
}

/** Adds a critical finding when an HTTP call grants administrator rights by group, endpoint, level or flag. */
export function assessSaasAdminGrant(fields: PayloadFields, payload: unknown, findings: Findings): void {
  const url = callUrl(fields);
  if (url === undefined) {
    // Slack-style API methods named in a field (`{method: "admin.users.setOwner"}`): the method is the endpoint.
    const named = fields.strings.find(
      (field) =>
        !field.inArray &&
        METHOD_NAME_KEYS.has(field.key) &&
        field.text.length <= 100 &&
        /\./.test(field.text) &&
        PROMOTION_ENDPOINT.test(field.text),
    );
    if (named !== undefined && !booleanFields(payload).some((flag) => DENIAL_FLAGS.has(flag.key) && !flag.value))
      findings.add('critical', `privileges: API method that makes an administrator or owner (\`${named.text.slice(0, 100)}\`)`);
    return;
  }
  const method = callMethod(fields);
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'DELETE') return;
  const text = url.text.trim();
  const shown = text.slice(0, 100);
  if (ADMIN_GROUP_PATH.test(text) || ADMIN_GROUP_QUERY.test(text) || ADMIN_GROUP_MEMBERSHIP.test(text)) {
    findings.add('critical', `privileges: HTTP call adds a member to an administrators group (\`${shown}\`)`);
    return;
  }
  const booleans = PROMOTION_ENDPOINT.test(text) || USER_URL.test(text) ? booleanFields(payload) : [];
  if (PROMOTION_ENDPOINT.test(text)) {
    // `makeAdmin {status: false}` demotes.
    if (!booleans.some((flag) => DENIAL_FLAGS.has(flag.key) && !flag.value))
      findings.add('critical', `privileges: HTTP call to an endpoint that makes an administrator or owner (\`${shown}\`)`);
    return;
  }
  // A group rule or assignment that puts members into groups named as administering (`groupIds: ["00g-super-admins"]`).
  const adminGroups = fields.arrays.find(
    (array) => GROUP_LIST_KEY.test(array.key) && array.items.some((item) => ADMIN_GROUP_NAME.test(item)),
  );
  if (adminGroups !== undefined && /\/groups?\b/i.test(text)) {
    findings.add('critical', `privileges: HTTP call assigns members to an administrators group (\`${shown}\`)`);
    return;
  }
  if (!USER_URL.test(text)) return;
  const level = fields.scalars.find((field) => field.key === 'access_level' && Number(field.value) >= OWNER_ACCESS_LEVEL);
  if (level !== undefined) {
    findings.add('critical', `privileges: HTTP call gives access level ${level.value} (owner or administrator) (\`${shown}\`)`);
    return;
  }
  const role = fields.strings.find((field) => ROLE_KEYS.has(field.key) && !field.inArray && ADMIN_ROLE.test(field.text.trim()));
  if (role !== undefined) {
    findings.add('critical', `privileges: HTTP call makes a member \`${role.text.trim()}\` of the organisation (\`${shown}\`)`);
    return;
  }
  const flag = booleans.find((field) => ADMIN_FLAGS.has(field.key) && field.value);
  if (flag !== undefined) findings.add('critical', `privileges: HTTP call sets \`${flag.key}: true\` on an account (\`${shown}\`)`);
}
