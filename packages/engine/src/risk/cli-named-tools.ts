// Tools named after the command-line program they wrap (`/tools/kubectl {args: "delete ns prod"}`,
// `/tools/terraform {args: ["apply", "-destroy"]}`, `/tools/redis {command: "FLUSHALL"}`): the
// arguments are that program's, so they are read as the command line `<program> <arguments>`,
// which the shell rules judge like any other.

/** Tool names (last path segment, lower-case) and the program they run. */
const PROGRAMS = new Map<string, string>([
  ['kubectl', 'kubectl'],
  ['k8s', 'kubectl'],
  ['kubernetes', 'kubectl'],
  ['oc', 'oc'],
  ['helm', 'helm'],
  ['terraform', 'terraform'],
  ['tofu', 'tofu'],
  ['opentofu', 'tofu'],
  ['pulumi', 'pulumi'],
  ['aws', 'aws'],
  ['awscli', 'aws'],
  ['aws_cli', 'aws'],
  ['gcloud', 'gcloud'],
  ['gsutil', 'gsutil'],
  ['bq', 'bq'],
  ['bigquery', 'bq'],
  ['az', 'az'],
  ['azure_cli', 'az'],
  ['azure', 'az'],
  ['gcp', 'gcloud'],
  ['google_cloud', 'gcloud'],
  ['doctl', 'doctl'],
  ['eksctl', 'eksctl'],
  ['git', 'git'],
  ['gh', 'gh'],
  ['docker', 'docker'],
  ['podman', 'podman'],
  ['vault', 'vault'],
  ['virsh', 'virsh'],
  ['redis', 'redis-cli'],
  ['redis_cli', 'redis-cli'],
  ['psql', 'psql'],
  ['mysql_cli', 'mysql'],
  ['mongosh', 'mongosh'],
  ['heroku', 'heroku'],
  ['flyctl', 'flyctl'],
  ['openstack', 'openstack'],
  ['solana', 'solana'],
  ['cast', 'cast'],
  ['bitcoin_cli', 'bitcoin-cli'],
  ['systemctl', 'systemctl'],
  ['crontab', 'crontab'],
  // Package managers: `/tools/pip {args: ["install", "git+https://…"]}` installs what its arguments name.
  ['pip', 'pip'],
  ['pip3', 'pip'],
  ['pipx', 'pipx'],
  ['uv', 'uv'],
  ['npm', 'npm'],
  ['pnpm', 'pnpm'],
  ['yarn', 'yarn'],
  ['npx', 'npx'],
  ['gem', 'gem'],
]);

/** Programs whose sub-commands are given bare by generic runners of a cloud (`/tools/terraform/run {args: "apply -destroy"}`). */
const CLOUD_PROGRAMS = new Set([
  'terraform',
  'tofu',
  'pulumi',
  'aws',
  'gcloud',
  'gsutil',
  'bq',
  'az',
  'doctl',
  'eksctl',
  'helm',
  'kubectl',
  'oc',
  'heroku',
  'flyctl',
  'openstack',
]);
/** Values of a `provider`-style field and the program they imply. */
const PROVIDERS = new Map<string, string>([
  ['gcp', 'gcloud'],
  ['google', 'gcloud'],
  ['google_cloud', 'gcloud'],
  ['gcloud', 'gcloud'],
  ['aws', 'aws'],
  ['amazon', 'aws'],
  ['azure', 'az'],
  ['az', 'az'],
  ['digitalocean', 'doctl'],
  ['kubernetes', 'kubectl'],
  ['k8s', 'kubectl'],
  ['helm', 'helm'],
  ['terraform', 'terraform'],
]);
const PROVIDER_KEYS = new Set(['provider', 'cloud', 'platform', 'cli', 'tool', 'binary', 'program']);

/** A cloud program named by a generic runner's path (`/tools/azure/cli`) or by a `provider` field, whose bare sub-commands it runs. */
export function impliedCloudProgram(
  pathProgram: string | undefined,
  strings: ReadonlyArray<{ key: string; text: string; inArray: boolean }>,
): string | undefined {
  if (pathProgram !== undefined && CLOUD_PROGRAMS.has(pathProgram)) return pathProgram;
  for (const field of strings) {
    if (field.inArray || !PROVIDER_KEYS.has(field.key)) continue;
    const program = PROVIDERS.get(
      field.text
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    );
    if (program !== undefined) return program;
  }
  return undefined;
}

/** The program a tool of this name wraps, or undefined. */
export function cliProgramOf(toolName: string): string | undefined {
  return PROGRAMS.get(toolName.toLowerCase().replace(/-/g, '_'));
}

/** A command line of `program`: the text as it is when it already starts with the program (or an alias of it). */
export function asProgramLine(program: string, text: string): string {
  const first = /^\s*(\S+)/.exec(text)?.[1]?.toLowerCase();
  if (first === undefined) return text;
  const base = first.replace(/^.*\//, '');
  if (base === program || (program === 'redis-cli' && base === 'redis') || (program === 'kubectl' && base === 'k')) return text;
  return `${program} ${text}`;
}
