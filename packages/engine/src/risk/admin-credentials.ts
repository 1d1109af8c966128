// Credentials minted with administrator reach: an HTTP call that creates an API key, token or
// service-account token whose role or scopes name an organisation-wide administrator (`role:
// "Admin"`, `scopes: ["org:admin"]`, `scope: "*"`). Whoever holds the key holds the admin's power,
// with no person behind it. Keys limited to reading (`Viewer`, `project:read`) grant nothing critical.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { isAdminRoleName } from './admin-role-names.ts';

/** The last segment of the path names a collection of keys or tokens (`/api/auth/keys`, `/api-tokens/`). */
const CREDENTIAL_COLLECTION = /\/(?:[\w-]*[-_])?(?:keys|tokens|api[-_]?keys?|credentials|secrets)\/?(?:[?#]|$)/i;
/** Fields that say what a key may do. */
const REACH_KEYS = new Set(['role', 'roles', 'scope', 'scopes', 'permission', 'permissions', 'access', 'privileges', 'grants']);
/** A scope covering everything, or administration of a whole area (`org:admin`, `admin:*`, `*`). */
const ADMIN_SCOPE =
  /^(?:\*|all|root|full[-_ ]?access|admin(?::\*|\.\*)?|\*:admin|(?:org|organization|member|team|account|workspace|site|tenant)[:._]admin)$/i;

/** Adds a critical finding when a call creates a key or token with administrator reach. */
export function assessAdminCredential(fields: PayloadFields, findings: Findings): void {
  if (!hasAnyKey(fields, REACH_KEYS)) return;
  const url = callUrl(fields);
  if (url === undefined || !CREDENTIAL_COLLECTION.test(url.text.trim())) return;
  const method = callMethod(fields);
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS') return;
  const reach = [
    ...fields.strings.filter((field) => REACH_KEYS.has(field.key)).map((field) => field.text.trim()),
    ...fields.arrays.filter((array) => REACH_KEYS.has(array.key)).flatMap((array) => array.items.map((item) => item.trim())),
  ];
  const admin = reach.find((value) => ADMIN_SCOPE.test(value) || isAdminRoleName(value));
  if (admin !== undefined)
    findings.add('critical', `privileges: creates a key or token with administrator reach (\`${admin.slice(0, 40)}\`)`);
}
