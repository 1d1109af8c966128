// Whether an identity can act now: revoked and expired identities cannot (they may not verify,
// receive tokens or delegations, or delegate).
import type { IdentityRow } from '../store/identity-store.ts';

export type IdentityStatus = 'active' | 'expired' | 'revoked';

export function identityStatus(identity: IdentityRow, now: number): IdentityStatus {
  if (identity.revokedAt !== null) return 'revoked';
  if (identity.expiresAt !== null && identity.expiresAt <= now) return 'expired';
  return 'active';
}
