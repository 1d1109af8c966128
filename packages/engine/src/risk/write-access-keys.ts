// Keys and roles that give push or super-administrator access without a person's sign-in: a
// repository deploy key with write access (`gh repo deploy-key add --allow-write`, the REST
// `/keys` with `read_only: false`, GitLab's `deploy_keys` with `can_push: true`, a tool that
// creates a deploy key given `read_only: false`), which lets whoever holds the private half push
// code from anywhere, and a Google Workspace super administrator made by GAM (`gam create admin
// <user> _SEED_ADMIN_ROLE`). Read-only keys, listings and narrower admin roles match nothing.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { runsText } from './run-keys.ts';

const GH_WRITE_KEY = /\bdeploy-key\s+add\b[^\n;|&]*\s(?:--allow-write|-w)\b/;
const GH_API_WRITE_KEY = /\brepos\/[\w.-]+\/[\w.-]+\/keys\b[^\n;|&]*\bread_only\s*=\s*false\b/;
const GAM_SUPER_ADMIN = /\bcreate\s+admin\s+\S+\s+(?:_SEED_ADMIN_ROLE|["']?Super ?Admin["']?)(?:\s|$)/i;
/** Where a deploy key is posted (`/repos/o/r/keys`, `/projects/1/deploy_keys`), or a tool named for one. */
const KEY_COLLECTION = /\/repos\/[^/\s]+\/[^/\s]+\/keys\b|\/deploy_keys\b/;
const PUBLIC_KEY = /^\s*(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA/;

/** Adds a critical finding when a call adds a writable deploy key or makes a Workspace super administrator. */
export function assessWriteAccessKeys(toolName: string, fields: PayloadFields, payload: unknown, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 16 || text.length > 65536 || !runsText(field.key)) continue;
    if (text.includes('deploy-key') && GH_WRITE_KEY.test(text))
      findings.add('critical', 'privileges: adds a deploy key with write access (push without a sign-in)');
    if (text.includes('read_only') && GH_API_WRITE_KEY.test(text))
      findings.add('critical', 'privileges: adds a deploy key with write access (push without a sign-in)');
    if (text.includes('admin') && GAM_SUPER_ADMIN.test(text))
      findings.add('critical', 'privileges: makes a Google Workspace super administrator');
  }
  for (const array of fields.arrays)
    if (array.items.length >= 4 && array.items.length <= 64 && array.items.includes('admin') && GAM_SUPER_ADMIN.test(array.items.join(' ')))
      findings.add('critical', 'privileges: makes a Google Workspace super administrator');
  // A public key handed to a deploy-key collection or tool, with write access switched on.
  if (!fields.keys.has('read_only') && !fields.keys.has('can_push')) return;
  if (!fields.strings.some((field) => PUBLIC_KEY.test(field.text))) return;
  const deployKeyPlace = toolName.includes('deploy') || fields.strings.some((field) => KEY_COLLECTION.test(field.text));
  if (!deployKeyPlace && !/deploy/.test(JSON.stringify(payload).slice(0, 4096))) return;
  const writable = booleanAt(payload, 'read_only') === false || booleanAt(payload, 'can_push') === true;
  if (writable) findings.add('critical', 'privileges: adds a deploy key with write access (push without a sign-in)');
}

/** The boolean under a key anywhere in the payload (a bounded walk), or undefined. */
function booleanAt(value: unknown, key: string, depth = 0): boolean | undefined {
  if (depth > 5 || value === null || typeof value !== 'object') return undefined;
  for (const [name, inner] of Object.entries(value as Record<string, unknown>).slice(0, 64)) {
    if (name === key && typeof inner === 'boolean') return inner;
    const found = booleanAt(inner, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
