// RFC 6962 / RFC 9162 Merkle hashing: a leaf is SHA-256(0x00 || data), an interior node is
// SHA-256(0x01 || left || right). The prefixes keep a leaf from ever passing for a node.
import { createHash } from 'node:crypto';

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** Root of the empty tree: SHA-256 of the empty string (RFC 6962 section 2.1). */
export const EMPTY_TREE_ROOT = createHash('sha256').digest('hex');

/** Leaf hash (raw 32 bytes) of a journal entry, whose leaf data is the raw bytes of its entry hash. */
export function leafHash(entryHash: string | Uint8Array): Buffer {
  const bytes = typeof entryHash === 'string' ? hexBytes(entryHash) : entryHash;
  if (bytes.length !== 32) throw new Error(`an entry hash is 32 bytes, not ${bytes.length}`);
  return createHash('sha256').update(LEAF_PREFIX).update(bytes).digest();
}

/** Interior node hash (raw 32 bytes) of two child hashes. */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

/** Raw bytes of a 64-character hex SHA-256; throws on anything else. */
export function hexBytes(hex: string): Buffer {
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex))
    throw new Error(`\`${String(hex).slice(0, 80)}\` is not a SHA-256 hex digest`);
  return Buffer.from(hex, 'hex');
}

/** Whether a value is a lowercase 64-character hex SHA-256. */
export function isHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/** Largest power of two strictly smaller than n (n >= 2), the split point of RFC 6962. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Whether n is a power of two (arithmetic, so sizes above 2^31 work too). */
export function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}
