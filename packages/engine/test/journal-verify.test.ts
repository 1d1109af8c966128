import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chainEntry,
  contentHashOf,
  entryHashOf,
  MerkleTree,
  publicKeySet,
  verifyInclusionProof,
  verifyJournal,
  verifyProof,
  type ExportedJournalEntry,
  type InclusionProof,
} from '../src/index.ts';
import { appendEntry, buildJournal, clone, headOf, newKey } from './journal-fixture.ts';

const { entries, keys } = buildJournal(20);
const bothKeys = publicKeySet([keys[0].x, keys[1].x]);
const verify = (journal: unknown, options: { expectedHead?: string | null; treeHead?: unknown } = {}) =>
  verifyJournal(journal, { keys: bothKeys, ...options });

/** Recomputes the hashes of every entry from `from` on, as a forger with database access would. */
function rechain(journal: ExportedJournalEntry[], from: number): void {
  for (let i = from; i < journal.length; i++) {
    const previous = i > 0 ? journal[i - 1] : null;
    const { record } = journal[i];
    const next = chainEntry(previous, {
      type: journal[i].type,
      ref_id: journal[i].ref_id,
      time: journal[i].time,
      content_hash: contentHashOf(record),
    });
    journal[i] = { ...next, record };
  }
}

test('an untouched journal verifies, with its length and head', () => {
  const result = verify(entries, { expectedHead: entries[19].entry_hash, treeHead: headOf(entries, keys[1]) });
  // The fixture's decisions are signed as v1 (as before signed payload v2): they still verify.
  assert.deepEqual(result, {
    valid: true,
    length: 20,
    head: entries[19].entry_hash,
    first_invalid_index: null,
    reason: null,
    signatures: { v1: 14, v2: 0 },
  });
  // any prefix is a journal too
  assert.equal(verify(entries.slice(0, 7)).valid, true);
  assert.deepEqual(verify([]), {
    valid: true,
    length: 0,
    head: null,
    first_invalid_index: null,
    reason: null,
    signatures: { v1: 0, v2: 0 },
  });
});

test('tampering: a modified field in a record is found at that entry', () => {
  const copy = clone(entries);
  (copy[6].record as any).payload.to = 'attacker@example.com';
  const result = verify(copy);
  assert.equal(result.valid, false);
  assert.equal(result.first_invalid_index, 6);
  assert.equal(result.length, 6);
  assert.equal(result.head, entries[5].entry_hash);
  assert.match(result.reason!, /record was modified/);
});

test('tampering: a modified record with its content hash recomputed breaks its entry hash', () => {
  const copy = clone(entries);
  (copy[4].record as any).verdict = 'ALLOWED';
  copy[4].content_hash = contentHashOf(copy[4].record);
  const result = verify(copy);
  assert.equal(result.first_invalid_index, 4);
  assert.match(result.reason!, /`entry_hash` does not match/);
});

test('tampering: a decision rewritten with every hash after it recomputed fails its signature', () => {
  const copy = clone(entries);
  (copy[2].record as any).verdict = 'BLOCKED';
  rechain(copy, 2);
  const result = verify(copy);
  assert.equal(result.first_invalid_index, 2);
  assert.match(result.reason!, /decision signature does not verify/);
});

test('tampering: an approval event rewritten with every hash recomputed fails against the signed tree head', () => {
  const head = headOf(entries, keys[1]);
  const copy = clone(entries);
  const index = copy.findIndex((entry) => entry.type === 'approval.approved');
  (copy[index].record as any).decided_by_key_id = 'key_attacker';
  rechain(copy, index);
  assert.equal(verify(copy).valid, true, 'the chain alone cannot tell');
  const result = verify(copy, { treeHead: head });
  assert.equal(result.valid, false);
  assert.match(result.reason!, /Merkle root of the first 20 entries is not the signed root/);
  // and the head remembered from before no longer matches either
  assert.equal(verify(copy, { expectedHead: entries[19].entry_hash }).valid, false);
});

