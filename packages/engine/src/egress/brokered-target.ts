// The network target of a brokered call: a call of the tool `/tools/http/<host>` whose payload
// carries the method and the URL. Egress rules and the brokered-call checks read it from here.

/** Tool paths of brokered calls start with this prefix, followed by the target host. */
export const BROKERED_TOOL_PREFIX = '/tools/http/';

export interface BrokeredTarget {
  scheme: 'http' | 'https';
  /** Lower-case host name or IP literal (IPv6 without brackets). */
  host: string;
  port: number;
}

/** The tool path a brokered call to `host` is decided as. */
export function brokeredToolPath(host: string): string {
  return BROKERED_TOOL_PREFIX + host.toLowerCase();
}

/** Whether the call is a brokered HTTP call (by its tool path). */
export function isBrokeredPath(path: string): boolean {
  return path.toLowerCase().startsWith(BROKERED_TOOL_PREFIX);
}

/**
 * Scheme, host and port of a URL, or an error in words. Only http and https are brokered; user
 * information in the URL is refused (credentials come from the vault, never from the agent).
 */
export function parseTarget(url: string): BrokeredTarget | { error: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: `\`${url.slice(0, 200)}\` is not an absolute URL` };
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  if (scheme !== 'http' && scheme !== 'https') return { error: `scheme \`${scheme}\` is not brokered; use http or https` };
  if (parsed.username || parsed.password) return { error: 'user information in the URL is refused; credentials come from the vault' };
  const host = parsed.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!host) return { error: 'the URL has no host' };
  const port = parsed.port ? Number(parsed.port) : scheme === 'https' ? 443 : 80;
  return { scheme, host, port };
}

/** The target of a brokered call from its payload (`url`), or null when the call is not brokered or has no usable URL. */
export function brokeredTarget(path: string, payload: unknown): BrokeredTarget | { error: string } | null {
  if (!isBrokeredPath(path)) return null;
  const url = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).url : undefined;
  if (typeof url !== 'string') return { error: 'a call of an /tools/http/ tool must carry its `url` in the payload' };
  return parseTarget(url);
}
