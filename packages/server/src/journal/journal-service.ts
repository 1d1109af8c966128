// Tree heads and proofs over the tenants' journals. Each tenant's Merkle tree is kept in memory and
// caught up from the store (committed entries only) when it is needed; a timer signs a new tree head
// every second for every journal that grew, and sweeps approvals whose time ran out.
import { MerkleTree, signTreeHead, type ConsistencyProof, type InclusionProof, type TreeHead } from '@actiongate/engine';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { Store } from '../store/store.ts';
import type { JournalRow } from '../store/journal-store.ts';

/** Entry hashes read per query while a tree catches up. */
const HASH_PAGE = 10_000;
/**
 * The lowest tree level kept in memory: blocks of 16 leaves, so a million entries take 4 MB of tree
 * instead of 64 MB; a proof reads the entry hashes of one or two blocks back from the store.
 */
const LOWEST_KEPT_LEVEL = 4;

/** A journal entry as exported, with the record it covers. */
export function presentEntry(row: JournalRow): InclusionProof['entry'] {
  const entry: InclusionProof['entry'] = { ...entryFields(row), record: JSON.parse(row.record) };
  if (row.payload !== undefined) entry.payload = JSON.parse(row.payload);
  return entry;
}

/** The same entry as one NDJSON line, with the record (and payload) text spliced in unchanged. */
export function entryLine(row: JournalRow): string {
  const payload = row.payload === undefined ? '' : ',"payload":' + row.payload;
  return JSON.stringify(entryFields(row)).slice(0, -1) + ',"record":' + row.record + payload + '}\n';
}

function entryFields(row: JournalRow) {
  return {
    seq: row.seq,
    type: row.type,
    ref_id: row.refId,
    time: row.time,
    content_hash: row.contentHash,
    prev_hash: row.prevHash,
    entry_hash: row.entryHash,
  };
}

