// The Merkle tree catches up with a journal page by page and ends with the same root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MerkleTree } from '@actiongate/engine';
import { JournalService } from '../src/journal/journal-service.ts';
import { SigningKeyRing } from '../src/signing-keys.ts';
import type { Store } from '../src/store/store.ts';

test('a journal longer than a page is read in pages and gives the root of all its entries', async () => {
  const hashes = Array.from({ length: 257 }, (_, i) => createHash('sha256').update(`entry ${i}`).digest('hex'));
  const pages: number[] = [];
  const journal = {
    hashesAfter: async (_tenantId: string, afterSeq: number, limit: number) => {
      pages.push(limit);
      return hashes.slice(afterSeq, afterSeq + limit).map((hex) => Buffer.from(hex, 'hex'));
    },
    size: async () => hashes.length,
    latestHead: async () => null,
    headAt: async () => null,
    saveHead: async () => {},
  };
  const service = new JournalService({ journal } as unknown as Store, SigningKeyRing.ephemeral(), Date.now, () => {}, 16);
  const head = await service.head('tn_paging');
  assert.equal(head.tree_size, 257);
  assert.equal(head.root_hash, MerkleTree.of(hashes).root(257));
  assert.equal(pages.length, 17, 'sixteen full pages of 16, then the last one');
  assert.ok(pages.every((limit) => limit === 16));
});
