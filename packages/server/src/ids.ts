// Identifiers with their prefixes (fd_, apr_, tr_, ak_, key_, tn_, wh_, whd_) and secrets shown once.
import { createHash, randomBytes, randomFillSync } from 'node:crypto';

export type IdPrefix = 'fd' | 'apr' | 'tr' | 'ak' | 'key' | 'tn' | 'wh' | 'whd' | 'egr';

/**
 * A new opaque id such as `fd_019a…`: 48 bits of the time in milliseconds, then 80 random bits,
 * 32 hex digits in all (the layout of a UUIDv7, without its version bits). Ids made close in time
 * sort close together, so the indexes on them grow at their end instead of dirtying a random page
 * of every index at every commit (measured: most of a commit's writes were such pages).
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomHex10()}`;
}

// Random bytes drawn from a pool refilled 4 KB at a time: one call into the system's generator per
// ~400 ids instead of one per id (measured at ~4% of a decision's time).
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomHex10(): string {
  if (used + 10 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 10;
  return pool.toString('hex', used - 10, used);
}

/** A new secret such as `fk_…` or `agt_…` (192 random bits, base64url). */
export function newSecret(prefix: 'fk' | 'agt'): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** SHA-256 (hex) of a secret: the only form in which keys are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
