// One HTTP call to the service, with a deadline, and bounded retries with jitter for the calls that
// may be repeated safely (the decision call, which carries an Idempotency-Key).
import { ApiRequestError, GovernanceUnavailable } from './errors.ts';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** An agent token sent as `Authorization: Bearer` when there is no API key (issue 20). */
  agentToken?: string;
  fetch: typeof fetch;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Deadline of the whole call, retries included. */
  timeoutMs: number;
  /** How many times to retry after a network error, a timeout or a 5xx. */
  retries?: number;
  signal?: AbortSignal;
}

const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter: a uniform wait in [0, min(cap, base * 2^attempt)). */
export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
}

class Retryable extends GovernanceUnavailable {}

/** Sends one request; answers the parsed JSON of a 2xx (null for 204) or throws. */
export async function callApi<T>(transport: TransportOptions, method: string, path: string, options: CallOptions): Promise<T> {
  const url = new URL(transport.baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (transport.apiKey) headers['x-api-key'] = transport.apiKey;
  else if (transport.agentToken) headers.authorization = `Bearer ${transport.agentToken}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const deadline = Date.now() + options.timeoutMs;
  const retries = Math.max(0, options.retries ?? 0);

  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce<T>(transport, method, url, headers, options, deadline);
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      const wait = backoffMs(attempt);
      if (attempt >= retries || Date.now() + wait >= deadline || options.signal?.aborted) {
        throw new GovernanceUnavailable(error.message, error.status, { cause: error.cause });
      }
      await sleep(wait);
    }
  }
}

async function attemptOnce<T>(
  transport: TransportOptions,
  method: string,
  url: URL,
  headers: Record<string, string>,
  options: CallOptions,
  deadline: number,
): Promise<T> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new Retryable(`no answer from ${url.origin} within ${options.timeoutMs} ms`);
  const timeout = AbortSignal.timeout(remaining);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await transport.fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw new GovernanceUnavailable('the call was aborted', undefined, { cause: error });
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : describeNetworkError(error);
    throw new Retryable(`ActionGate at ${url.origin} is unreachable: ${reason}`, undefined, { cause: error });
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.status >= 500) {
    throw new Retryable(`ActionGate answered ${response.status}: ${detailOf(body) ?? 'server error'}`, response.status);
  }
  if (!response.ok) {
    const record = (body && typeof body === 'object' ? body : {}) as { detail?: unknown; code?: string };
    throw new ApiRequestError(response.status, record.detail ?? body, record.code, body);
  }
  return body as T;
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    return typeof detail === 'string' ? detail : JSON.stringify(detail);
  }
  return typeof body === 'string' && body ? body.slice(0, 200) : undefined;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}
