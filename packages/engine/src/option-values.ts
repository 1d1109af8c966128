// Option values of the offline verifiers' command lines.

/**
 * `--opt VALUE` as `--opt=VALUE`: a base64url key may begin with `-`, which parseArgs would
 * otherwise refuse as an ambiguous option (one key in 64 did).
 */
export function joinValues(argv: readonly string[], options: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (options.includes(argv[i]) && i + 1 < argv.length) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}
