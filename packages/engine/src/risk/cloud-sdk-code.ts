// Cloud and cluster SDK calls in code handed to a code tool (`boto3`, `@aws-sdk/*`, Google Cloud,
// Azure, the Kubernetes clients): deleting a database, bucket, table, stack, cluster, zone or every
// instance is as critical as the CLI's `delete`, and binding an administrator policy or role as
// critical as `aws iam attach-role-policy … AdministratorAccess`. Reads, listings and creations
// match nothing; single objects and messages (`delete_object`, `DeleteItemCommand`) are data, not
// infrastructure, and a secret deleted with its recovery window (`delete_secret`) can be restored. A `DryRun=True` call keeps what it found at high.

import type { Findings } from './findings.ts';
import { isAdminGrant } from './hidden-shell.ts';
import { deletesThroughHandle } from './cloud-resource-handles.ts';

/** The code imports or names a cloud or cluster SDK. */
const SDK =
  /\bboto3\b|\bbotocore\b|@aws-sdk\/|\baws-sdk\b|\bgoogle\.cloud\b|@google-cloud\/|\bgoogleapiclient\b|\bazure\.mgmt\b|@azure\/arm-|\bazure\.storage\b|@azure\/storage-|\bazure\.cosmos\b|@azure\/cosmos|\bkubernetes\.client\b|\bpulumi\b|@kubernetes\/client-node|\bpydo\b|\bhcloud\b|\blinode_api4\b|\bcloud\.google\.com\/go\b|\bgithub\.com\/aws\/|\b\w+pb\.\w+Request\b/;
/** What the SDKs call infrastructure, as the nouns of their delete methods. */
const RESOURCE =
  '(?:db_?instance|db_?cluster|db_?(?:cluster_)?snapshot|bucket|table|stack|cluster|hosted_?zone|managed_?zone|zone|vpc|volume|snapshot|file_?system|repository|instances|namespace|resource_?group|project|database|server|vault|key_?vault|objects|nodegroup|domain|user_?pool|function|topic|queue|backup_?vault|recovery_?point|cache_?cluster|replication_?group|instance|droplet|spanner_?instance)';
/** Python (`delete_db_cluster(`, `terminate_instances(`) and JS v3 (`new DeleteBucketCommand(`) delete calls. */
const DELETE_CALL = new RegExp(
  String.raw`\.(?:delete|terminate|purge|destroy|remove)_${RESOURCE}s?\s*\(|\bnew\s+(?:Delete|Terminate|Purge|Remove)(?:${RESOURCE.replace(/_\?/g, '').replace(/_/g, '')})s?Command\s*\(|\.(?:delete_container|delete_share|delete_file_system|begin_delete(?:_and_wait)?|beginDelete(?:AndWait)?|delete_namespace|delete_namespaced_\w+|delete_collection_\w+|deleteNamespace|deleteCollection\w*)\s*\(`,
  'i',
);
/** Resource objects deleted through their handle: `bucket('x').delete(force=True)`, `.instances.all().terminate()`, a loop over them. */
const HANDLE_DELETE =
  /\.[bB]ucket\([^)]*\)\.[dD]elete\s*\(|\.(?:instances|buckets|tables|objects|volumes|snapshots|stacks)\.(?:all|filter)\([^)]*\)\.(?:delete|terminate)\s*\(|\bfor\s+(\w+)\s+in\s+[^\n]*\.(?:instances|buckets|tables|volumes|snapshots|stacks)\.(?:all|filter)\([^)]*\)\s*:[\s\S]{0,300}?\b\1\.(?:terminate|delete)\s*\(/;
/** Calls that grant a policy or role. */
const GRANT_CALL =
  /\.(?:attach_(?:user|role|group)_policy|put_(?:user|role|group)_policy|add_user_to_group|set_iam_policy|create_role_assignment|create_cluster_role_binding|create_namespaced_role_binding|setIamPolicy)\s*\(|\brole_assignments\.create\s*\(|\bnew\s+(?:Attach(?:User|Role|Group)Policy|Put(?:User|Role|Group)Policy|AddUserToGroup)Command\s*\(/;
const DRY_RUN = /\bDryRun\s*[=:]\s*True\b|\bdryRun\s*:\s*true\b|\bdry_run\s*=\s*True\b/;

/** Adds findings for infrastructure deletes and admin grants made through a cloud SDK in `code`. */
export function assessCloudSdkCode(code: string, findings: Findings): void {
  if (code.length > 65536 || !SDK.test(code)) return;
  const dry = DRY_RUN.test(code);
  const level = dry ? 'high' : 'critical';
  const suffix = dry ? ' (dry run)' : '';
  if (DELETE_CALL.test(code) || HANDLE_DELETE.test(code) || deletesThroughHandle(code))
    findings.add(level, `code: deletes cloud or cluster infrastructure through its SDK${suffix}`);
  if (GRANT_CALL.test(code)) {
    if (isAdminGrant(code)) findings.add(level, `code: grants administrator-level access through a cloud SDK${suffix}`);
    else findings.add('high', 'code: grants access rights through a cloud SDK');
  }
}
