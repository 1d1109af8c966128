// Issue 15: an agent token's signature and claims checked once per token, not on every Bearer
// request. jose's check of a JWT (EdDSA signature, algorithm, issuer, audience, required claims)
// depends only on the token's bytes and the verifying key; what depends on the time (`nbf`, `exp`)
// is checked again at every use, and the key must still be the ring's key of that `kid`. So a token
// met again, byte for byte, gets the payload its first check gave, without another Ed25519 verify
// (~100-250 µs, more than the rest of a decision's HTTP handling). A token that failed is not kept:
// it is checked again, and fails again. What the store says (the token revoked, its identity no
// longer active, its minting key revoked) is not kept here: it is read on every request as before.
import type { KeyObject } from 'node:crypto';
import type { JWTPayload } from 'jose';

interface Verified {
  payload: JWTPayload;
  kid: string;
  publicKey: KeyObject;
}

/** Tokens kept at most (the oldest kept goes first); a token is at most 4 KB (verify refuses longer), so 16 MB at most. */
const CAPACITY = 4096;

export class VerifiedTokens {
  private readonly tokens = new Map<string, Verified>();

  constructor(private readonly capacity = CAPACITY) {}

  /**
   * The payload `token` had when it was verified, if `publicKeyOf(kid)` is still the key that
   * verified it and its time claims hold at `now` (ms); otherwise undefined (verify it afresh).
   */
  payload(token: string, now: number, publicKeyOf: (kid: string) => KeyObject | undefined): JWTPayload | undefined {
    const kept = this.tokens.get(token);
    if (kept === undefined) return undefined;
    // jose's rules, in whole seconds: not before `nbf`, and expired from `exp` on.
    const seconds = Math.floor(now / 1000);
    const { nbf, exp } = kept.payload;
    if (publicKeyOf(kept.kid) !== kept.publicKey || (nbf !== undefined && nbf > seconds) || (exp !== undefined && exp <= seconds)) {
      this.tokens.delete(token);
      return undefined;
    }
    return kept.payload;
  }

  /** Keeps a token jose has just verified with `publicKey` (the ring's key of `kid`). */
  keep(token: string, kid: string, publicKey: KeyObject, payload: JWTPayload): void {
    if (this.tokens.size >= this.capacity && !this.tokens.has(token)) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(token, { payload, kid, publicKey });
  }

  get size(): number {
    return this.tokens.size;
  }
}
