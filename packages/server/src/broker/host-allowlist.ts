// A credential's allowed_hosts: exact names or IP literals, and `*.example.com` for any subdomain.
// Only an exact entry counts as listing the host literally (which lets it reach private addresses).

export type HostMatch = 'literal' | 'pattern';

/** The canonical spelling of a host entry: lower case, IPv6 without brackets, no final dot. */
export function canonicalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** How the credential covers the host, or null when it does not. */
export function allowedHostMatch(allowedHosts: readonly string[], host: string): HostMatch | null {
  const wanted = canonicalHost(host);
  let match: HostMatch | null = null;
  for (const entry of allowedHosts) {
    const allowed = canonicalHost(entry);
    if (allowed === wanted) return 'literal';
    if (allowed.startsWith('*.') && wanted.endsWith(allowed.slice(1))) match = 'pattern';
  }
  return match;
}

/** Why an allowed_hosts entry is unusable, or null. */
export function hostEntryProblem(entry: string): string | null {
  const host = canonicalHost(entry);
  if (host === '' || host === '*' || host === '*.') return `\`${entry}\` names no host`;
  if (host.includes('*') && !/^\*\.[^*]+$/.test(host)) return `\`${entry}\`: a wildcard may only lead, as in \`*.example.com\``;
  if (/[\s/?#@]/.test(host)) return `\`${entry}\` is not a host name (no scheme, path or port)`;
  return null;
}
