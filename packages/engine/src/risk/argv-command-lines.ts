// An argument list is a command line, whatever the tool calls it and whether or not it names its
// program: `{argv: ["kubectl", "delete", "ns", "prod"]}`, `{program: "/usr/bin/aws", argv: ["aws",
// "s3", "rb", …]}`, `/tools/kubectl/run {args: ["delete", "ns", "prod"]}` (a segment of the tool's
// path names the program), and under a generic exec tool `{args: ["delete", "namespace", "prod"]}`
// or `{args: ["eks", "delete-cluster", …]}`, whose grammar says which program it is written for
// (a cluster verb before a resource kind is kubectl; a cloud service before a hyphenated operation is
// the AWS CLI). The line built here is judged by the shell rules like any other.

import { cliProgramOf } from './cli-named-tools.ts';
import { memoize } from './memo.ts';

/** kubectl's verbs, and the resource kinds one of them may act on. */
const KUBECTL_VERBS = new Set([
  'get',
  'delete',
  'describe',
  'apply',
  'create',
  'edit',
  'patch',
  'replace',
  'scale',
  'rollout',
  'logs',
  'exec',
  'drain',
  'cordon',
  'uncordon',
  'label',
  'annotate',
  'expose',
  'run',
  'top',
  'port-forward',
  'cp',
  'auth',
  'config',
  'taint',
  'set',
]);
const KUBE_KINDS =
  /^(?:ns|namespaces?|nodes?|no|pods?|po|deploy(?:ments?)?|statefulsets?|sts|daemonsets?|ds|services?|svc|secrets?|configmaps?|cm|pvc|persistentvolumeclaims?|pv|persistentvolumes?|crds?|customresourcedefinitions?|jobs?|cronjobs?|cj|ingress(?:es)?|ing|roles?|rolebindings?|clusterroles?|clusterrolebindings?|serviceaccounts?|sa|replicasets?|rs|all|events?|endpoints?|networkpolicies|netpol|(?:deploy|sts|ds|svc|pod|po|job|cj|node|no)\/\S+|[a-z]+(?:,[a-z]+)+)$/i;
/** Services of the AWS CLI, read when the list starts with one and goes on with an operation. */
const AWS_SERVICES = new Set([
  's3',
  's3api',
  'ec2',
  'rds',
  'eks',
  'ecs',
  'ecr',
  'iam',
  'kms',
  'lambda',
  'dynamodb',
  'cloudformation',
  'route53',
  'sqs',
  'sns',
  'elasticache',
  'efs',
  'secretsmanager',
  'ssm',
  'sts',
  'organizations',
  'logs',
  'cloudfront',
  'elbv2',
  'autoscaling',
  'kinesis',
  'redshift',
  'glacier',
  'backup',
  'opensearch',
  'es',
  'apigateway',
  'cognito-idp',
]);
const S3_VERBS = new Set(['ls', 'cp', 'mv', 'rm', 'rb', 'mb', 'sync', 'presign']);
const AWS_OPERATION = /^[a-z]+(?:-[a-z0-9]+)+$/;
/** terraform's sub-commands that act on real infrastructure. */
const TERRAFORM_VERBS = new Set(['destroy', 'apply', 'plan', 'import', 'state', 'taint', 'init', 'fmt', 'validate', 'output']);

/** The program an argument list without one was written for, read from its grammar, or undefined. */
export function programByGrammar(items: readonly string[]): string | undefined {
  const first = items[0]?.toLowerCase();
  if (first === undefined || items.length < 2) return undefined;
  const second = items[1];
  if (AWS_SERVICES.has(first) && (first === 's3' ? S3_VERBS.has(second) : AWS_OPERATION.test(second))) return 'aws';
  if (KUBECTL_VERBS.has(first)) {
    // `delete namespace prod`, `delete --all namespaces`, `get pods -n x`: a resource kind among the next words.
    const rest = items.slice(1, 5).filter((item) => !item.startsWith('-'));
    if (rest.some((item) => KUBE_KINDS.test(item))) return 'kubectl';
  }
  if (TERRAFORM_VERBS.has(first) && items.slice(1).some((item) => /^-(?:auto-approve|var-file|target|destroy|refresh)/.test(item)))
    return 'terraform';
  return undefined;
}

// Most paths name no program: `null` is cached for them (the memo cannot keep `undefined`).
const programInToolPathOrNull = memoize((path: string) => programInToolPathUncached(path) ?? null, 1024, 512);
/** The program a tool's path names in any segment (`/tools/kubectl/run`, `/tools/cli/aws`), nearest the end first. */
export const programInToolPath = (path: string): string | undefined => programInToolPathOrNull(path) ?? undefined;

function programInToolPathUncached(path: string): string | undefined {
  const segments = path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((segment) => segment !== '');
  for (let i = segments.length - 1; i >= 0; i--) {
    const program = cliProgramOf(segments[i]);
    if (program !== undefined) return program;
  }
  return undefined;
}

/** The base name of a program word (`/usr/local/bin/kubectl` gives kubectl). */
function baseName(word: string): string {
  return word
    .replace(/^.*[\\/]/, '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
}

/**
 * The command line an argument list stands for: the named program (a sibling field, the tool's
 * name or another segment of its path) put first unless the list already starts with it, else the program its grammar says.
 */
export function argvCommandLine(
  items: readonly string[],
  namedProgram: string | undefined,
  toolProgram: string | undefined,
  pathProgram: string | undefined,
): string[] {
  const first = items[0] === undefined ? '' : baseName(items[0]);
  for (const program of [namedProgram, toolProgram, pathProgram]) {
    if (program === undefined) continue;
    const base = baseName(program);
    if (first === base || (base === 'kubectl' && first === 'k') || (base === 'redis-cli' && first === 'redis')) return [...items];
    // A list under a tool path that names another program but starting with a program of its own (`/tools/docker/run {cmd: ["rm", …]}`) is that program's.
    if (program === pathProgram && looksLikeCommandList(items)) return [...items];
    return [program, ...items];
  }
  const inferred = programByGrammar(items);
  return inferred === undefined ? [...items] : [inferred, ...items];
}

/** Programs whose argument lists are command lines under any key (`{steps: ["kubectl", "delete", …]}`). */
const COMMAND_PROGRAMS = new Set([
  'kubectl',
  'aws',
  'gcloud',
  'gsutil',
  'az',
  'terraform',
  'tofu',
  'helm',
  'rm',
  'dd',
  'mdadm',
  'wipefs',
  'sgdisk',
  'sqlite3',
  'redis-cli',
  'mongosh',
  'psql',
  'mysql',
  'curl',
  'wget',
  'bash',
  'sh',
  'zsh',
  'python',
  'python3',
  'node',
  'perl',
  'ruby',
  'powershell',
  'pwsh',
  'gh',
  'bq',
  'doctl',
  'eksctl',
  'scp',
  'rsync',
  'nc',
  'ssh',
  'sudo',
  'chmod',
  'chown',
  'crontab',
  'systemctl',
]);

/** Whether a string list under a key of no known meaning is a command line (it starts with a program of the list above). */
export function looksLikeCommandList(items: readonly string[]): boolean {
  if (items.length < 2 || items[0].length > 64) return false;
  const first = baseName(items[0]);
  return COMMAND_PROGRAMS.has(first) || first.startsWith('mkfs') || first.startsWith('python3.');
}
