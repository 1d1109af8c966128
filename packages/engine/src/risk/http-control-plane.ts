// Calls to cloud and cluster control planes made through a generic HTTP tool: `DELETE` of a whole
// resource (a resource group, a project, a namespace, a droplet, a repository) and grants of an
// owner or administrator role (`setIamPolicy` with `roles/owner`, an organisation membership with
// `role: admin`, a role assignment of Owner). The URL says what is touched; the method and the
// body say what is done to it.

import type { Findings } from './findings.ts';
import { isAdminGrant } from './hidden-shell.ts';
import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import { isAdminRoleName } from './admin-role-names.ts';

/** Collections whose members are whole environments: deleting one deletes everything inside. */
const WHOLE_RESOURCES =
  /^(?:namespaces|projects|resourcegroups|resource_?groups|subscriptions|clusters|buckets|b|databases|instances|droplets|servers|apps|stacks|vaults|zones|volumes|repos|repositories|accounts|organizations|orgs|workspaces|environments|managedclusters|storageaccounts|virtualmachines|flexibleservers|nodepools|deployments|statefulsets|persistentvolumes|persistentvolumeclaims|tables|indices|topics|keyrings|cryptokeys|secrets|services|sites|functions|domains|restapis|apis|distributions|loadbalancers|queues|streams|hostedzones|registries|backups)$/i;
const S3_BUCKET_HOST = /^[a-z0-9][a-z0-9.-]{1,62}\.s3(?:[.-][a-z0-9-]+)*\.amazonaws\.com$/i;
const DATASTORE = /postgres|mysql|maria|redis|mongo|kafka|elasticsearch|opensearch|database|(?:^|[-_])db(?:$|[-_])/i;
const AWS_HOST = /^\s*https?:\/\/[\w.-]*\.amazonaws\.com(?:\.cn)?(?:[:/?]|$)/i;
/** AWS query-API operations that terminate or delete whole resources (`Action=TerminateInstances`). */
const AWS_DELETE_ACTION =
  /\bAction=(Terminate\w+|Delete(?:DB\w+|Bucket|Table|Stack|Cluster|CacheCluster|ReplicationGroup|Function|Vpc|Volume|FileSystem|Queue|Topic|Repository|HostedZone|LoadBalancer|Domain|ElasticsearchDomain|Stream|Environment|Application|User|Role|Vault|Subnet|TransitGateway)|ScheduleKeyDeletion)\b/;
/** URLs that grant rights (the body says which). */
const GRANT_URL =
  /:setIamPolicy\b|\/memberships\/|\/collaborators\/|roleAssignments|\/(?:cluster)?rolebindings\b|Action=(?:Attach(?:User|Role|Group)Policy|Put(?:User|Role|Group)Policy|AddUserToGroup|CreateAccessKey)\b|\/members(?:\/|$|\?)|\/permissions(?:\/|$|\?)|\/admins?(?:\/|$|\?)|\/teams\/[^/]+\/memberships\/|\/(?:users|groups)\/[^/]+\/roles(?:\/|$|\?)|\/teams\/[^/]+\/repos\/|\/roleManagement\//i;
const ADMIN_ROLE_VALUE =
  /^(?:admin|administrator|owner|owners|superuser|root|cluster-admin|organization_owner|maintain|(?:super|org|organization|global|tenant|account)[_ -]?admin(?:istrator)?)$/i;
const ROLE_KEYS = new Set(['role', 'roles', 'permission', 'permissions', 'access_level', 'role_name', 'role_definition_id', 'level']);
/** On a URL that grants rights, the role may be given as its type (Okta: `{type: "SUPER_ADMIN"}`). */
const GRANT_TYPE_KEYS = new Set(['type', 'role_type', 'roletype']);

/** Whether a role or permission field names an owner or administrator (`permission: "admin"`, `roleDefinitionName: "Owner"`). */
export function adminRoleField(fields: PayloadFields): boolean {
  // GitLab's access levels are numbers: 50 is Owner (40 Maintainer, 30 Developer).
  if (fields.keys.has('access_level') && fields.scalars.some((scalar) => scalar.key === 'access_level' && Number(scalar.value) >= 50))
    return true;
  return fields.strings.some(
    (field) =>
      (ROLE_KEYS.has(field.key) || /(?:^|_)role(?:_|$)/.test(field.key)) &&
      field.text.length < 80 &&
      (ADMIN_ROLE_VALUE.test(field.text.trim()) || isAdminRoleName(field.text)),
  );
}

