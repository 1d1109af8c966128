// Keys by hash, remembered for the one caller that reads its key again inside its own transaction
// and refuses it there when it is revoked or gone: a decision (`decision_reads`). A key's identity
// (tenant, kind, role, agent, hash) never changes once created, so remembering it is exact; its
// revocation and trust record are what the transaction reads. This spares a lone decision one of
// its three round trips to PostgreSQL. Every other route still looks its key up afresh.
import type { KeyRow } from '../store.ts';

/** Bounded: a burst of distinct keys costs lookups, never unbounded memory. */
const LIMIT = 10_000;

export class KeyIdentities {
  private readonly byHash = new Map<string, KeyRow>();

  get(keyHash: string): KeyRow | undefined {
    return this.byHash.get(keyHash);
  }

  remember(key: KeyRow): void {
    if (this.byHash.size >= LIMIT) this.byHash.clear();
    this.byHash.set(key.keyHash, key);
  }

  /** A key its transaction found revoked or gone is looked up afresh next time. */
  forget(keyHash: string): void {
    this.byHash.delete(keyHash);
  }
}
