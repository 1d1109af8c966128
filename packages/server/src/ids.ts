// Identifiers with their prefixes (fd_, apr_, tr_, ak_, key_, tn_) and secrets shown once.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export type IdPrefix = 'fd' | 'apr' | 'tr' | 'ak' | 'key' | 'tn';

/** A new opaque id such as `fd_3f2a…` (128 random bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

/** A new secret such as `fk_…` or `agt_…` (192 random bits, base64url). */
export function newSecret(prefix: 'fk' | 'agt'): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** SHA-256 (hex) of a secret: the only form in which keys are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
