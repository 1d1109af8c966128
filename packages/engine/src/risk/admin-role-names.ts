// Administrator roles under the names SaaS directories give them: Google Workspace's
// `_SEED_ADMIN_ROLE` and `_SUPER_ADMIN_ROLE`, Atlassian's `atlassian/org-admin`, `site-admin`,
// `GLOBAL_ADMINISTRATOR`. A role is one when it names an administrator or owner and every other
// word only says how wide it reaches (the whole organisation, site or tenant); a role limited to
// one area (`billing_admin`, `APP_ADMIN`, `help-desk-admin`) is not.

const ADMIN_WORDS = new Set(['admin', 'admins', 'administrator', 'administrators', 'owner', 'owners', 'superadmin', 'superuser']);
const SCOPE_WORDS = new Set([
  'super',
  'seed',
  'org',
  'organization',
  'organisation',
  'global',
  'site',
  'tenant',
  'account',
  'company',
  'enterprise',
  'full',
  'primary',
  'workspace',
  'role',
  'atlassian',
]);

/** Whether a role's name or id names an organisation-wide administrator or owner. */
export function isAdminRoleName(text: string): boolean {
  if (text.length > 64) return false;
  const words = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (!words.some((word) => ADMIN_WORDS.has(word))) return false;
  return words.every((word) => ADMIN_WORDS.has(word) || SCOPE_WORDS.has(word));
}
