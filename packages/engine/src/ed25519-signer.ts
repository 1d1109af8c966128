// Ed25519 signatures made by libsodium (the npm package sodium-native, which ships its compiled addon)
// where it loads, else by node's crypto.sign (issue 15: node's one-shot sign looks OpenSSL's provider
// up on every call; libsodium signs the same text in about half the CPU). Ed25519 is deterministic
// (RFC 8032), so both give the same bytes; each key is checked against node's signer before libsodium
// signs with it, and a key that disagrees (or an addon that does not load) is signed by node. Node's
// signer is the fallback, not a refusal: its signatures are the very same bytes, only slower.
import { sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';

/** The part of sodium-native's API used here. */
export interface SodiumSigning {
  crypto_sign_seed_keypair(publicKey: Buffer, secretKey: Buffer, seed: Buffer): void;
  crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
  sodium_malloc(size: number): Buffer;
}

export interface Ed25519Signer {
  /** Ed25519 signature of `text` (as UTF-8) with `privateKey`: the bytes node's `crypto.sign` gives. */
  sign(text: string, privateKey: KeyObject): Buffer;
  /** Who signs new signatures, and why libsodium does not when it does not. */
  state(): { signer: 'libsodium' | 'node'; reason: string | null };
}

const PROBE = Buffer.from('ActionGate: libsodium and node sign this alike');
/** Texts up to this many UTF-16 units are copied into one reused buffer (signing is synchronous). */
const SCRATCH_UNITS = 2048;

/** A signer over `lib` (null: node's signer alone, with `reason` said). */
export function createEd25519Signer(lib: SodiumSigning | null, reason: string | null = null): Ed25519Signer {
  let why = lib ? null : (reason ?? 'libsodium not given');
  /** libsodium's 64-byte secret key (seed and public key) per private key; null: node signs with it. */
  const secretKeys = new WeakMap<KeyObject, Buffer | null>();
  const scratch = Buffer.alloc(SCRATCH_UNITS * 3);

  const secretKeyOf = (privateKey: KeyObject): Buffer | null => {
    const known = secretKeys.get(privateKey);
    if (known !== undefined) return known;
    let secretKey: Buffer | null = null;
    if (lib && privateKey.type === 'private' && privateKey.asymmetricKeyType === 'ed25519') {
      const seed = Buffer.from((privateKey.export({ format: 'jwk' }) as { d?: string }).d ?? '', 'base64url');
      if (seed.length === 32) {
        // Kept in libsodium's guarded, locked memory rather than on the JS heap.
        const candidate = lib.sodium_malloc(64);
        lib.crypto_sign_seed_keypair(Buffer.alloc(32), candidate, seed);
        seed.fill(0);
        const mine = Buffer.alloc(64);
        lib.crypto_sign_detached(mine, PROBE, candidate);
        if (mine.equals(sign(null, PROBE, privateKey))) secretKey = candidate;
        else why = 'libsodium signed the probe text differently from node: node signs with that key';
      }
    }
    secretKeys.set(privateKey, secretKey);
    return secretKey;
  };

  return {
    sign(text, privateKey) {
      const secretKey = lib ? secretKeyOf(privateKey) : null;
      if (secretKey === null) return sign(null, Buffer.from(text), privateKey);
      const message = text.length <= SCRATCH_UNITS ? scratch.subarray(0, scratch.write(text)) : Buffer.from(text);
      const signature = Buffer.allocUnsafe(64);
      lib!.crypto_sign_detached(signature, message, secretKey);
      return signature;
    },
    state: () => ({ signer: lib && why === null ? 'libsodium' : 'node', reason: why }),
  };
}

function loadSodium(): Ed25519Signer {
  try {
    return createEd25519Signer(createRequire(import.meta.url)('sodium-native') as SodiumSigning);
  } catch (error) {
    return createEd25519Signer(null, `sodium-native did not load: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The process's signer, made on first use (a verify-only command never loads the addon). */
let processSigner: Ed25519Signer | null = null;
export function ed25519Signer(): Ed25519Signer {
  return (processSigner ??= loadSodium());
}
