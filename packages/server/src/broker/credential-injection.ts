// Puts a credential's secret into an outgoing request, server-side, and lists the forms in which
// the secret could come back (an upstream echoing its request) so answers can be scrubbed of them.
import type { CredentialKind } from '../store/credential-store.ts';

/** The query parameter a `query` credential fills when it names none. */
export const DEFAULT_QUERY_PARAMETER = 'api_key';

export interface Injected {
  url: URL;
  headers: Record<string, string>;
}

/** The header (lower case) a credential sets, or null for `query` credentials. */
export function credentialHeader(kind: CredentialKind, headerName: string | null): string | null {
  if (kind === 'bearer' || kind === 'basic') return 'authorization';
  if (kind === 'header') return (headerName ?? '').toLowerCase();
  return null;
}

export function injectCredential(
  credential: { kind: CredentialKind; headerName: string | null },
  secret: string,
  url: URL,
  headers: Record<string, string>,
): Injected {
  const out = { url: new URL(url), headers: { ...headers } };
  switch (credential.kind) {
    case 'bearer':
      out.headers.authorization = `Bearer ${secret}`;
      break;
    case 'basic':
      out.headers.authorization = `Basic ${Buffer.from(secret, 'utf8').toString('base64')}`;
      break;
    case 'header':
      out.headers[(credential.headerName ?? '').toLowerCase()] = secret;
      break;
    case 'query':
      out.url.searchParams.set(credential.headerName ?? DEFAULT_QUERY_PARAMETER, secret);
      break;
  }
  return out;
}

/** Byte strings that would reveal the secret: the secret and its encoded forms (4 bytes or longer). */
export function secretForms(kind: CredentialKind, secret: string): Buffer[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  if (kind === 'basic') {
    forms.add(Buffer.from(secret, 'utf8').toString('base64'));
    const password = secret.slice(secret.indexOf(':') + 1);
    forms.add(password);
  }
  // Longest first, so a form inside another is never left half-replaced.
  return [...forms]
    .filter((form) => Buffer.byteLength(form) >= 4)
    .sort((a, b) => b.length - a.length)
    .map((form) => Buffer.from(form, 'utf8'));
}

const REDACTED = Buffer.from('[redacted]');

/** The bytes with every occurrence of every form replaced by `[redacted]`. */
export function redactBytes(bytes: Buffer, forms: readonly Buffer[]): Buffer {
  let out = bytes;
  for (const form of forms) {
    let at = out.indexOf(form);
    if (at === -1) continue;
    const parts: Buffer[] = [];
    let from = 0;
    while (at !== -1) {
      parts.push(out.subarray(from, at), REDACTED);
      from = at + form.length;
      at = out.indexOf(form, from);
    }
    parts.push(out.subarray(from));
    out = Buffer.concat(parts);
  }
  return out;
}

export function redactText(text: string, forms: readonly Buffer[]): string {
  return redactBytes(Buffer.from(text, 'utf8'), forms).toString('utf8');
}
