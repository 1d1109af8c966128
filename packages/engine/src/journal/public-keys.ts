// The service's Ed25519 public keys as an auditor hands them over: raw base64url (a JWK's `x`), a
// PEM, a JWK, or the `{keys: [...]}` list of `GET /fabric/keys/public`. Keys are matched by key id.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { keyIdOf } from '../signing.ts';

/** Public keys by key id (`sk_…`). */
export type PublicKeySet = Map<string, KeyObject>;

/** One Ed25519 public key from raw base64url, PEM or JWK (object or JSON text); throws a readable error otherwise. */
export function parsePublicKey(input: unknown): KeyObject {
  let key: KeyObject;
  try {
    if (typeof input === 'object' && input !== null) {
      const jwk = input as { x?: unknown };
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) }, format: 'jwk' });
    } else if (typeof input !== 'string') {
      throw new Error('not a string');
    } else if (input.includes('-----BEGIN')) {
      key = createPublicKey(input);
    } else if (input.trim().startsWith('{')) {
      return parsePublicKey(JSON.parse(input));
    } else {
      const raw = Buffer.from(input.trim(), 'base64url');
      if (raw.length !== 32) throw new Error(`decodes to ${raw.length} bytes, not 32`);
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
  } catch (error) {
    throw new Error(`not an Ed25519 public key (raw base64url, PEM or JWK): ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 public key: it is ${key.asymmetricKeyType}`);
  return key;
}

/** A key set from one or more keys, each in any form `parsePublicKey` reads, or `{keys: [jwk…]}` lists. */
export function publicKeySet(inputs: unknown): PublicKeySet {
  const set: PublicKeySet = new Map();
  const add = (input: unknown): void => {
    if (Array.isArray(input)) return input.forEach(add);
    if (typeof input === 'string' && input.trim().startsWith('{')) return add(JSON.parse(input));
    if (typeof input === 'object' && input !== null && Array.isArray((input as { keys?: unknown }).keys)) {
      return (input as { keys: unknown[] }).keys.forEach(add);
    }
    const key = parsePublicKey(input);
    set.set(keyIdOf(key), key);
  };
  add(inputs);
  if (set.size === 0) throw new Error('no public key given');
  return set;
}
