// Checking a passport online (issue 21): the offline check (signature with the published keys,
// issuer, audience, expiry) and then what only the issuer knows, that the passport was issued by
// this tenant and not revoked since. A passport that fails is answered, not thrown: the caller
// asked a question.
import { jwtVerify, type JWTPayload } from 'jose';
import { TOKEN_ISSUER } from '../identity/agent-token-service.ts';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { PassportRow, PassportStore } from '../store/passport-rows.ts';
import { PASSPORT_AUDIENCE } from './trajectory-passport.ts';

/** Longest token looked at; a passport is well under 4 KiB. */
const MAX_TOKEN_LENGTH = 16_384;

export type PassportCheck = { valid: true; passport: PassportRow } | { valid: false; reason: string; passport: PassportRow | null };

export async function checkPassport(
  store: PassportStore,
  keyRing: SigningKeyRing,
  tenantId: string,
  token: string,
  now: number,
): Promise<PassportCheck> {
  if (token.length > MAX_TOKEN_LENGTH) return { valid: false, reason: 'token too long', passport: null };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid ? keyRing.byKid(header.kid) : undefined;
        if (!key) throw new Error('unknown kid');
        return key.publicKey;
      },
      {
        algorithms: ['EdDSA'],
        issuer: TOKEN_ISSUER,
        audience: PASSPORT_AUDIENCE,
        currentDate: new Date(now),
        requiredClaims: ['jti', 'exp', 'sub'],
      },
    ));
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    return { valid: false, reason: expired ? 'expired' : 'signature or claims do not verify', passport: null };
  }
  // Another tenant's passport is as unknown here as one never issued.
  const passport = payload.tid === tenantId ? await store.getPassport(tenantId, String(payload.jti)) : null;
  if (!passport || passport.trajectoryId !== payload.sub) return { valid: false, reason: 'unknown passport', passport: null };
  if (passport.revokedAt !== null) {
    const why = passport.revokedReason ? `: ${passport.revokedReason}` : '';
    return { valid: false, reason: `revoked at ${new Date(passport.revokedAt).toISOString()}${why}`, passport };
  }
  return { valid: true, passport };
}
