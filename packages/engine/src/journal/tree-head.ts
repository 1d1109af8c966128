// Signed tree heads: the service's Ed25519 signature over a tenant's journal size and Merkle root
// at a moment (RFC 6962 section 3.5, as JSON). A head commits the service to every entry under it.
import type { KeyObject } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import { signText, verifyText } from '../signing.ts';
import { isHash } from './merkle-hash.ts';
import type { PublicKeySet } from './public-keys.ts';

export interface TreeHead {
  tenant_id: string;
  tree_size: number;
  root_hash: string;
  /** ISO 8601 time the head was signed. */
  timestamp: string;
  key_id: string;
  /** Base64url Ed25519 signature over `treeHeadText`. */
  signature: string;
}

/** The exact text a tree head's signature covers: every field but the signature, as canonical JSON. */
export function treeHeadText(head: Omit<TreeHead, 'signature'>): string {
  return canonicalJson({
    tenant_id: head.tenant_id,
    tree_size: head.tree_size,
    root_hash: head.root_hash,
    timestamp: head.timestamp,
    key_id: head.key_id,
  });
}

/** Signs a tree head with the given key. */
export function signTreeHead(fields: Omit<TreeHead, 'signature' | 'key_id'>, key: { kid: string; privateKey: KeyObject }): TreeHead {
  const unsigned = { ...fields, key_id: key.kid };
  return { ...unsigned, signature: signText(treeHeadText(unsigned), key.privateKey) };
}

/** Checks a tree head's shape and signature; returns null when it verifies, else the reason it does not. */
export function treeHeadProblem(head: unknown, keys: PublicKeySet): string | null {
  if (typeof head !== 'object' || head === null) return 'the tree head is not an object';
  const h = head as Partial<TreeHead>;
  if (typeof h.tenant_id !== 'string') return 'the tree head has no `tenant_id`';
  if (!Number.isSafeInteger(h.tree_size) || (h.tree_size as number) < 0) return 'the tree head has no valid `tree_size`';
  if (!isHash(h.root_hash)) return 'the tree head has no valid `root_hash`';
  if (typeof h.timestamp !== 'string') return 'the tree head has no `timestamp`';
  if (typeof h.key_id !== 'string' || typeof h.signature !== 'string') return 'the tree head is not signed';
  const key = keys.get(h.key_id);
  if (!key) return `the tree head is signed by key \`${h.key_id}\`, which is not among the given public keys`;
  if (!verifyText(treeHeadText(h as TreeHead), h.signature, key)) return `the tree head signature does not verify with key \`${h.key_id}\``;
  return null;
}
