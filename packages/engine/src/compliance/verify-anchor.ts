// Offline check of a journal anchor: the receipt is signed by the service and names a signed tree
// head; a consistency proof shows a later signed head extends that anchored one, so every entry
// anchored then is still there, unchanged and in order, under the later head.
import type { PublicKeySet } from '../journal/public-keys.ts';
import { treeHeadProblem, type TreeHead } from '../journal/tree-head.ts';
import { verifyConsistency } from '../journal/verify-proofs.ts';
import { signedDocumentProblem } from './signed-document.ts';

export interface AnchorVerification {
  valid: boolean;
  receipt_valid: boolean;
  consistent: boolean;
  anchored_size: number | null;
  later_size: number | null;
  reason: string | null;
}

/** Verifies an anchor receipt and that `laterHead` extends its head (`proof`: RFC 9162 consistency proof between them). */
export function verifyAnchor(receipt: unknown, laterHead: unknown, proof: readonly string[], keys: PublicKeySet): AnchorVerification {
  const out = (
    receiptValid: boolean,
    consistent: boolean,
    reason: string | null,
    anchored: TreeHead | null = null,
  ): AnchorVerification => ({
    valid: receiptValid && consistent,
    receipt_valid: receiptValid,
    consistent,
    anchored_size: anchored?.tree_size ?? null,
    later_size: (laterHead as TreeHead | null)?.tree_size ?? null,
    reason,
  });
  const receiptProblem = signedDocumentProblem(receipt, keys);
  if (receiptProblem) return out(false, false, `receipt: ${receiptProblem}`);
  const anchored = (receipt as { tree_head?: TreeHead }).tree_head ?? null;
  const headProblem = treeHeadProblem(anchored, keys);
  if (headProblem || !anchored) return out(false, false, `anchored tree head: ${headProblem}`);
  const laterProblem = treeHeadProblem(laterHead, keys);
  if (laterProblem) return out(true, false, `later tree head: ${laterProblem}`, anchored);
  const later = laterHead as TreeHead;
  if (later.tenant_id !== anchored.tenant_id) return out(true, false, 'the later tree head is of another tenant', anchored);
  if (later.tree_size < anchored.tree_size) return out(true, false, 'the later tree head is smaller than the anchored one', anchored);
  if (anchored.tree_size === 0) return out(true, true, null, anchored);
  if (!verifyConsistency(anchored.tree_size, later.tree_size, anchored.root_hash, later.root_hash, proof))
    return out(
      true,
      false,
      `the journal of ${later.tree_size} entries does not extend the anchored one of ${anchored.tree_size}: it was rewritten`,
      anchored,
    );
  return out(true, true, null, anchored);
}
