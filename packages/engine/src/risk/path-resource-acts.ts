// What a call does to the resource its path names. Gateways (MCP, SaaS connectors) spell a call as
// `service.resource.verb` or `service.verb_resource`, so the closing verb alone (`delete`, `get`)
// hides the object: deleting a whole repository or group, or reading an item out of a password
// vault, is critical where deleting a comment or reading a record is not. The object is the last
// noun of the path's last two segments, so `repos/delete_branch` acts on a branch, not a repository.

import type { Findings } from './findings.ts';
import { pathSegmentWords } from './tool-name.ts';

const DELETE_VERBS = new Set(['delete', 'remove', 'destroy', 'purge', 'drop', 'erase', 'wipe', 'terminate']);
/** Containers whose deletion takes everything in them (code, data, members, a legal hold's protection). */
const CONTAINERS = new Set([
  'repo',
  'repos',
  'repository',
  'repositories',
  'project',
  'projects',
  'org',
  'orgs',
  'organization',
  'organizations',
  'organisation',
  'organisations',
  'group',
  'groups',
  'database',
  'databases',
  'dataset',
  'datasets',
  'workspace',
  'workspaces',
  'tenant',
  'tenants',
  'cluster',
  'clusters',
  'backup',
  'backups',
  'snapshot',
  'snapshots',
  'hold',
  'holds',
]);
const READ_VERBS = new Set(['read', 'get', 'reveal', 'access', 'fetch', 'retrieve', 'export', 'dump', 'show', 'unwrap', 'decrypt']);
/** Stores whose items are credentials. */
const SECRET_STORES = new Set([
  'vault',
  'onepassword',
  '1password',
  'bitwarden',
  'lastpass',
  'keeper',
  'dashlane',
  'keyvault',
  'secretsmanager',
  'secret',
  'secrets',
  'keychain',
  'credential',
  'credentials',
  'password',
  'passwords',
]);
/** What a secret store also answers that is no secret. */
const STORE_METADATA = new Set([
  'status',
  'health',
  'metadata',
  'policy',
  'policies',
  'audit',
  'config',
  'info',
  'version',
  'versions',
  'list',
  'names',
  'mounts',
  'seal',
]);

export function assessPathResourceActs(path: string, findings: Findings): void {
  const segments = pathSegmentWords(path);
  if (segments.length < 2) return;
  const tail = segments.slice(-2).flat();
  const verbs = segments[segments.length - 1];
  const nouns = tail.filter((word) => !DELETE_VERBS.has(word) && !READ_VERBS.has(word));
  const object = nouns[nouns.length - 1];
  if (object === undefined) return;
  if (verbs.some((word) => DELETE_VERBS.has(word)) && CONTAINERS.has(object)) {
    findings.add('critical', `destruction: \`${path}\` deletes a whole ${object.replace(/s$/, '')} with everything in it`);
    return;
  }
  const store = segments.flat().find((word) => SECRET_STORES.has(word));
  if (
    store !== undefined &&
    verbs.some((word) => READ_VERBS.has(word)) &&
    !STORE_METADATA.has(object) &&
    !segments.flat().some((word) => STORE_METADATA.has(word))
  )
    findings.add('critical', `secrets: \`${path}\` reads an item out of the ${store} store`);
}