test('tampering: a deleted entry is found where it was', () => {
  const copy = clone(entries);
  copy.splice(9, 1);
  const result = verify(copy);
  assert.equal(result.valid, false);
  assert.equal(result.first_invalid_index, 9);
  assert.match(result.reason!, /`seq` is 11 where 10 was expected: an entry before it is missing/);
});

test('tampering: a deleted entry with the later seq numbers and hashes rewritten is still found', () => {
  const copy = clone(entries);
  copy.splice(9, 1);
  for (let i = 9; i < copy.length; i++) copy[i].seq = i + 1;
  rechain(copy, 9);
  // the decisions after it still verify (their signatures do not cover seq), so the signed head tells
  const result = verify(copy, { treeHead: headOf(entries, keys[1]) });
  assert.equal(result.valid, false);
  assert.equal(result.first_invalid_index, 19);
  assert.match(result.reason!, /covers 20 entries but the journal has only 19/);
});

test('tampering: two swapped entries are found at the first of them', () => {
  const copy = clone(entries);
  [copy[11], copy[12]] = [copy[12], copy[11]];
  const result = verify(copy);
  assert.equal(result.first_invalid_index, 11);
  assert.match(result.reason!, /`seq` is 13 where 12 was expected/);
});

test('tampering: an inserted entry is found where it was inserted', () => {
  const copy = clone(entries);
  const forged = clone(entries[3]);
  copy.splice(8, 0, forged);
  const result = verify(copy);
  assert.equal(result.first_invalid_index, 8);
  assert.match(result.reason!, /an entry was inserted or repeated/);

  // a well-formed forged entry, chained in with the right seq and prev_hash, breaks the entry after it
  const second = clone(entries);
  const extra: ExportedJournalEntry[] = second.slice(0, 8);
  appendEntry(extra, 'approval.expired', 'apr_x', extra[7].time, {
    ...(entries[4].record as object),
    status: 'expired',
    approval_id: 'apr_x',
  });
  const spliced = [...extra, ...second.slice(8)];
  const result2 = verify(spliced);
  assert.equal(result2.first_invalid_index, 9);
  assert.match(result2.reason!, /`seq` is 9 where 10 was expected/);
});

test('tampering: a truncated tail is found against the expected head', () => {
  const copy = entries.slice(0, 15);
  assert.equal(verify(copy).valid, true, 'a prefix alone is a valid journal');
  const result = verify(copy, { expectedHead: entries[19].entry_hash });
  assert.equal(result.valid, false);
  assert.equal(result.first_invalid_index, 15);
  assert.equal(result.length, 15);
  assert.equal(result.head, entries[14].entry_hash);
  assert.match(result.reason!, /expected head .* is not in the journal: entries after seq 15 were removed/);
  // and against a signed tree head
  const signed = verify(copy, { treeHead: headOf(entries, keys[1]) });
  assert.equal(signed.first_invalid_index, 15);
  // a journal that goes on past the expected head does not end there
  const longer = verify(entries, { expectedHead: entries[14].entry_hash });
  assert.equal(longer.valid, false);
  assert.equal(longer.first_invalid_index, 15);
});

test('tampering: a forged tree head is refused', () => {
  const head = headOf(entries, keys[1]);
  const forgedRoot = { ...head, root_hash: 'a'.repeat(64) };
  assert.match(verify(entries, { treeHead: forgedRoot }).reason!, /forged or damaged tree head: the tree head signature does not verify/);
  const forgedSize = { ...head, tree_size: 10 };
  assert.equal(verify(entries, { treeHead: forgedSize }).valid, false);
  const stranger = newKey();
  const selfSigned = headOf(entries, stranger);
  assert.match(verify(entries, { treeHead: selfSigned }).reason!, /not among the given public keys/);
});

