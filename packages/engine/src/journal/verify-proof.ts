// Offline verification of the proofs the service hands out: an inclusion proof (one entry is leaf
// `leaf_index` of a signed tree) and a consistency proof (an older signed tree is a prefix of a newer one).
import type { ExportedJournalEntry } from './journal-entry.ts';
import type { PublicKeySet } from './public-keys.ts';
import { entryHashProblem, entryShapeProblem, recordProblem } from './record-checks.ts';
import { treeHeadProblem, type TreeHead } from './tree-head.ts';
import { verifyConsistency, verifyInclusion } from './verify-proofs.ts';

export interface InclusionProof {
  entry: ExportedJournalEntry;
  leaf_index: number;
  tree_size: number;
  audit_path: string[];
  tree_head: TreeHead;
}

export interface ConsistencyProof {
  from: number;
  to: number;
  proof: string[];
  first_tree_head: TreeHead;
  second_tree_head: TreeHead;
}

export interface ProofVerification {
  valid: boolean;
  kind: 'inclusion' | 'consistency' | null;
  reason: string | null;
}

/** Verifies an inclusion or a consistency proof, telling them apart by their fields. */
export function verifyProof(proof: unknown, keys: PublicKeySet): ProofVerification {
  if (typeof proof === 'object' && proof !== null) {
    if ('audit_path' in proof) return verifyInclusionProof(proof as InclusionProof, keys);
    if ('first_tree_head' in proof) return verifyConsistencyProof(proof as ConsistencyProof, keys);
  }
  return { valid: false, kind: null, reason: 'not a proof: it has neither `audit_path` nor `first_tree_head`' };
}

/** Verifies that `proof.entry` (with its record) is leaf `leaf_index` of the signed tree `proof.tree_head`. */
export function verifyInclusionProof(proof: InclusionProof, keys: PublicKeySet): ProofVerification {
  const no = (reason: string): ProofVerification => ({ valid: false, kind: 'inclusion', reason });
  const headProblem = treeHeadProblem(proof.tree_head, keys);
  if (headProblem) return no(`forged or damaged tree head: ${headProblem}`);
  const shape = entryShapeProblem(proof.entry, true);
  if (shape) return no(`the entry is malformed: ${shape}`);
  const entryProblem = entryHashProblem(proof.entry) ?? recordProblem(proof.entry, keys);
  if (entryProblem) return no(entryProblem);
  const head = proof.tree_head;
  if (proof.entry.record.tenant_id !== head.tenant_id)
    return no(`the entry belongs to tenant \`${String(proof.entry.record.tenant_id)}\`, the tree head to \`${head.tenant_id}\``);
  if (proof.leaf_index !== proof.entry.seq - 1)
    return no(`the proof is for leaf ${proof.leaf_index} but the entry is seq ${proof.entry.seq} (leaf ${proof.entry.seq - 1})`);
  if (proof.tree_size !== head.tree_size)
    return no(`the proof is for a tree of ${proof.tree_size} but the tree head covers ${head.tree_size}`);
  if (!verifyInclusion(proof.entry.entry_hash, proof.leaf_index, proof.tree_size, proof.audit_path, head.root_hash)) {
    return no(`the audit path does not lead from this entry to the signed root: it is not leaf ${proof.leaf_index} of that tree`);
  }
  return { valid: true, kind: 'inclusion', reason: null };
}

/** Verifies that the tree of `first_tree_head` is a prefix of the tree of `second_tree_head`. */
export function verifyConsistencyProof(proof: ConsistencyProof, keys: PublicKeySet): ProofVerification {
  const no = (reason: string): ProofVerification => ({ valid: false, kind: 'consistency', reason });
  for (const name of ['first_tree_head', 'second_tree_head'] as const) {
    const problem = treeHeadProblem(proof[name], keys);
    if (problem) return no(`forged or damaged \`${name}\`: ${problem}`);
  }
  const first = proof.first_tree_head;
  const second = proof.second_tree_head;
  if (first.tenant_id !== second.tenant_id) return no('the two tree heads belong to different tenants');
  if (first.tree_size !== proof.from || second.tree_size !== proof.to) return no('`from` and `to` are not the sizes of the two tree heads');
  if (!verifyConsistency(first.tree_size, second.tree_size, first.root_hash, second.root_hash, proof.proof)) {
    return no(`the tree of ${first.tree_size} entries is not a prefix of the tree of ${second.tree_size}: the journal was rewritten`);
  }
  return { valid: true, kind: 'consistency', reason: null };
}
