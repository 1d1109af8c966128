// What the journal needs from a store, beside the appends the store makes inside its own transactions.
import type { JournalEntryType, TreeHead } from '@actiongate/engine';

/**
 * A stored journal entry; `record` is the canonical JSON text `content_hash` was computed over. A
 * decision entry also carries its payload's JSON text, which the record covers through `payload_hash`.
 */
export interface JournalRow {
  seq: number;
  type: JournalEntryType;
  refId: string;
  time: string;
  contentHash: string;
  prevHash: string;
  entryHash: string;
  record: string;
  payload?: string;
}

export interface JournalStore {
  /** Entries of a tenant's journal with seq > `afterSeq`, oldest first, at most `limit`. */
  list(tenantId: string, afterSeq: number, limit: number): Promise<JournalRow[]>;
  /** Entry hashes (32 bytes each) of a tenant's journal with seq > `afterSeq`, in order, at most `limit` (for the Merkle tree). */
  hashesAfter(tenantId: string, afterSeq: number, limit: number): Promise<Uint8Array[]>;
  /** Number of entries in a tenant's journal. */
  size(tenantId: string): Promise<number>;
  /** Size of every tenant's journal that has entries. */
  sizes(): Promise<{ tenantId: string; size: number }[]>;
  /** The newest entry about a decision or approval id, or null. */
  findByRef(tenantId: string, refId: string): Promise<JournalRow | null>;
  /** The newest signed tree head of a tenant, or null. */
  latestHead(tenantId: string): Promise<TreeHead | null>;
  /** The signed tree head of a tenant for exactly `treeSize` entries, or null. */
  headAt(tenantId: string, treeSize: number): Promise<TreeHead | null>;
  /** Keeps a signed tree head (one per tenant and size; a second one for the same size is ignored). */
  saveHead(head: TreeHead): Promise<void>;
}
