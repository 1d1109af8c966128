// Sends one brokered request through undici: connected to the pinned address, with connect,
// headers and body timeouts, a cap on the response size, and redirects followed only within the
// same origin (scheme, host, port); a redirect elsewhere is refused, never followed.
import { request, type Dispatcher } from 'undici';
import { CallRefused } from './pinned-address.ts';

export interface UpstreamLimits {
  connectTimeoutMs: number;
  /** Time to the response headers, and the longest silence while the body arrives. */
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  redirects: number;
}

/** The upstream did answer, but not with something we hand back; `detail` says why. */
export class UpstreamRefused extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers never handed back to the agent. */
const DROPPED = new Set(['set-cookie', 'set-cookie2', 'connection', 'keep-alive', 'transfer-encoding']);

function origin(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

export async function sendUpstream(
  first: { method: string; url: URL; headers: Record<string, string>; body: Buffer | null },
  /** A pool whose sockets connect only to the checked address (upstream-agents.ts). */
  agent: Dispatcher,
  limits: UpstreamLimits,
  /** Re-applies the credential to a redirect target of the same origin (query credentials live in the URL). */
  reinject: (url: URL) => URL,
): Promise<UpstreamAnswer> {
  try {
    let { method, url, body } = first;
    const headers = { ...first.headers };
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, { method: method as 'GET', headers, body: body ?? undefined, dispatcher: agent });
      // Destroying a body we stop reading makes it emit an abort error: expected, not a crash.
      response.body.on('error', () => {});
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump().catch(() => {});
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new UpstreamRefused(`upstream answered ${response.statusCode} with an unreadable Location; not followed`);
        }
        if (origin(next) !== origin(url)) {
          throw new UpstreamRefused(
            `upstream answered ${response.statusCode} redirecting to another origin (${origin(next)}); not followed, nothing was sent there`,
          );
        }
        if (redirects >= limits.maxRedirects) throw new UpstreamRefused(`more than ${limits.maxRedirects} redirects; stopped`);
        // 303, and 301/302 after a POST, continue as a GET without a body (what browsers and curl do).
        if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = null;
          delete headers['content-type'];
        }
        url = reinject(next);
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
        response.body.destroy();
        throw new UpstreamRefused(
          `upstream response of ${declared} bytes is over the ${limits.maxResponseBytes}-byte cap; refused, body not read`,
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > limits.maxResponseBytes) {
          response.body.destroy();
          throw new UpstreamRefused(`upstream response is over the ${limits.maxResponseBytes}-byte cap; refused, reading stopped`);
        }
        chunks.push(chunk as Buffer);
      }
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined || DROPPED.has(name.toLowerCase())) continue;
        kept[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      return { status: response.statusCode, headers: kept, body: Buffer.concat(chunks), redirects };
    }
  } catch (error) {
    if (error instanceof UpstreamRefused || error instanceof CallRefused) throw error;
    throw new UpstreamRefused(describeNetworkError(error));
  }
}

/** A network failure in words, from its code only (messages may quote the URL, and a query credential with it). */
function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string }).code ?? 'unknown';
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connecting to the upstream timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'the upstream did not answer in time (headers timeout)';
    case 'UND_ERR_BODY_TIMEOUT':
      return 'the upstream stopped sending its body (body timeout)';
    case 'ECONNREFUSED':
      return 'the upstream refused the connection';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the upstream closed the connection';
    default:
      return `the request to the upstream failed (${code})`;
  }
}