export class JournalService {
  private readonly trees = new Map<string, MerkleTree>();
  private readonly latest = new Map<string, TreeHead>();
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;

  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly hashPage = HASH_PAGE,
  ) {}

  /** The tenant's Merkle tree, caught up with every committed entry. */
  private async tree(tenantId: string): Promise<MerkleTree> {
    let tree = this.trees.get(tenantId);
    if (!tree) {
      tree = new MerkleTree(LOWEST_KEPT_LEVEL);
      this.trees.set(tenantId, tree);
    }
    // Page by page, so catching up a journal of millions of entries never holds them all at once;
    // the tree's levels are sized once for the whole journal.
    if (tree.size === 0) tree.reserve(await this.store.journal.size(tenantId));
    for (;;) {
      const from = tree.size;
      const hashes = await this.store.journal.hashesAfter(tenantId, from, this.hashPage);
      // Another caller may have caught the tree up while this one waited; skip what it appended.
      for (const hash of hashes.slice(tree.size - from)) tree.append(hash);
      if (hashes.length < this.hashPage) return tree;
    }
  }

  /** The signed head of the tenant's whole journal as it stands: the newest one, or a new one when entries came since. */
  async head(tenantId: string): Promise<TreeHead> {
    const tree = await this.tree(tenantId);
    let latest = this.latest.get(tenantId) ?? (await this.store.journal.latestHead(tenantId));
    if (!latest || latest.tree_size < tree.size) latest = await this.sign(tenantId, tree, tree.size);
    this.latest.set(tenantId, latest);
    return latest;
  }

  /** A signed head for exactly the first `size` entries (the stored one when there is one). */
  async headAt(tenantId: string, size: number): Promise<TreeHead> {
    const stored = await this.store.journal.headAt(tenantId, size);
    return stored ?? this.sign(tenantId, await this.tree(tenantId), size);
  }

  /** Runs an operation on a tenant's tree with the entry hashes of the blocks it reads below the kept levels. */
  private async onTree<T>(tenantId: string, tree: MerkleTree, operation: (tree: MerkleTree) => T): Promise<T> {
    const fetched = new Map<number, readonly Uint8Array[]>();
    const block = 2 ** LOWEST_KEPT_LEVEL;
    for (;;) {
      // The tree may grow while blocks are read: ask again until everything the operation reads is here.
      const missing = tree.blocksNeeded(operation).filter((index) => !fetched.has(index * block));
      if (missing.length === 0) return tree.withLeaves((start, count) => fetched.get(start)!.slice(0, count), operation);
      for (const index of missing) fetched.set(index * block, await this.store.journal.hashesAfter(tenantId, index * block, block));
    }
  }

  private async sign(tenantId: string, tree: MerkleTree, size: number): Promise<TreeHead> {
    const root = await this.onTree(tenantId, tree, (t) => t.root(size));
    const head = signTreeHead(
      { tenant_id: tenantId, tree_size: size, root_hash: root, timestamp: new Date(this.clock()).toISOString() },
      this.keyRing.current,
    );
    await this.store.journal.saveHead(head);
    // Two signers of the same size keep the first head; answer with the one that was kept.
    return (await this.store.journal.headAt(tenantId, size)) ?? head;
  }

  /** Inclusion proof of the newest entry about a decision or approval id; null when the tenant has none. */
  async inclusionProof(tenantId: string, evidenceId: string): Promise<InclusionProof | null> {
    const row = await this.store.journal.findByRef(tenantId, evidenceId);
    if (!row) return null;
    const head = await this.head(tenantId);
    const tree = await this.tree(tenantId);
    return {
      entry: presentEntry(row),
      leaf_index: row.seq - 1,
      tree_size: head.tree_size,
      audit_path: await this.onTree(tenantId, tree, (t) => t.inclusionProof(row.seq - 1, head.tree_size)),
      tree_head: head,
    };
  }

  /** Audit paths (RFC 9162 inclusion proofs) of several leaves in the tree of the first `size` entries (audit packages). */
  async auditPaths(tenantId: string, leafIndexes: readonly number[], size: number): Promise<string[][]> {
    const tree = await this.tree(tenantId);
    return this.onTree(tenantId, tree, (t) => leafIndexes.map((index) => t.inclusionProof(index, size)));
  }

  /** Consistency proof between the first `from` and `to` entries (`to` defaults to the current size). */
  async consistencyProof(tenantId: string, from: number, to?: number): Promise<ConsistencyProof | { error: string }> {
    const current = await this.head(tenantId);
    const size = to ?? current.tree_size;
    if (size > current.tree_size) return { error: `\`to\` is ${size} but the journal has ${current.tree_size} entries` };
    if (from > size) return { error: `\`from\` (${from}) is larger than \`to\` (${size})` };
    const tree = await this.tree(tenantId);
    return {
      from,
      to: size,
      proof: await this.onTree(tenantId, tree, (t) => t.consistencyProof(from, size)),
      first_tree_head: await this.headAt(tenantId, from),
      second_tree_head: size === current.tree_size ? current : await this.headAt(tenantId, size),
    };
  }

  /** Signs a head for every journal that grew since its last head, and expires approvals that are due. */
  async publish(): Promise<void> {
    await this.store.expireDueApprovals(this.clock());
    const sizes = await this.store.journal.sizes();
    for (const { tenantId, size } of sizes) {
      const latest = this.latest.get(tenantId);
      if (!latest || latest.tree_size < size) await this.head(tenantId);
    }
    // Deleted tenants (the demo's throwaway ones) leave the caches too.
    const live = new Set(sizes.map((entry) => entry.tenantId));
    for (const tenantId of this.trees.keys()) {
      if (!live.has(tenantId)) {
        this.trees.delete(tenantId);
        this.latest.delete(tenantId);
      }
    }
  }

  /** Starts the once-a-second tree head timer (unref'd: it never keeps the process alive). */
  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.tick) return;
      this.tick = this.publish()
        .catch(this.onError)
        .finally(() => {
          this.tick = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick in progress, so the store can close after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
  }
}