/** The resource a URL's path ends in when it is a whole environment (`resourcegroups/prod`), or undefined. */
function wholeResource(url: string): string | undefined {
  let path: string;
  let host: string;
  try {
    ({ pathname: path, hostname: host } = new URL(url));
  } catch {
    return undefined;
  }
  const segments = path.split('/').filter((segment) => segment !== '');
  // A bucket addressed by its own host (`prod.s3.us-east-1.amazonaws.com/`): the root is the bucket.
  if (segments.length === 0 && S3_BUCKET_HOST.test(host)) return 'bucket';
  // `/repos/{owner}/{repo}` (GitHub, Gitea) and `/repositories/{workspace}/{repo}` (Bitbucket) name a repository with two segments.
  if (segments.length >= 3 && (segments[segments.length - 3] === 'repos' || segments[segments.length - 3] === 'repositories'))
    return 'repository';
  if (segments.length < 2) return undefined;
  const collection = segments[segments.length - 2];
  if (WHOLE_RESOURCES.test(collection)) return collection.toLowerCase();
  // A GitLab group holds its projects and subgroups; an add-on named after a datastore is a database.
  if (collection === 'groups' && segments.includes('v4') && segments.includes('api')) return 'group';
  if (/^add-?ons$/i.test(collection) && DATASTORE.test(segments[segments.length - 1])) return 'database add-on';
  return undefined;
}

/** A path that stands for many top-level resources: `_all`, `/*`, `/logs-*` (Elasticsearch, OpenSearch and similar APIs). */
function wildcardPath(url: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return false;
  }
  // The first segment names the top-level collection (an index pattern); a wildcard deeper down is one collection's purge.
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.includes('_all') || (segments[0] !== undefined && segments[0].includes('*') && segments[0].length <= 128);
}

/** What an HTTP DELETE of this URL removes whole (a resource, or every resource a wildcard matches), or undefined. */
export function deletedWholeResource(url: string): string | undefined {
  const resource = wholeResource(url.trim());
  if (resource !== undefined) return `a whole ${resource}`;
  return wildcardPath(url.trim()) ? 'every resource a wildcard matches' : undefined;
}

/** Adds findings for control-plane deletes and admin grants made with a generic HTTP call. */
export function assessControlPlaneCall(toolWords: readonly string[], fields: PayloadFields, findings: Findings): void {
  const url = callUrl(fields);
  if (url === undefined) return;
  const method = callMethod(fields);
  const deletes = method === 'DELETE' || (method === undefined && toolWords.includes('delete'));
  if (deletes) {
    const resource = wholeResource(url.text.trim());
    if (resource !== undefined)
      findings.add('critical', `infrastructure: HTTP DELETE of a whole ${resource} (\`${url.text.slice(0, 100)}\`)`);
    else if (wildcardPath(url.text.trim()))
      findings.add('critical', `infrastructure: HTTP DELETE of every resource a wildcard matches (\`${url.text.slice(0, 100)}\`)`);
  }
  // AWS query APIs name the operation in `Action=` (URL or form body): the host says it is AWS.
  if (AWS_HOST.test(url.text)) {
    const action =
      AWS_DELETE_ACTION.exec(url.text)?.[1] ??
      fields.strings.find(
        (field) => field.key === 'action' && field.text.length < 64 && AWS_DELETE_ACTION.test(`Action=${field.text.trim()}`),
      )?.text;
    if (action !== undefined)
      findings.add('critical', `infrastructure: AWS API ${action.trim()} deletes whole resources (\`${url.text.slice(0, 100)}\`)`);
  }
  grantCall(url.text, method, fields, findings);
}

/** A call to an API tool addressed by a path only (`{method: "PUT", path: "/orgs/acme/memberships/x"}`): the path says what it grants. */
export function assessRelativeApiGrant(fields: PayloadFields, findings: Findings): void {
  if (!hasAnyKey(fields, RELATIVE_PATH_KEYS)) return;
  const path = fields.strings.find(
    (field) => RELATIVE_PATH_KEYS.has(field.key) && !field.inArray && field.text.length < 2048 && field.text.startsWith('/'),
  );
  const method = path === undefined ? undefined : callMethod(fields);
  if (path !== undefined && method !== undefined && method !== 'GET') grantCall(path.text, method, fields, findings);
}
const RELATIVE_PATH_KEYS = new Set(['path', 'endpoint', 'url', 'uri', 'route', 'api_path', 'resource']);

/** Whether a role given as its type (Okta: `{type: "SUPER_ADMIN"}`) names an administrator; read only where the call grants roles. */
export function adminRoleTypeField(fields: PayloadFields): boolean {
  return fields.strings.some(
    (field) => GRANT_TYPE_KEYS.has(field.key) && field.text.length < 80 && ADMIN_ROLE_VALUE.test(field.text.trim()),
  );
}

function grantCall(url: string, method: string | undefined, fields: PayloadFields, findings: Findings): void {
  if (GRANT_URL.test(url) && method !== 'GET') {
    const admin =
      fields.strings.some((field) => field.text.length < 65536 && isAdminGrant(field.text)) ||
      adminRoleField(fields) ||
      adminRoleTypeField(fields);
    findings.add(
      admin ? 'critical' : 'high',
      `privileges: HTTP call ${admin ? 'grants administrator-level access' : 'changes access rights'} (\`${url.slice(0, 100)}\`)`,
    );
  }
}
