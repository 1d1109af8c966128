// Public API of the tamper-evident journal: hashing, Merkle proofs, tree heads, offline verification.
export * from './journal-entry.ts';
export { EMPTY_TREE_ROOT, leafHash, nodeHash } from './merkle-hash.ts';
export { MerkleTree, merkleRoot } from './merkle-tree.ts';
export { verifyConsistency, verifyInclusion } from './verify-proofs.ts';
export { parsePublicKey, publicKeySet, type PublicKeySet } from './public-keys.ts';
export { signTreeHead, treeHeadProblem, treeHeadText, type TreeHead } from './tree-head.ts';
export { verifyJournal, type JournalVerification, type VerifyJournalOptions } from './verify-journal.ts';
export {
  verifyConsistencyProof,
  verifyInclusionProof,
  verifyProof,
  type ConsistencyProof,
  type InclusionProof,
  type ProofVerification,
} from './verify-proof.ts';
export { runJournalCli, type CliIo } from './cli.ts';
export { decisionSignatureProblem } from './record-checks.ts';
