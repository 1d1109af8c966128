// An append-only Merkle tree (RFC 6962 / RFC 9162 section 2.1) over journal entry hashes. Every
// complete, aligned subtree hash is kept level by level, so appending costs O(1) amortised and a
// root, an audit path or a consistency proof for any earlier size costs O(log^2 n) hashes at worst.
import { EMPTY_TREE_ROOT, isPowerOfTwo, leafHash, nodeHash, splitPoint } from './merkle-hash.ts';

const HASH_BYTES = 32;

/** A growable array of 32-byte hashes in one buffer (a million leaves is 32 MB, not a million objects). */
class HashArray {
  private buffer = Buffer.alloc(HASH_BYTES * 64);
  length = 0;
  reserve(count: number): void {
    if (count * HASH_BYTES <= this.buffer.length) return;
    const bigger = Buffer.alloc(count * HASH_BYTES);
    this.buffer.copy(bigger, 0, 0, this.length * HASH_BYTES);
    this.buffer = bigger;
  }

  push(hash: Uint8Array): void {
    if ((this.length + 1) * HASH_BYTES > this.buffer.length) {
      const bigger = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(bigger);
      this.buffer = bigger;
    }
    this.buffer.set(hash, this.length * HASH_BYTES);
    this.length++;
  }
  at(index: number): Buffer {
    return this.buffer.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES);
  }
}

export class MerkleTree {
  /** levels[h][i]: hash of the complete subtree of 2^h leaves starting at leaf i * 2^h. */
  private readonly levels: HashArray[] = [new HashArray()];

  /** A tree over entry hashes (hex), in journal order. */
  static of(entryHashes: Iterable<string>): MerkleTree {
    const tree = new MerkleTree();
    for (const hash of entryHashes) tree.append(hash);
    return tree;
  }

  get size(): number {
    return this.levels[0].length;
  }

  /** Sizes every level for a tree of `leaves`, so growing to it copies nothing (a million leaves: 64 MB). */
  reserve(leaves: number): void {
    for (let level = 0, width = leaves; width >= 1; level++, width = Math.floor(width / 2)) {
      (this.levels[level] ??= new HashArray()).reserve(width);
    }
  }

  /** Appends the leaf of one entry hash (hex, or its 32 bytes). */
  append(entryHash: string | Uint8Array): void {
    let hash: Buffer = leafHash(entryHash);
    let level = 0;
    for (;;) {
      if (!this.levels[level]) this.levels[level] = new HashArray();
      const row = this.levels[level];
      row.push(hash);
      // A right child completes its pair: the parent one level up is now known.
      if (row.length % 2 === 1) return;
      hash = nodeHash(row.at(row.length - 2), row.at(row.length - 1));
      level++;
    }
  }

  /** Root hash (hex) of the tree of the first `size` leaves (default: all). */
  root(size: number = this.size): string {
    this.checkSize(size);
    return size === 0 ? EMPTY_TREE_ROOT : this.subtree(0, size).toString('hex');
  }

  /** RFC 9162 audit path (hex, leaf to root) of leaf `index` in the tree of the first `size` leaves. */
  inclusionProof(index: number, size: number = this.size): string[] {
    this.checkSize(size);
    if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
    const path: Buffer[] = [];
    this.path(index, 0, size, path);
    return path.map((hash) => hash.toString('hex'));
  }

  /** RFC 9162 consistency proof (hex) between the trees of the first `from` and `to` leaves. */
  consistencyProof(from: number, to: number = this.size): string[] {
    this.checkSize(to);
    if (!Number.isSafeInteger(from) || from < 1 || from > to) throw new RangeError(`no consistency proof from ${from} to ${to}`);
    const proof: Buffer[] = [];
    this.subproof(from, 0, to, true, proof);
    return proof.map((hash) => hash.toString('hex'));
  }

  private checkSize(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size)
      throw new RangeError(`no tree of size ${size}; the tree has ${this.size}`);
  }

  /** MTH(D[start : start + n]); complete aligned subtrees come straight from the levels. */
  private subtree(start: number, n: number): Buffer {
    if (isPowerOfTwo(n) && start % n === 0) {
      const level = Math.round(Math.log2(n));
      return this.levels[level].at(start / n);
    }
    const k = splitPoint(n);
    return nodeHash(this.subtree(start, k), this.subtree(start + k, n - k));
  }

  /** PATH(m, D[start : start + n]) of RFC 6962 section 2.1.1, appended leaf-first. */
  private path(m: number, start: number, n: number, out: Buffer[]): void {
    if (n === 1) return;
    const k = splitPoint(n);
    if (m < k) {
      this.path(m, start, k, out);
      out.push(this.subtree(start + k, n - k));
    } else {
      this.path(m - k, start + k, n - k, out);
      out.push(this.subtree(start, k));
    }
  }

  /** SUBPROOF(m, D[start : start + n], b) of RFC 6962 section 2.1.2. */
  private subproof(m: number, start: number, n: number, complete: boolean, out: Buffer[]): void {
    if (m === n) {
      if (!complete) out.push(this.subtree(start, n));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      this.subproof(m, start, k, complete, out);
      out.push(this.subtree(start + k, n - k));
    } else {
      this.subproof(m - k, start + k, n - k, false, out);
      out.push(this.subtree(start, k));
    }
  }
}

/** Root hash (hex) of the Merkle tree over a list of entry hashes (hex). */
export function merkleRoot(entryHashes: readonly string[]): string {
  return MerkleTree.of(entryHashes).root();
}
