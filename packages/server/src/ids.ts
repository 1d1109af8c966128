// Identifiers with their prefixes (fd_, apr_, tr_, ak_, key_, tn_, wh_, whd_) and secrets shown once.
import { randomBytes, randomFillSync } from 'node:crypto';
import { sha256Hex } from '@actiongate/engine';

export type IdPrefix = 'fd' | 'apr' | 'tr' | 'ak' | 'key' | 'tn' | 'wh' | 'whd' | 'egr';
type AnyIdPrefix =
  | IdPrefix
  | 'bgt'
  | 'res'
  | 'idn'
  | 'atk'
  | 'dlg'
  | 'chl'
  | 'fpg'
  | 'edg'
  | 'fw'
  | 'ctl'
  | 'cr'
  | 'pkg'
  | 'cert'
  | 'anc'
  | 'ins'
  | 'auth'
  | 'apk'
  | 'gp'
  | 'tp'
  | 'trj'
  | 'psp'
  | 'plan'; // issue 21 item 4: committed plans

/**
 * A new opaque id such as `fd_019a…`: 48 bits of the time in milliseconds, then 80 random bits,
 * 32 hex digits in all (the layout of a UUIDv7, without its version bits). Ids made close in time
 * sort close together, so the indexes on them grow at their end instead of dirtying a random page
 * of every index at every commit (measured: most of a commit's writes were such pages).
 */
export function newId(prefix: AnyIdPrefix, now = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomPart(now)}`;
}

// Ids made in the same millisecond follow each other: the random part of the previous one plus
// one, so records created together list in the order they were created (as ULIDs do).
let lastMs = -1;
const lastRandom = Buffer.alloc(10);

function randomPart(now: number): string {
  if (now === lastMs) {
    for (let i = lastRandom.length - 1; i >= 0; i--) {
      lastRandom[i] = (lastRandom[i] + 1) & 0xff;
      if (lastRandom[i] !== 0) break;
    }
  } else {
    lastMs = now;
    drawRandom(lastRandom);
  }
  return lastRandom.toString('hex');
}

// Random bytes drawn from a pool refilled 4 KB at a time: one call into the system's generator per
// ~400 ids instead of one per id (measured at ~4% of a decision's time).
const pool = Buffer.alloc(4096);
let used = pool.length;

function drawRandom(target: Buffer): void {
  if (used + target.length > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  pool.copy(target, 0, used, used + target.length);
  used += target.length;
}

/** A new secret such as `fk_…` or `agt_…` (192 random bits, base64url). */
export function newSecret(prefix: 'fk' | 'agt'): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** SHA-256 (hex) of a secret: the only form in which keys are stored. */
export function hashSecret(secret: string): string {
  return sha256Hex(secret);
}
