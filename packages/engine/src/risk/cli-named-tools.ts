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
]);

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
