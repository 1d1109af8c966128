// Verification of RFC 9162 inclusion (section 2.1.3.2) and consistency (section 2.1.4.2) proofs.
// Sizes can exceed 2^32, so bit operations are written as arithmetic.
import { hexBytes, isHash, isPowerOfTwo, leafHash, nodeHash } from './merkle-hash.ts';

const odd = (x: number) => x % 2 === 1;
const half = (x: number) => Math.floor(x / 2);

/** Whether `auditPath` proves that the entry hash (hex) is leaf `index` of the tree of `treeSize` with root `rootHex`. */
export function verifyInclusion(
  entryHashHex: string,
  index: number,
  treeSize: number,
  auditPath: readonly string[],
  rootHex: string,
): boolean {
  if (!isHash(entryHashHex) || !isHash(rootHex) || !Array.isArray(auditPath) || !auditPath.every(isHash)) return false;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r: Buffer = leafHash(entryHashHex);
  for (const hex of auditPath) {
    const p = hexBytes(hex);
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r.toString('hex') === rootHex;
}

/** Whether `proof` shows that the tree of `firstSize` with root `firstRoot` is a prefix of the tree of `secondSize` with root `secondRoot`. */
export function verifyConsistency(
  firstSize: number,
  secondSize: number,
  firstRoot: string,
  secondRoot: string,
  proof: readonly string[],
): boolean {
  if (!isHash(firstRoot) || !isHash(secondRoot) || !Array.isArray(proof) || !proof.every(isHash)) return false;
  if (!Number.isSafeInteger(firstSize) || !Number.isSafeInteger(secondSize) || firstSize < 1 || firstSize > secondSize) return false;
  if (firstSize === secondSize) return proof.length === 0 && firstRoot === secondRoot;
  if (proof.length === 0) return false;
  // A first tree that is a complete subtree is its own first node of the proof.
  const path = isPowerOfTwo(firstSize) ? [firstRoot, ...proof] : [...proof];
  let fn = firstSize - 1;
  let sn = secondSize - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = hexBytes(path[0]);
  let sr = hexBytes(path[0]);
  for (const hex of path.slice(1)) {
    const c = hexBytes(hex);
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && fr.toString('hex') === firstRoot && sr.toString('hex') === secondRoot;
}
