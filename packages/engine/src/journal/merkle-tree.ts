// An append-only Merkle tree (RFC 6962 / RFC 9162 section 2.1) over journal entry hashes. Every
// complete, aligned subtree hash is kept level by level, so appending costs O(1) amortised and a
// root, an audit path or a consistency proof for any earlier size costs O(log^2 n) hashes at worst.
// A tree may keep only the levels from `lowestLevel` up (a million leaves: 4 MB instead of 64 MB at
// level 4); then the hashes below come from the entry hashes of one block, which the caller reads
// (`LeafReader`), and `blocksNeeded` says which blocks an operation will read.
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

/** Entry hashes `start` … `start + count - 1` of the journal (a block of the trimmed levels). */
export type LeafReader = (start: number, count: number) => readonly (string | Uint8Array)[];

export class MerkleTree {
  /** levels[h][i]: hash of the complete subtree of 2^h leaves starting at leaf i * 2^h (h >= lowestLevel). */
  private readonly levels: HashArray[] = [];
  /** Leaves in a block: 2^lowestLevel. */
  private readonly block: number;
  /** Leaf hashes of the block being filled (always fewer than `block`). */
  private tail: Buffer[] = [];
  private leaves = 0;
  private reader: LeafReader | null = null;
  /** In blocksNeeded's dry run the reader hands out zero hashes: nothing to check them against. */
  private dryRun = false;
  /** Blocks read during the current operation, by first leaf. */
  private read = new Map<number, Buffer[]>();

  /** `lowestLevel`: the lowest level kept in memory (0: all of them). */
  constructor(private readonly lowestLevel = 0) {
    this.block = 2 ** lowestLevel;
    this.levels[lowestLevel] = new HashArray();
  }

  /** A tree over entry hashes (hex), in journal order. */
  static of(entryHashes: Iterable<string>): MerkleTree {
    const tree = new MerkleTree();
    for (const hash of entryHashes) tree.append(hash);
    return tree;
  }

  get size(): number {
    return this.leaves;
  }

  /** Sizes every kept level for a tree of `leaves`, so growing to it copies nothing. */
  reserve(leaves: number): void {
    for (let level = this.lowestLevel, width = Math.floor(leaves / this.block); width >= 1; level++, width = Math.floor(width / 2)) {
      (this.levels[level] ??= new HashArray()).reserve(width);
    }
  }

  /** The blocks (index of their first leaf / block size) that an operation on a trimmed tree reads. */
  blocksNeeded(operation: (tree: MerkleTree) => unknown): number[] {
    if (this.lowestLevel === 0) return [];
    const wanted = new Set<number>();
    const zero = Buffer.alloc(32);
    this.reader = (start, count) => {
      wanted.add(start / this.block);
      return new Array(count).fill(zero);
    };
    this.dryRun = true;
    try {
      operation(this);
    } finally {
      this.reader = null;
      this.dryRun = false;
      this.read.clear();
    }
    return [...wanted].sort((a, b) => a - b);
  }

  /** Runs an operation on a trimmed tree with the entry hashes it reads (see blocksNeeded). */
  withLeaves<T>(reader: LeafReader, operation: (tree: MerkleTree) => T): T {
    this.reader = reader;
    try {
      return operation(this);
    } finally {
      this.reader = null;
      this.read.clear();
    }
  }

  /** Appends the leaf of one entry hash (hex, or its 32 bytes). */
  append(entryHash: string | Uint8Array): void {
    let hash: Buffer = leafHash(entryHash);
    this.leaves++;
    if (this.lowestLevel > 0) {
      this.tail.push(hash);
      if (this.tail.length < this.block) return;
      // A block is complete: its hash enters the lowest kept level.
      hash = hashOfLeaves(this.tail);
      this.tail = [];
    }
    let level = this.lowestLevel;
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

  /** Leaf hashes of the block starting at leaf `start`: the one being filled, or read by the caller. */
  private blockLeaves(start: number): Buffer[] {
    if (start === this.leaves - this.tail.length) return this.tail;
    if (!this.reader) throw new Error(`leaves ${start}… are not kept: read them with withLeaves (see blocksNeeded)`);
    let leaves = this.read.get(start);
    if (!leaves) {
      // Only complete blocks are read (the open one is the tail): each has exactly `block` leaves.
      leaves = this.reader(start, this.block).map((hash) => leafHash(hash));
      if (leaves.length !== this.block) throw new Error(`read ${leaves.length} entry hashes at leaf ${start}, expected ${this.block}`);
      // INVARIANT: hashes read back must be the ones the tree was built from (an edited row must not
      // change a root or a proof silently).
      if (!this.dryRun && !hashOfLeaves(leaves).equals(this.levels[this.lowestLevel].at(start / this.block)))
        throw new Error(`the entry hashes at leaf ${start} do not match the journal's tree`);
      this.read.set(start, leaves);
    }
    return leaves;
  }

  /** MTH(D[start : start + n]); complete aligned subtrees come straight from the levels. */
  private subtree(start: number, n: number): Buffer {
    // A range smaller than a block lies inside one block (RFC 6962 ranges are aligned to their size
    // rounded up to a power of two): hash it from that block's leaves.
    if (n < this.block)
      return hashOfLeaves(this.blockLeaves(start - (start % this.block)).slice(start % this.block, (start % this.block) + n));
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

/** MTH of a list of leaf hashes (RFC 6962 section 2.1). */
function hashOfLeaves(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) throw new Error('no leaves to hash');
  if (leaves.length === 1) return leaves[0];
  const k = splitPoint(leaves.length);
  return nodeHash(hashOfLeaves(leaves.slice(0, k)), hashOfLeaves(leaves.slice(k)));
}

/** Root hash (hex) of the Merkle tree over a list of entry hashes (hex). */
export function merkleRoot(entryHashes: readonly string[]): string {
  return MerkleTree.of(entryHashes).root();
}
