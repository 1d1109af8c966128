// Public signing keys shared between nodes (PostgreSQL): each node signs with its own Ed25519 key,
// records its public keys in the database, and every node publishes all of them, so a record signed
// on one node verifies with the key set any node publishes. A single-node store has no such table:
// its key ring is the whole set.
import type { SigningKeyRing } from '../signing-keys.ts';
import type { Store } from './store.ts';

/** A public key as `GET /fabric/keys/public` lists it (JWK with validity). */
export type PublishedKey = ReturnType<SigningKeyRing['publicKeys']>[number];

export interface SharedSigningKeys {
  /** Records (or updates) this node's public keys. */
  publishSigningKeys(nodeId: string, keys: readonly PublishedKey[], now: number): Promise<void>;
  /** Every node's public keys, oldest first. */
  listSigningKeys(): Promise<PublishedKey[]>;
}

export function sharesSigningKeys(store: Store): store is Store & SharedSigningKeys {
  return typeof (store as Partial<SharedSigningKeys>).listSigningKeys === 'function';
}

/** The keys a node publishes: its own ring's, and with a shared store every other node's too. */
export async function publishedKeys(store: Store, keyRing: SigningKeyRing): Promise<PublishedKey[]> {
  const own = keyRing.publicKeys();
  if (!sharesSigningKeys(store)) return own;
  const kids = new Set(own.map((key) => key.kid));
  return [...own, ...(await store.listSigningKeys()).filter((key) => !kids.has(key.kid))];
}
