// Calls to the ActionGate API with the signed-in key in `X-API-Key`.
import { storedKey } from './session.ts';

/** A non-2xx answer, with the service's `detail` in words. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

let onUnauthorized: () => void = () => {};

/** What to do when the key stops working (revoked while signed in). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

function detailOf(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((item) => `${(item.loc ?? []).join('.')}: ${item.msg}`).join('; ');
  return `request failed with HTTP ${status}`;
}

/** Sends one request; resolves with the JSON body, rejects with an ApiFailure. */
export async function api<T = any>(method: string, path: string, body?: unknown, key = storedKey()): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiFailure(0, 'the service is unreachable');
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    if (response.status === 401 && key === storedKey()) onUnauthorized();
    throw new ApiFailure(response.status, detailOf(parsed, response.status));
  }
  return parsed as T;
}
