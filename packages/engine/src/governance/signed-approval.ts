// Signed approvals: an approver signs, with an Ed25519 key registered beforehand, the canonical JSON
// of what it approves (approval id, action, payload hash, decision), so the approval can be proven
// later by anyone holding the public key, without asking ActionGate.
import { canonicalJson } from '../canonical-json.ts';
import { verifyText } from '../signing.ts';
import { parsePublicKey } from '../journal/public-keys.ts';

/** Version of the signed approval text. */
export const SIGNED_APPROVAL_VERSION = 1;

export interface SignedApprovalFields {
  approval_id: string;
  /** The tool path (held calls) or the requested action. */
  action: string;
  /** SHA-256 (hex) of the canonical JSON of the payload the approval covers. */
  payload_hash: string;
  decision: 'approved' | 'denied';
}

/** The exact text an approver signs: canonical JSON with `v`. */
export function signedApprovalText(fields: SignedApprovalFields): string {
  return canonicalJson({ v: SIGNED_APPROVAL_VERSION, ...fields });
}

/**
 * Whether `signatureB64` (standard or url-safe base64 of a 64-byte Ed25519 signature) verifies the
 * text with `publicKey` (raw base64url, PEM or JWK). Never throws: a malformed key or signature is false.
 */
export function verifySignedApproval(text: string, signatureB64: string, publicKey: unknown): boolean {
  try {
    const signature = Buffer.from(signatureB64, 'base64');
    if (signature.length !== 64) return false;
    return verifyText(text, signature.toString('base64url'), parsePublicKey(publicKey));
  } catch {
    return false;
  }
}

/** Distinct approving keys among the votes, and whether `required` is met. */
export function tallyApprovals(votes: readonly { keyId: string; approved: boolean }[], required: number) {
  const approvers = [...new Set(votes.filter((vote) => vote.approved).map((vote) => vote.keyId))];
  const denied = votes.some((vote) => !vote.approved);
  return { approvers, denied, met: !denied && approvers.length >= required };
}
