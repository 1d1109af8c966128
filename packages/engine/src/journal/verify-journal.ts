// Offline verification of an exported journal (or any prefix of one): the chain, every record, every
// decision signature, and optionally the hash it must end at and a signed tree head over it. The
// answer names the first entry that fails and why, so a tampered copy is pinpointed.
import { GENESIS_HASH, type ExportedJournalEntry } from './journal-entry.ts';
import { MerkleTree } from './merkle-tree.ts';
import type { PublicKeySet } from './public-keys.ts';
import { entryHashProblem, entryShapeProblem, recordProblem } from './record-checks.ts';
import { treeHeadProblem, type TreeHead } from './tree-head.ts';

export interface JournalVerification {
  valid: boolean;
  /** Entries that verified, from the first, before the first failure (all of them when valid). */
  length: number;
  /** `entry_hash` of the last entry that verified; null when none did. */
  head: string | null;
  /** Index (0-based, in the given array) of the first entry that fails; null when valid or not attributable to one entry. */
  first_invalid_index: number | null;
  reason: string | null;
  /**
   * Decision signatures checked, by version (when valid): v1 covers id, tenant, time, verdict and
   * stage verdicts; v2 also the agent, the key, the tool path and the payload hash (SIGNATURE_COVERS).
   */
  signatures?: { v1: number; v2: number };
}

export interface VerifyJournalOptions {
  keys: PublicKeySet;
  /** The `entry_hash` the journal must end at (e.g. one remembered from an earlier audit). */
  expectedHead?: string | null;
  /** A signed tree head the journal must reproduce (its first `tree_size` entries). */
  treeHead?: unknown;
}

/** Verifies a journal export's `entries`, which must start at the first entry (seq 1). */
export function verifyJournal(entries: unknown, options: VerifyJournalOptions): JournalVerification {
  if (!Array.isArray(entries)) return fail(0, null, 0, 'the journal is not an array of entries');
  let previousHash = GENESIS_HASH;
  let tenantId: string | null = null;
  const signatures = { v1: 0, v2: 0 };
  for (let i = 0; i < entries.length; i++) {
    const at = (reason: string) => fail(i, i > 0 ? entries[i - 1].entry_hash : null, i, `entry ${i}: ${reason}`);
    const shape = entryShapeProblem(entries[i], true);
    if (shape) return at(shape);
    const entry = entries[i] as ExportedJournalEntry;
    if (entry.seq !== i + 1) {
      const why = entry.seq > i + 1 ? 'an entry before it is missing' : 'an entry was inserted or repeated';
      return at(`\`seq\` is ${entry.seq} where ${i + 1} was expected: ${why}, or entries were reordered`);
    }
    if (entry.prev_hash !== previousHash) {
      return at('`prev_hash` is not the `entry_hash` of the entry before it: an entry was removed, inserted or reordered');
    }
    const problem = entryHashProblem(entry) ?? recordProblem(entry, options.keys);
    if (problem) return at(problem);
    const recordTenant = entry.record.tenant_id as string;
    if (tenantId === null) tenantId = recordTenant;
    else if (recordTenant !== tenantId) return at(`the record belongs to tenant \`${recordTenant}\`, not \`${tenantId}\``);
    previousHash = entry.entry_hash;
    if (entry.type === 'decision') signatures[entry.record.signature_v === 2 ? 'v2' : 'v1']++;
  }
  const n = entries.length;
  const last = n > 0 ? (entries[n - 1] as ExportedJournalEntry).entry_hash : null;

  const expected = options.expectedHead ?? null;
  if (expected !== null) {
    const found = entries.findIndex((entry: ExportedJournalEntry) => entry.entry_hash === expected);
    if (found === -1) {
      return fail(
        n,
        last,
        n,
        `the expected head \`${expected}\` is not in the journal: entries after seq ${n} were removed, or this is another journal`,
      );
    }
    if (found < n - 1) return fail(found + 1, expected, found + 1, `the journal goes on past the expected head (seq ${found + 1})`);
  }

  if (options.treeHead !== undefined && options.treeHead !== null) {
    const problem = treeHeadProblem(options.treeHead, options.keys);
    if (problem) return fail(null, last, n, `forged or damaged tree head: ${problem}`);
    const head = options.treeHead as TreeHead;
    if (tenantId !== null && head.tenant_id !== tenantId)
      return fail(null, last, n, `the tree head is for tenant \`${head.tenant_id}\`, not \`${tenantId}\``);
    if (head.tree_size > n) {
      return fail(
        n,
        last,
        n,
        `the signed tree head covers ${head.tree_size} entries but the journal has only ${n}: entries were removed from the end`,
      );
    }
    const root = MerkleTree.of(entries.slice(0, head.tree_size).map((entry: ExportedJournalEntry) => entry.entry_hash)).root();
    if (root !== head.root_hash) {
      return fail(
        null,
        last,
        n,
        `the Merkle root of the first ${head.tree_size} entries is not the signed root: the journal was rewritten`,
      );
    }
  }
  return { valid: true, length: n, head: last, first_invalid_index: null, reason: null, signatures };
}

function fail(index: number | null, head: string | null, length: number, reason: string): JournalVerification {
  return { valid: false, length, head, first_invalid_index: index, reason };
}
