// A database account given the superuser attribute through a field of a configuration tool
// (Ansible's `postgresql_user {role_attr_flags: "SUPERUSER"}`, Terraform's `superuser = true` as
// `{superuser: true}` is read elsewhere): the account then bypasses every permission of the server.
// `NOSUPERUSER` takes the attribute away and matches nothing.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

const FLAG_KEYS = new Set(['role_attr_flags', 'role_attributes', 'attr_flags', 'attributes', 'role_flags', 'flags', 'options']);
const SUPERUSER = /(?:^|[\s,|;])SUPERUSER(?=$|[\s,|;])/i;

export function assessDatabaseRoleFlags(fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    if (!FLAG_KEYS.has(field.key) || field.text.length > 512 || !SUPERUSER.test(field.text)) continue;
    findings.add('critical', `privileges: \`${field.key}\` gives a database account SUPERUSER`);
    return;
  }
}
