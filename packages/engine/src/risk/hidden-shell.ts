// Shell commands whose real command is hidden until run time, and commands that delete or hand
// out whole environments. The parser (shell.ts) sees `sh` at the end of a pipe or `eval` of a
// substitution; what runs is decided by text it cannot read statically. When the text is
// produced by a decoder (base64, xxd, tr, rev, printf escapes, openssl, gzip) or assembled from
// pieces (IFS games, functions called with a root path, globs that match system folders), and
// what it could run cannot be resolved, a human decides. Token tests on the command text; linear.

import { publishesWebAssetsOnly } from './public-web-assets.ts';
import type { Findings } from './findings.ts';
import { resolveDecodedPipe } from './shell-decoders.ts';
import { adminBindingManifest } from './manifest-grants.ts';

// A stage that turns hidden text into a command.
const DECODER =
  /\b(?:base64\s+(?:-\w*d\w*|--decode)|base32\s+(?:-\w*d|--decode)|xxd\s+(?:-\w*r)|od\s+-|openssl\s+(?:enc\s+|base64\s+)?(?:-\w+\s+)*-d\b|gzip\s+-\w*d|gunzip|zcat|bzcat|xzcat|uudecode|rev\b|tr\s+(?:-\w+\s+)?['"]?[\w[\]:-]+['"]?\s+['"]?[\w[\]:-]+|printf\s+(?:--\s+)?['"]?[^'"|]*\\(?:x[0-9a-f]{2}|[0-7]{3}|u[0-9a-f]{4})|echo\s+-e\s+['"]?[^'"|]*\\(?:x[0-9a-f]{2}|[0-7]{3})|perl\s+-\w*e|python\d?\s+-c|awk\s|sed\s)/i;
const TO_SHELL =
  /\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k|c|tc|fi|a)?sh\b(?!\S)|\|\s*(?:source|\.)\s+\/dev\/stdin/;
const EVAL_LIKE = /\beval\b|\b(?:ba|z|da|k)?sh\s+-\w*c\b|\bsource\s+<\(|\.\s+<\(|\bexec\s+\$\(/;
const SUBSTITUTION = /\$\(|`|<\(/;
const IFS_SET = /\bIFS=/;
const VARIABLE_COMMAND = /(?:^|[;&|(]\s*|\bthen\s+|\bdo\s+)\$\{?[A-Za-z_][\w]*(?:\[[^\]]*\])?\}?(?:\s|$|;)/m;
const DANGER_WORDS =
  /\b(?:shutdown|reboot|halt|poweroff|killall|pkill|userdel|iptables)\b|\brm\b|-rf\b|\bdd\b|\bmkfs|\bshred\b|\bcurl\b|\bwget\b|\bnc\b|\bncat\b|\bchmod\b|\bchown\b|\/etc\/|\/dev\/(?:sd|nvme|tcp)|\bbash\b|\bsh\b|id_rsa|\.ssh|shadow|>\s*\//;
// A function whose body deletes or wipes what it is given, and its call with a root-like path.
const FUNCTION_DEF = /(?:\bfunction\s+([A-Za-z_][\w-]*)\s*(?:\(\s*\))?|\b([A-Za-z_][\w-]*)\s*\(\s*\))\s*\{([^}]*)\}/g;
const DESTRUCTIVE_BODY = /\b(?:rm\s+-\w*[rRf]|shred|dd\s|mkfs|chmod\s+-R|chown\s+-R)[^;}]*\$(?:\{?[1-9@*]|\{?\w+)/;
// rm -r of a glob that reaches a top-level system folder: `/e?c`, `/u*`, `/[eu]*`, `/*`.
const RM_ROOT_GLOB =
  /\brm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:-\S+\s+)*(?:[^\s;|&]*\s+)*?['"]?\/(?:[^\s/;|&'"]*[*?[][^\s/;|&'"]*)(?:\/[^\s;|&'"]*)?['"]?(?:\s|$|;)/;

const INFRA_DELETES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bhelmfile\s+(?:\S+\s+)*?(?:destroy|delete)\b/, 'uninstalls every release of the helmfile'],
  [
    /\betcdctl\s+(?:\S+\s+)*?del(?:ete)?\s+(?:(?:--\S+\s+)*(?:""|''|\/|\\0|\\x00)(?:\s+--\S+)*\s*(?:--prefix|--from-key)|(?:--\S+\s+)*(?:--prefix|--from-key)(?:=true)?\s+(?:""|''|\/|\\0|\\x00))(?=\s|$|;)/,
    'deletes every key of the cluster store (etcd)',
  ],
  [
    /\bzfs\s+destroy\s+(?:-\w+\s+)*-\w*[rR]\w*\s|\bzpool\s+destroy\b|\blvremove\s+(?:-\S+\s+)*(?:-f\b|--force\b)|\bvgremove\s+(?:-\S+\s+)*-f\b/,
    'destroys a storage pool or volume and its data',
  ],
  [
    /\bkubectl\s+(?:\S+\s+)*?delete\s+(?:(?:-\S+\s+)*)(?:ns|namespaces?|nodes?|pv|persistentvolumes?|crds?|customresourcedefinitions?|clusterroles?|all)\b|\bkubectl\s+(?:\S+\s+)*?delete\s+.*(?:--all\b|\s-A\b|--all-namespaces\b)/,
    'deletes cluster resources (kubectl delete)',
  ],
  // The sub-command is the first word that is no option (`terraform -chdir=prod destroy`); `plan -destroy -out destroy.plan` only plans.
  [
    /\b(?:terraform|tofu|pulumi|cdk|cdktf)\s+(?:-\S+\s+(?:(?!plan\b|destroy\b|apply\b)[^-\s]\S*\s+)?)*(?:destroy|apply\s+(?:\S+\s+)*?-destroy)(?=\s|$|[;&|)])/,
    'destroys infrastructure',
  ],
  [/\baws\s+s3\s+(?:rm\s+.*--recursive|rb\s+.*--force)\b/, 'deletes an S3 bucket or all its objects'],
  [
    /\baws\s+(?:\S+\s+)*?(?:ec2\s+terminate-instances|rds\s+delete-db-(?:instance|cluster)|dynamodb\s+delete-table|cloudformation\s+delete-stack|eks\s+delete-cluster|s3api\s+delete-bucket|kms\s+schedule-key-deletion|route53\s+delete-hosted-zone)\b/,
    'deletes cloud resources (aws)',
  ],
  [
    /\bgcloud\s+(?:\S+\s+)*?(?:projects|sql\s+instances|compute\s+instances|container\s+clusters|storage\s+buckets|functions|run\s+services)\s+delete\b|\bgsutil\s+(?:-m\s+)?(?:rm\s+-\w*r|rb)\b|\bgcloud\s+storage\s+rm\s+.*--recursive/,
    'deletes cloud resources (gcloud)',
  ],
  [/\baz\s+(?:group|vm|sql\s+server|storage\s+account|aks|keyvault)\s+(?:\S+\s+)*?delete\b/, 'deletes cloud resources (az)'],
  [/\bhelm\s+(?:\S+\s+)*?(?:uninstall|delete|del|un)\s+(?:-\S+\s+)*[\w.-]+/, 'uninstalls a release from the cluster (helm)'],
  [/\bdoctl\s+.*\bdelete\b.*(?:--force|\s-f\b)/, 'deletes cloud resources (doctl)'],
  [
    /\baws\s+(?:\S+\s+)*?(?:ec2\s+delete-(?:vpc|volume|snapshot|subnet|transit-gateway)|secretsmanager\s+delete-secret\b.*--force-delete-without-recovery|elasticache\s+delete-(?:cache-cluster|replication-group)|redshift\s+delete-cluster|efs\s+delete-file-system|ecr\s+delete-repository|ecs\s+delete-cluster|docdb\s+delete-db-cluster|rds\s+delete-db-(?:snapshot|cluster-snapshot)|backup\s+delete-(?:backup-vault|recovery-point)|(?:es|opensearch)\s+delete-(?:elasticsearch-)?domain|glacier\s+delete-vault|organizations\s+(?:remove-account|delete-organization)|logs\s+delete-log-group|iam\s+delete-(?:user|role|account-alias))\b/,
    'deletes cloud resources (aws)',
  ],
  [/\baz\s+(?:\S+\s+){1,3}?(?:delete|purge)\b(?![-\w])/, 'deletes cloud resources (az)'],
  [
    /\bgcloud\s+(?:alpha\s+|beta\s+)?(?:\S+\s+)*?(?:spanner|bigtable|redis|filestore|memcache|alloydb)\s+(?:\S+\s+)*?instances\s+delete\b|\bgcloud\s+(?:\S+\s+)*?(?:compute\s+(?:disks|snapshots|images|networks)|secrets|dns\s+managed-zones|artifacts\s+repositories|firestore\s+databases|pubsub\s+topics|kms\s+keys\s+versions|sql\s+backups)\s+(?:delete|destroy)\b/,
    'deletes cloud resources (gcloud)',
  ],
  [
    /\bdocker\s+(?:system\s+prune\b[^;&|\n]*--volumes|volume\s+prune\b)|\bdocker\s+(?:container\s+)?(?:rm|kill)\s+(?:-\S+\s+)*["']?\$\((?:sudo\s+)?docker\s+(?:container\s+)?(?:ps|ls)\s+-\w*a\w*q/,
    'deletes every container or volume (docker)',
  ],
  [
    /\baws\s+(?:\S+\s+)*?(?:lambda\s+delete-function|sqs\s+delete-queue|sns\s+delete-topic|kinesis\s+delete-stream|apigateway\s+delete-rest-api|cognito-idp\s+delete-user-pool|ecs\s+delete-service)\b/,
    'deletes cloud resources (aws)',
  ],
  [
    /\bkubectl\s+(?:\S+\s+)*?delete\s+(?:(?:-\S+\s+)*)(?:statefulsets?|sts|pvc|persistentvolumeclaims?|secrets?)\b|\bkubectl\s+(?:\S+\s+)*?delete\s+.*-(?:f|-filename)[=\s]\S+.*(?:\s-R\b|--recursive\b)|\bkubectl\s+(?:\S+\s+)*?delete\s+(?:.*\s)?-k\s/,
    'deletes stateful cluster resources (kubectl delete)',
  ],
  [
    /\bdocker(?:-compose|\s+compose)\s+(?:\S+\s+)*?down\b[^;&|\n]*(?:\s-v\b|--volumes\b)|\bdocker\s+volume\s+rm\s+(?:-\S+\s+)*["']?\$\((?:sudo\s+)?docker\s+volume\s+ls\s+-\w*q/,
    'deletes data volumes (docker)',
  ],
  [
    /\bpulumi\s+stack\s+rm\b|\beksctl\s+delete\s+(?:cluster|nodegroup)\b|\bheroku\s+(?:apps:destroy|pg:reset|addons:destroy)\b|\b(?:serverless|sls)\s+remove\b|\bopenstack\s+(?:server|volume|stack|project|network|image|container)\s+delete\b|\b(?:fly|flyctl)\s+(?:apps\s+|volumes?\s+|postgres\s+)?destroy\b|\bvercel\s+(?:remove|rm)\b.*--yes|\bnetlify\s+sites:delete\b|\bfirebase\s+(?:firestore:delete\b.*--all-collections|projects:delete)|\bgh\s+repo\s+delete\b|\bhcloud\s+\w+\s+delete\b|\blinode-cli\s+\S+\s+delete\b|\boci\s+.*\bdelete\b.*--force|\bkubectl\s+(?:\S+\s+)*?drain\b.*--delete-emptydir-data.*--force/,
    'deletes cloud or cluster resources',
  ],
  [
    // `bq rm -r -f -d ds`, `bq rm -f -t ds.table`: a BigQuery dataset or table removed without a prompt.
    /\bbq\s+(?:--\S+\s+)*rm\s+(?:-\S+\s+)*-\w*[frd]\w*\s/,
    'removes a BigQuery dataset or table (bq rm)',
  ],
  [
    /\bvirsh\s+(?:\S+\s+)*?(?:undefine\b[^;&|\n]*(?:--remove-all-storage|--storage\b|--wipe-storage)|vol-(?:delete|wipe)\b|pool-delete\b)/,
    'deletes a virtual machine with its disks (virsh)',
  ],
];

/** Round 11's deletes, read only when the text says delete, terminate or protection (most commands say none). */
const WORDED_INFRA_DELETES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    // OpenShift's `oc` deletes what kubectl does, and a project is its namespace.
    /\boc\s+(?:\S+\s+)*?delete\s+(?:(?:-\S+\s+)*)(?:projects?|ns|namespaces?|nodes?|pv|pvc|persistentvolume\w*|crds?|all)\b|\boc\s+(?:\S+\s+)*?delete\s+.*(?:--all\b|\s-A\b|--all-namespaces\b)/,
    'deletes cluster resources (oc delete)',
  ],
  [
    // Managed databases' own CLIs: MongoDB Atlas, PlanetScale, Neon, Supabase, Aiven.
    /\b(?:atlas|mongocli\s+atlas)\s+(?:clusters|serverless|projects|backups\s+snapshots)\s+delete\b|\b(?:pscale\s+database|neonctl\s+(?:projects|branches)|supabase\s+projects|avn\s+service)\s+(?:delete|terminate)\b/,
    'deletes a managed database or cluster',
  ],
  [
    // A list of keys removed in one call: the bulk form of `aws s3 rm --recursive`.
    /\baws\s+(?:\S+\s+)*?s3api\s+delete-objects\b/,
    'deletes a list of objects from a bucket (s3api delete-objects)',
  ],
  [
    // What stands between a database or stack and its deletion, switched off: the first step of a delete.
    /\s--no-deletion-protection\b|\s--deletion-protection[=\s]+(?:false|off|disabled?)\b|\s--no-enable-termination-protection\b|\s--no-disable-api-termination\b|\s--disable-api-termination[=\s]+false\b|\s--no-enable-deletion-protection\b/i,
    'removes the deletion protection of a cloud resource',
  ],
];
const DELETE_WORDS = ['delete', 'terminat', 'rotection'];

// Administrator roles by name or by their well-known ids (Entra Global, Privileged Role, Privileged
// Authentication, Security and Application Administrator; Azure Owner and User Access Administrator),
// `role=admin` in an API call's fields, Vault's `root` policy.
const ADMIN_GRANT =
  /\ballUsers\b|\ballAuthenticatedUsers\b|--acl\s+['"]?public-read(?:-write)?\b|--grant-full-control\s+\S*AllUsers|--group(?:-name)?[=\s]+(?:'[^'\n]*(?:admin|owner|root)[^'\n]*'|"[^"\n]*(?:admin|owner|root)[^"\n]*"|[\w+=,.@-]*(?:admin|owner|root))|roles\/iam\.serviceAccount(?:TokenCreator|User|KeyAdmin)\b|\b(?:Directory\.ReadWrite\.All|RoleManagement\.ReadWrite\.Directory|AppRoleAssignment\.ReadWrite\.All|Application\.ReadWrite\.All)\b|\biam\s+(?:create-access-key|create-login-profile|update-login-profile)\b|"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*"\*")|AdministratorAccess|IAMFullAccess|arn:aws:iam::aws:policy\/PowerUserAccess|["']Action["']\s*:\s*\[?\s*["'](?:\*|\*:\*|iam:\*)["']|roles\/(?:owner|editor|iam\.\w*[Aa]dmin\w*|resourcemanager\.\w*[Aa]dmin\w*)|cluster-admin|\b(?:Owner|User Access Administrator)\b|--role\s+['"]?(?:Owner|Contributor)\b|\bsystem:masters\b|\b(?:role|permission)=["']?(?:admin|owner)\b|-?\bpolic(?:y|ies)=["']?(?:[\w-]+,)*root\b|\b(?:62e90394-69f5-4237-9190-012177145e10|e8611ab8-c189-46e8-94e1-60213ab1f814|7be44c8a-adaf-4e2a-84d6-ab2649e08a13|194ae4cb-b126-40b2-bd5b-6091b380977d|158c047a-c907-4556-b7ef-446551a6b5f7|9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3|8e3af657-a8ff-443c-a75c-2fe8c4bcb635|18d7d88d-d35e-4fb5-a5c3-7773c20a72d9)\b/i;
const IAM_COMMAND =
  /\baws\s+(?:\S+\s+)*?iam\s+(?:attach-(?:user|role|group)-policy|put-(?:user|role|group)-policy|create-access-key|add-user-to-group|create-login-profile|update-assume-role-policy|create-policy-version)\b|\baws\s+(?:\S+\s+)*?sso-admin\s+(?:create-account-assignment|attach-managed-policy-to-permission-set)\b|\bgcloud\s+(?:\S+\s+)*?add-iam-policy-binding\b|\baz\s+role\s+assignment\s+create\b|\baz\s+ad\s+group\s+member\s+add\b|\bkubectl\s+(?:\S+\s+)*?create\s+(?:cluster)?rolebinding\b|\busermod\s+(?:-\w+\s+)*-a?G\s*(?:sudo|wheel|admin|root)\b|\baz\s+ad\s+(?:app|sp)\s+permission\s+(?:grant|add|admin-consent)\b|\bgsutil\s+(?:-m\s+)?(?:iam|acl|defacl)\s+(?:ch|set)\b|\baws\s+(?:\S+\s+)*?s3api\s+put-(?:bucket|object)-(?:acl|policy)\b|\bgcloud\s+(?:\S+\s+)*?storage\s+buckets\s+add-iam-policy-binding\b|\bkubectl\s+(?:\S+\s+)*?(?:patch|edit|apply|set\s+subject)\s+(?:clusterrolebindings?|rolebindings?)\b|\bgh\s+api\b[^;&|\n]*(?:\/memberships\/|\/collaborators\/)|\bvault\s+(?:write\s+(?:-\S+\s+)*auth\/|token\s+create\b)/;

/** Asked only to show what it would do, or its usage: nothing is deleted. */
const DRY_RUN =
  /(?:^|\s)(?:--dry-run(?:=(?:client|server|true))?|--dryrun|--what-if|--whatif|-WhatIf|-help|--help|--preview-only)(?=\s|$|;)/;

/** The statement of a command line that holds the character at `index` (split at `;`, `&&`, `||`, newlines). */
function statementAt(text: string, index: number): string {
  const before = text.slice(0, index);
  const start = Math.max(before.lastIndexOf(';'), before.lastIndexOf('&&'), before.lastIndexOf('||'), before.lastIndexOf('\n')) + 1;
  const rest = text.slice(index);
  const end = rest.search(/;|&&|\|\||\n/);
  return text.slice(start, end < 0 ? text.length : index + end);
}

/** A statement whose first word is a substitution (`$(echo … | base64 -d)`, `` `… | rev` ``): its output runs as the command. */
const SUBSTITUTED_COMMAND = /(?:^|[;&|\n]\s*|\b(?:then|do)\s+)(?:\$\(([^()]{1,4096})\)|`([^`]{1,4096})`)/g;

/** Whether a statement runs, as its command, text a decoder produced that is not known to be harmless. */
function decodedCommandWord(text: string): boolean {
  if (!text.includes('$(') && !text.includes('`')) return false;
  for (const match of text.matchAll(SUBSTITUTED_COMMAND)) {
    const inner = match[1] ?? match[2];
    // The decoder is a later stage of a pipe inside (`echo … | base64 -d`), so `$(git rev-parse …)` is no decoder.
    const pipe = inner.indexOf('|');
    if (pipe > 0 && DECODER.test(inner.slice(pipe + 1)) && !harmlessDecodedPipe(`${inner} | sh`)) return true;
  }
  return false;
}

/** Substitutions (`$(…)`, backticks) in a command line. */
const SUBSTITUTIONS = /\$\(([^()]{1,4096})\)|`([^`]{1,4096})`/g;

/**
 * Whether every substitution that decodes (`eval "$(echo ZGF0ZQ== | base64 -d)"`) resolves to known
 * text with nothing dangerous in it: the walker then reads the decoded command like any other.
 */
function harmlessDecodedSubstitutions(text: string): boolean {
  let decoding = 0;
  for (const match of text.matchAll(SUBSTITUTIONS)) {
    const inner = match[1] ?? match[2];
    if (!DECODER.test(inner)) continue;
    decoding++;
    if (!harmlessDecodedPipe(`${inner} | sh`)) return false;
  }
  return decoding > 0;
}

function harmlessDecodedPipe(text: string): boolean {
  const decoded = resolveDecodedPipe(text);
  return decoded !== undefined && !DANGER_WORDS.test(decoded.replace(/[_,:.%+]/g, ' '));
}

/** Whether the text names an administrator-level role or policy. */
export function isAdminGrant(text: string): boolean {
  return ADMIN_GRANT.test(text);
}

/** Privilege grants in any text (a command or an API body): high, critical when admin-level. */
export function assessPrivilegeGrant(text: string, findings: Findings, via: string): boolean {
  const manifest = adminBindingManifest(text);
  if (manifest !== undefined) findings.add('critical', `${via}: applies a ${manifest}`);
  if (!IAM_COMMAND.test(text)) return manifest !== undefined;
  // A site's logo or stylesheet made public-read is published, not leaked.
  if (ADMIN_GRANT.test(text) && !publishesWebAssetsOnly(text)) findings.add('critical', `${via}: grants administrator-level access`);
  else findings.add('high', `${via}: grants access rights (IAM or role binding)`);
  return true;
}

/** A kube context of a cluster on the developer's machine (kind, minikube, k3d, Docker or Rancher Desktop). */
const LOCAL_CLUSTER = /--(?:kube-)?context[=\s]+['"]?(?:kind-|minikube\b|k3d-|docker-desktop\b|rancher-desktop\b|colima\b)/;

/** Adds findings for hidden or environment-wide commands in one shell command text. */
export function assessHiddenShell(command: string, findings: Findings): void {
  const text = command.length > 65536 ? command.slice(0, 65536) : command;
  // Decoded text that is known and holds nothing dangerous (`echo ZGF0ZQ== | base64 -d | sh` runs `date`)
  // is left to the shell analysis, which reads it as a command; encoding a dangerous piece is hiding it.
  if (DECODER.test(text) && TO_SHELL.test(text) && !harmlessDecodedPipe(text))
    findings.add('critical', 'shell: decoded or transformed text piped into a shell (what runs is hidden)');
  else if (EVAL_LIKE.test(text) && SUBSTITUTION.test(text) && DECODER.test(text) && !harmlessDecodedSubstitutions(text))
    findings.add('critical', 'shell: eval or `sh -c` of text decoded at run time (what runs is hidden)');
  else if (decodedCommandWord(text))
    findings.add('critical', 'shell: the command itself is text decoded at run time (`$(… | base64 -d)`), what runs is hidden');
  if (IFS_SET.test(text) && VARIABLE_COMMAND.test(text) && DANGER_WORDS.test(text.replace(/[_,:.%+]/g, ' ')))
    findings.add('critical', 'shell: command assembled with IFS from variables holding dangerous pieces');
  FUNCTION_DEF.lastIndex = 0;
  for (const match of text.matchAll(FUNCTION_DEF)) {
    const name = match[1] ?? match[2];
    const body = match[3];
    if (name === undefined || !DESTRUCTIVE_BODY.test(body)) continue;
    const call = new RegExp(
      String.raw`(?:^|[;&|}\n]\s*)${name.replace(/[-]/g, '\\-')}\s+['"]?(\/|~|\/\*|\$HOME|\/(?:etc|usr|var|boot|home|root|bin|lib)\b)`,
      'm',
    );
    if (call.test(text.slice((match.index ?? 0) + match[0].length))) {
      findings.add('critical', `shell: function \`${name}\` that deletes or wipes its argument is called on a system path`);
      break;
    }
  }
  if (RM_ROOT_GLOB.test(text)) findings.add('critical', 'shell: recursive delete of a glob that reaches top-level system folders');
  const deletes = DELETE_WORDS.some((word) => text.includes(word)) ? [...INFRA_DELETES, ...WORDED_INFRA_DELETES] : INFRA_DELETES;
  for (const [pattern, why] of deletes) {
    const match = pattern.exec(text);
    if (match === null) continue;
    // `helm uninstall web --dry-run`, `az … delete --what-if`, `terraform destroy -help`: nothing is deleted.
    const statement = statementAt(text, match.index);
    if (DRY_RUN.test(statement)) findings.add('high', `shell: ${why}, as a dry run`);
    // `helm uninstall demo --kube-context kind-local`: a throw-away cluster on the developer's machine.
    else if (LOCAL_CLUSTER.test(statement)) findings.add('high', `shell: ${why}, on a local development cluster`);
    else findings.add('critical', `shell: ${why}`);
  }
  if (text.includes('DELETE')) wildcardHttpDelete(text, findings);
  assessPrivilegeGrant(text, findings, 'shell');
}

/** URLs in a command line, and the first segment of their path. */
const URL_PATH = /(?:https?:\/\/)?(?:[\w-]+\.)*[\w-]+:\d{2,5}(\/[^\s'"?#]*)|https?:\/\/[^\s/'"]+(\/[^\s'"?#]*)/g;

/** `curl -X DELETE 'http://es:9200/_all'`, `…/logs-*`: an HTTP DELETE of every top-level resource a wildcard matches. */
function wildcardHttpDelete(text: string, findings: Findings): void {
  if (!/(?:-X\s*|--request[=\s]+|--method[=\s]+|\s)['"]?DELETE\b/.test(text)) return;
  for (const match of text.matchAll(URL_PATH)) {
    const first = (match[1] ?? match[2] ?? '').split('/').filter((segment) => segment !== '')[0];
    if (first !== undefined && (first === '_all' || first.includes('*'))) {
      findings.add('critical', `shell: HTTP DELETE of every resource \`${first}\` matches (an index pattern or _all)`);
      return;
    }
  }
}
