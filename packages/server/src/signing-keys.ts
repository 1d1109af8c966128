// The service's Ed25519 signing keys, kept in the data directory with 0600 permissions. Created on
// first start; every key ever used stays in the ring so old records keep verifying.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyIdOf } from '@actiongate/engine';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  createdAt: number;
}

/** Public key as a JWK, as served by `GET /fabric/keys/public`. */
export function publicJwk(key: SigningKey) {
  const jwk = key.publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: jwk.x,
    kid: key.kid,
    alg: 'EdDSA',
    use: 'sig',
    created_at: new Date(key.createdAt).toISOString(),
  };
}

export class SigningKeyRing {
  readonly keys: SigningKey[];
  /** `dir`: where rotated keys are written; null keeps them in memory only. */
  constructor(
    keys: SigningKey[],
    private readonly dir: string | null = null,
  ) {
    if (keys.length === 0) throw new Error('a signing key ring needs at least one key');
    this.keys = [...keys].sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Adds a new signing key, which signs everything from now on. Older keys stay in the ring (retired:
   * `not_after` is the new key's start), so records and tree heads they signed keep verifying by `kid`.
   */
  rotate(now: number = Date.now()): SigningKey {
    const createdAt = Math.max(now, this.current.createdAt + 1);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const key = { kid: keyIdOf(publicKey), privateKey, publicKey, createdAt };
    if (this.dir) {
      const file = join(this.dir, `${createdAt}-${key.kid}.pem`);
      writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    }
    this.keys.push(key);
    return key;
  }

  /** Every key as a JWK with its validity: `not_before`, and `not_after` once a newer key replaced it. */
  publicKeys() {
    return this.keys.map((key, i) => ({
      ...publicJwk(key),
      not_before: new Date(key.createdAt).toISOString(),
      not_after: i + 1 < this.keys.length ? new Date(this.keys[i + 1].createdAt).toISOString() : null,
      status: i + 1 < this.keys.length ? 'retired' : 'current',
    }));
  }
  /** The key new records are signed with: the newest. */
  get current(): SigningKey {
    return this.keys[this.keys.length - 1];
  }
  byKid(kid: string): SigningKey | undefined {
    return this.keys.find((key) => key.kid === kid);
  }

  /** A ring held only in memory (tests, the demo). */
  static ephemeral(): SigningKeyRing {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return new SigningKeyRing([{ kid: keyIdOf(publicKey), privateKey, publicKey, createdAt: Date.now() }]);
  }

  /** Loads `<dataDir>/signing-keys/*.pem`, creating the first key when there is none. */
  static loadOrCreate(dataDir: string): SigningKeyRing {
    const dir = join(dataDir, 'signing-keys');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = readdirSync(dir).filter((name) => name.endsWith('.pem'));
    if (files.length === 0) {
      addKeyFile(dir);
      return SigningKeyRing.loadOrCreate(dataDir);
    }
    return new SigningKeyRing(
      files.map((name) => {
        const file = join(dir, name);
        const privateKey = createPrivateKey(readFileSync(file));
        const publicKey = createPublicKey(privateKey);
        // Files are named `<created-at-ms>-<kid>.pem`, so the ring's order survives copies and restores.
        const createdAt = Number(name.split('-')[0]);
        return {
          kid: keyIdOf(publicKey),
          privateKey,
          publicKey,
          createdAt: Number.isFinite(createdAt) ? createdAt : statSync(file).mtimeMs,
        };
      }),
      dir,
    );
  }
}

function addKeyFile(dir: string): void {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = join(dir, `${Date.now()}-${keyIdOf(publicKey)}.pem`);
  if (existsSync(file)) return;
  writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}
