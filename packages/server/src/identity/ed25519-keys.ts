// Ed25519 key material of identities, as the API carries it: public keys as base64url of the 32
// raw bytes, private keys (issued once at creation or rotation) as PKCS#8 DER in base64url.
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

/** The 32 raw bytes of a base64url or base64 Ed25519 public key, or null when it is not one. */
export function rawPublicKey(text: string): Buffer | null {
  const bytes = Buffer.from(text.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), 'base64url');
  return bytes.length === 32 ? bytes : null;
}

/** Canonical (base64url) form of an Ed25519 public key, or null when it is not one. */
export function canonicalPublicKey(text: string): string | null {
  const raw = rawPublicKey(text);
  if (!raw) return null;
  try {
    publicKeyObject(raw.toString('base64url'));
  } catch {
    return null;
  }
  return raw.toString('base64url');
}

export function publicKeyObject(base64url: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64url }, format: 'jwk' });
}

/** A new key pair: the public key to store, the private key to show once. */
export function newIdentityKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  return { publicKey: jwk.x, privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url') };
}

/** True when `signature` (base64url or base64) is a valid Ed25519 signature of `message` by `publicKey`. */
export function verifyEd25519(publicKey: string, message: string, signature: string): boolean {
  const sig = Buffer.from(signature.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), 'base64url');
  if (sig.length !== 64) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), publicKeyObject(publicKey), sig);
  } catch {
    return false;
  }
}
