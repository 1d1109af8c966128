import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { EMPTY_TREE_ROOT, MerkleTree, merkleRoot, verifyConsistency, verifyInclusion } from '../src/index.ts';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaves = (n: number) => Array.from({ length: n }, (_, i) => sha(Buffer.from(`entry ${i}`)).toString('hex'));

/** MTH straight from RFC 6962 section 2.1, recursively over the list: the reference the tree must match. */
function referenceRoot(hashes: string[]): Buffer {
  if (hashes.length === 1) return sha(Buffer.from([0]), Buffer.from(hashes[0], 'hex'));
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return sha(Buffer.from([1]), referenceRoot(hashes.slice(0, k)), referenceRoot(hashes.slice(k)));
}

test('the empty tree and a one-leaf tree hash as RFC 6962 says', () => {
  assert.equal(EMPTY_TREE_ROOT, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  const [one] = leaves(1);
  assert.equal(merkleRoot([one]), sha(Buffer.from([0]), Buffer.from(one, 'hex')).toString('hex'));
});

test('roots match the reference for every size from 1 to 64, including every earlier size of one tree', () => {
  const all = leaves(64);
  const tree = MerkleTree.of(all);
  for (let n = 1; n <= 64; n++) {
    assert.equal(tree.root(n), referenceRoot(all.slice(0, n)).toString('hex'), `size ${n}`);
    assert.equal(merkleRoot(all.slice(0, n)), tree.root(n));
  }
});

test('an inclusion proof verifies for every leaf of every tree of size 1 to 64, and not for another leaf or tree', () => {
  const all = leaves(65);
  const tree = MerkleTree.of(all);
  let checked = 0;
  for (let n = 1; n <= 64; n++) {
    const root = tree.root(n);
    for (let m = 0; m < n; m++) {
      const path = tree.inclusionProof(m, n);
      assert.ok(verifyInclusion(all[m], m, n, path, root), `leaf ${m} of ${n}`);
      // the same path proves nothing about another leaf, another index or another tree size
      assert.equal(verifyInclusion(all[(m + 1) % 65], m, n, path, root), false, `wrong leaf hash at ${m} of ${n}`);
      if (n > 1) assert.equal(verifyInclusion(all[m], (m + 1) % n, n, path, root), false, `wrong index for ${m} of ${n}`);
      // (the size itself is bound by the signed tree head; a path is checked against that head's root)
      assert.equal(verifyInclusion(all[m], m, n + 1, path, tree.root(n + 1)), false, `other tree for ${m} of ${n}`);
      checked++;
    }
  }
  assert.equal(checked, (64 * 65) / 2);
});

test('a consistency proof verifies between every pair of sizes up to 64, and fails for a rewritten tree', () => {
  const all = leaves(64);
  const tree = MerkleTree.of(all);
  const rewritten = MerkleTree.of(all.map((hash, i) => (i === 0 ? leaves(65)[64] : hash)));
  for (let n = 1; n <= 64; n++) {
    for (let m = 1; m <= n; m++) {
      const proof = tree.consistencyProof(m, n);
      assert.ok(verifyConsistency(m, n, tree.root(m), tree.root(n), proof), `${m} -> ${n}`);
      if (m < n) {
        assert.equal(verifyConsistency(m, n, rewritten.root(m), tree.root(n), proof), false, `old root rewritten ${m} -> ${n}`);
        assert.equal(verifyConsistency(m, n, tree.root(m), rewritten.root(n), rewritten.consistencyProof(m, n)), false);
      }
    }
  }
});

test('a damaged path or proof is refused, not thrown', () => {
  const all = leaves(10);
  const tree = MerkleTree.of(all);
  const path = tree.inclusionProof(3);
  const flipped = [...path];
  flipped[1] = flipped[1].replace(/^./, (c) => (c === '0' ? '1' : '0'));
  assert.equal(verifyInclusion(all[3], 3, 10, flipped, tree.root()), false);
  assert.equal(verifyInclusion(all[3], 3, 10, path.slice(1), tree.root()), false);
  assert.equal(verifyInclusion(all[3], 3, 10, [...path, path[0]], tree.root()), false);
  assert.equal(verifyInclusion(all[3], 3, 10, ['not hex'], tree.root()), false);
  assert.equal(verifyConsistency(4, 10, tree.root(4), tree.root(), []), false);
  assert.equal(verifyConsistency(0, 10, tree.root(4), tree.root(), tree.consistencyProof(4)), false);
  assert.throws(() => tree.inclusionProof(10), RangeError);
  assert.throws(() => tree.consistencyProof(11), RangeError);
});