test('a record signed before a key rotation needs the older key, named by its kid', () => {
  const onlyNew = verifyJournal(entries, { keys: publicKeySet(keys[1].x) });
  assert.equal(onlyNew.valid, false);
  assert.equal(onlyNew.first_invalid_index, 0);
  assert.match(onlyNew.reason!, new RegExp(`signed by key \`${keys[0].kid}\`, which is not among the given public keys`));
  // the JWKS list of GET /fabric/keys/public works as the key set
  const jwks = { keys: keys.map((key) => ({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid })) };
  assert.equal(verifyJournal(entries, { keys: publicKeySet(jwks) }).valid, true);
  const pem = keys.map((key) => key.publicKey.export({ format: 'pem', type: 'spki' }).toString());
  assert.equal(verifyJournal(entries, { keys: publicKeySet(pem) }).valid, true);
});

test('records of another tenant and malformed entries are refused with a reason', () => {
  const other = buildJournal(3, 'tn_other', keys).entries;
  const mixed = [...entries.slice(0, 3), ...other.slice(0, 1)];
  mixed[3] = { ...mixed[3], seq: 4, prev_hash: mixed[2].entry_hash };
  mixed[3].entry_hash = entryHashOf(mixed[3]);
  assert.match(verify(mixed).reason!, /belongs to tenant `tn_other`, not `tn_acme`/);
  assert.match(verify([{ seq: 1 }]).reason!, /entry 0: `type`/);
  assert.match(verify('nope').reason!, /not an array/);
  const wrongType = clone(entries.slice(0, 5));
  const index = wrongType.findIndex((entry) => entry.type === 'approval.created');
  wrongType[index].type = 'approval.denied';
  rechain(wrongType, index);
  assert.match(verify(wrongType).reason!, /`approval.denied` entry carries an approval with status `pending`/);
});

function inclusion(index: number, size = entries.length): InclusionProof {
  const tree = MerkleTree.of(entries.slice(0, size).map((entry) => entry.entry_hash));
  return {
    entry: entries[index],
    leaf_index: index,
    tree_size: size,
    audit_path: tree.inclusionProof(index, size),
    tree_head: headOf(entries, keys[1], size),
  };
}

test('an inclusion proof of every entry verifies offline', () => {
  for (let i = 0; i < entries.length; i++)
    assert.deepEqual(verifyProof(inclusion(i), bothKeys), { valid: true, kind: 'inclusion', reason: null });
});

test('tampering: a proof for the wrong leaf is refused', () => {
  const proof = inclusion(5);
  const wrongEntry = { ...proof, entry: entries[6] };
  assert.match(verifyInclusionProof(wrongEntry, bothKeys).reason!, /proof is for leaf 5 but the entry is seq 7/);
  const wrongIndex = { ...proof, entry: entries[6], leaf_index: 6 };
  assert.match(verifyInclusionProof(wrongIndex, bothKeys).reason!, /audit path does not lead from this entry to the signed root/);
  const modified = clone(proof);
  (modified.entry.record as any).detail = 'nothing to see';
  assert.match(verifyInclusionProof(modified, bothKeys).reason!, /record was modified/);
  const forgedHead = { ...proof, tree_head: { ...proof.tree_head, root_hash: 'b'.repeat(64) } };
  assert.match(verifyInclusionProof(forgedHead, bothKeys).reason!, /forged or damaged tree head/);
});

test('a consistency proof verifies offline, and not between a rewritten and the real journal', () => {
  const tree = MerkleTree.of(entries.map((entry) => entry.entry_hash));
  const proof = {
    from: 7,
    to: 20,
    proof: tree.consistencyProof(7, 20),
    first_tree_head: headOf(entries, keys[1], 7),
    second_tree_head: headOf(entries, keys[1]),
  };
  assert.deepEqual(verifyProof(proof, bothKeys), { valid: true, kind: 'consistency', reason: null });
  const copy = clone(entries);
  (copy[2].record as any).note = 'rewritten';
  rechain(copy, 2);
  const rewrittenHead = headOf(copy, keys[1], 7);
  assert.match(verifyProof({ ...proof, first_tree_head: rewrittenHead }, bothKeys).reason!, /not a prefix/);
  assert.match(verifyProof({ ...proof, to: 19 }, bothKeys).reason!, /not the sizes of the two tree heads/);
  assert.match(verifyProof({}, bothKeys).reason!, /not a proof/);
});
