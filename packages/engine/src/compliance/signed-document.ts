// Signed JSON documents (audit-package manifests, certificates, anchor receipts): the service's
// Ed25519 signature over the canonical JSON of every field but `signature`, with `key_id` naming
// the key. One format, so one verifier serves every document an auditor is handed.
import type { KeyObject } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import type { PublicKeySet } from '../journal/public-keys.ts';
import { signText, verifyText } from '../signing.ts';

export type SignedDocument<T extends object = Record<string, unknown>> = T & { key_id: string; signature: string };

/** The exact text a document's signature covers. */
export function signedDocumentText(document: Record<string, unknown>): string {
  const { signature: _signature, ...rest } = document;
  return canonicalJson(rest);
}

/** Signs a document with the given key (adds `key_id` and `signature`). */
export function signDocument<T extends object>(document: T, key: { kid: string; privateKey: KeyObject }): SignedDocument<T> {
  const unsigned = { ...document, key_id: key.kid } as Record<string, unknown>;
  return { ...unsigned, signature: signText(signedDocumentText(unsigned), key.privateKey) } as SignedDocument<T>;
}

/** Null when the document's signature verifies with one of the keys, else why not. */
export function signedDocumentProblem(document: unknown, keys: PublicKeySet): string | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 'the document is not a JSON object';
  const d = document as Record<string, unknown>;
  if (typeof d.key_id !== 'string' || typeof d.signature !== 'string') return 'the document is not signed (no `key_id` or `signature`)';
  const key = keys.get(d.key_id);
  if (!key) return `the document is signed by key \`${d.key_id}\`, which is not among the trusted public keys`;
  if (!verifyText(signedDocumentText(d), d.signature, key))
    return `the signature does not verify with key \`${d.key_id}\`: the document was altered`;
  return null;
}
