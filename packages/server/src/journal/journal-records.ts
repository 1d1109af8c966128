// The records journal entries cover, built from stored rows. Only fields that never change after the
// event go in (a decision's outcome is reported later, so it is not part of the decision's record).
import type { ApprovalJournalRecord, DecisionJournalRecord } from '@actiongate/engine';
import type { ApprovalState, DecisionRow } from '../store/store.ts';
import { isoTime } from '../iso-time.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The record of a decision, as its `decision` entry covers it. */
export function decisionRecord(row: DecisionRow): DecisionJournalRecord {
  return {
    decision_id: row.id,
    tenant_id: row.tenantId,
    agent_id: row.agentId,
    key_id: row.keyId,
    path: row.path,
    payload_hash: row.payloadHash,
    verdict: row.verdict,
    blocked: row.blocked,
    enforcing: row.enforcing,
    mode: row.mode,
    risk: row.risk,
    detail: row.detail,
    stages: row.stages,
    approval_id: row.approvalId,
    created_at: isoTime(row.createdAt),
    signing_key_id: row.signingKeyId,
    signature: row.signature,
    // Only v2 records name their version, so the records (and hashes) of v1 decisions are unchanged.
    ...(row.signedVersion === 2 ? { signature_v: 2 as const } : {}),
  };
}

/** The record of an approval right after an event (its stored status must already be the new one). */
export function approvalRecord(row: ApprovalState): ApprovalJournalRecord {
  return {
    approval_id: row.id,
    tenant_id: row.tenantId,
    status: row.status,
    agent_id: row.agentId,
    path: row.path,
    payload_hash: row.payloadHash,
    risk: row.risk,
    reasons: row.reasons,
    detail: row.detail,
    decision_id: row.decisionId,
    requested_by_key_id: row.requestedByKeyId,
    created_at: iso(row.createdAt)!,
    expires_at: iso(row.expiresAt)!,
    decided_at: iso(row.decidedAt),
    decided_by_key_id: row.decidedByKeyId,
    note: row.note,
    consumed_at: iso(row.consumedAt),
    consumed_by_decision_id: row.consumedByDecisionId,
  };
}
