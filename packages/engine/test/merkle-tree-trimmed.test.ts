// A tree that keeps only its upper levels answers exactly like the full tree, reading the entry
// hashes of the few blocks each operation names, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MerkleTree } from '../src/index.ts';

const entries = Array.from({ length: 80 }, (_, i) => createHash('sha256').update(`entry ${i}`).digest('hex'));

function trimmed(lowestLevel: number, count: number) {
  const tree = new MerkleTree(lowestLevel);
  for (const hash of entries.slice(0, count)) tree.append(Buffer.from(hash, 'hex'));
  const read: number[] = [];
  const run = <T>(operation: (t: MerkleTree) => T): T => {
    const blocks = tree.blocksNeeded(operation);
    return tree.withLeaves((start, n) => {
      read.push(start);
      assert.ok(blocks.includes(start / 2 ** lowestLevel), `block at ${start} was not announced`);
      return entries.slice(start, start + n);
    }, operation);
  };
  return { tree, run, read };
}

test('roots, audit paths and consistency proofs of a trimmed tree equal the full tree', () => {
  for (const lowestLevel of [1, 2, 4]) {
    for (let size = 1; size <= 80; size += size < 40 ? 1 : 7) {
      const full = MerkleTree.of(entries.slice(0, size));
      const { run } = trimmed(lowestLevel, size);
      for (let at = 1; at <= size; at++)
        assert.equal(
          run((t) => t.root(at)),
          full.root(at),
          `root ${at} of ${size}, level ${lowestLevel}`,
        );
      for (let m = 0; m < size; m++)
        assert.deepEqual(
          run((t) => t.inclusionProof(m, size)),
          full.inclusionProof(m, size),
        );
      for (let from = 1; from <= size; from += 3)
        assert.deepEqual(
          run((t) => t.consistencyProof(from, size)),
          full.consistencyProof(from, size),
        );
    }
  }
});

test('the current root needs no reads, and a proof reads at most a few blocks', () => {
  const { run, read } = trimmed(4, 75);
  run((t) => t.root());
  assert.deepEqual(read, [], 'the open block is kept');
  run((t) => t.inclusionProof(5, 75));
  assert.ok(read.length <= 2, `read ${read.length} blocks`);
});

test('a trimmed tree refuses to guess leaves it was not given', () => {
  const tree = new MerkleTree(4);
  for (const hash of entries.slice(0, 40)) tree.append(hash);
  assert.throws(() => tree.inclusionProof(3, 40), /not kept/);
});

test('entry hashes read back are checked against the tree: short or edited blocks are refused', () => {
  const tree = new MerkleTree(4);
  for (const hash of entries.slice(0, 40)) tree.append(hash);
  const proof = (t: MerkleTree) => t.inclusionProof(3, 40);
  const edited = [...entries.slice(0, 16)];
  edited[7] = createHash('sha256').update('edited').digest('hex');
  assert.throws(() => tree.withLeaves(() => entries.slice(0, 10), proof), /read 10 entry hashes/);
  assert.throws(() => tree.withLeaves(() => edited, proof), /do not match/);
  assert.deepEqual(
    tree.withLeaves((start, n) => entries.slice(start, start + n), proof),
    MerkleTree.of(entries.slice(0, 40)).inclusionProof(3, 40),
  );
});
