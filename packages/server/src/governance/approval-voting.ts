// Casting an approver's answer to an approval (issue 21), on top of the existing approve/deny
// transition: the authority check (who may approve what, up to which amount), multi-party approvals
// (N distinct keys, the same key never twice) and signed approvals. A vote is recorded and journaled
// when the approval needs more than one approver or the vote is signed; the decisive answer then goes
// through the store's one approve/deny transition, so consumption stays exactly-once.
import { callAmount, checkApprovalAuthority, signedApprovalText, tallyApprovals, type ApprovalSubject } from '@actiongate/engine';
import { ApiError } from '../errors.ts';
import { iso } from '../present.ts';
import type { ApprovalRow, KeyRow, Store } from '../store/store.ts';
import type { ApprovalRequestRow, ApprovalVoteRow } from '../store/governance-store.ts';

export interface VoteInput {
  approved: boolean;
  reason: string;
  /** A verified signature: the approver key and the text it signed. */
  signed?: { approverKeyId: string; publicKey: string; text: string; signatureB64: string };
}

/** The texts an approver signs to approve or deny this approval. */
export function signingTexts(approval: ApprovalRow) {
  const fields = { approval_id: approval.id, action: approval.path, payload_hash: approval.payloadHash };
  return {
    approved: signedApprovalText({ ...fields, decision: 'approved' }),
    denied: signedApprovalText({ ...fields, decision: 'denied' }),
  };
}

export class ApprovalVoting {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  async approval(tenantId: string, id: string): Promise<ApprovalRow> {
    const approval = await this.store.getApproval(tenantId, id, this.clock());
    if (!approval) throw new ApiError('AG_NOT_FOUND', `approval \`${id}\` not found`);
    return approval;
  }

  /**
   * Distinct approvers the approval needs: its request's count (requested approvals), or what the
   * decision's policy stage asked for (a governance policy's `min_distinct_approvers`), else 1.
   */
  async requiredApprovers(approval: ApprovalRow, request: ApprovalRequestRow | null): Promise<number> {
    if (request) return request.minDistinctApprovers;
    if (!approval.decisionId) return 1;
    const decision = await this.store.getDecision(approval.tenantId, approval.decisionId);
    const policy = decision?.stages.find((stage) => stage.stage === 'policy');
    const required = policy?.data.required_approvers;
    return typeof required === 'number' && Number.isInteger(required) && required > 1 ? required : 1;
  }

  /** What an approver is asked to approve: action, agent, resource and amount (in cents). */
  subjectOf(approval: ApprovalRow, request: ApprovalRequestRow | null): ApprovalSubject {
    if (request) {
      return { action: request.action, agentId: request.requesterId, resource: request.resource, amountCents: request.amountCents };
    }
    const amount = callAmount(approval.payload);
    const payload = approval.payload as Record<string, unknown> | null;
    const resource = typeof payload?.resource === 'string' ? payload.resource : '';
    return { action: approval.path, agentId: approval.agentId, resource, amountCents: amount === null ? null : Math.round(amount * 100) };
  }

  /** Casts a key's answer; returns the approval as it stands afterwards (pending while more approvers are needed). */
  async cast(key: KeyRow, approvalId: string, vote: VoteInput, resendWindowMs: number): Promise<ApprovalRow> {
    const now = this.clock();
    const approval = await this.approval(key.tenantId, approvalId);
    const verb = vote.approved ? 'approve' : 'deny';
    if (approval.requestedByKeyId === key.id)
      throw new ApiError('AG_FORBIDDEN', `key ${key.id} made this request and cannot ${verb} it; use another key`);
    // Not pending (expired, decided): the store's transition refuses it (and records an expiry once).
    if (approval.status !== 'pending') return this.decide(key, approvalId, vote, now, resendWindowMs, 1);
    const request = await this.store.governance.getApprovalRequest(key.tenantId, approvalId);
    if (vote.approved) {
      const authorities = await this.store.governance.listAuthorities(key.tenantId);
      const verdict = checkApprovalAuthority(authorities, { keyId: key.id, keyName: key.name }, this.subjectOf(approval, request), now);
      if (!verdict.ok) throw new ApiError('AG_FORBIDDEN', `${verdict.detail}; it may not approve \`${approvalId}\``);
    }
    const required = await this.requiredApprovers(approval, request);
    if (required > 1 || vote.signed) {
      const row: ApprovalVoteRow = {
        tenantId: key.tenantId,
        approvalId,
        keyId: key.id,
        approved: vote.approved,
        reason: vote.reason,
        approverKeyId: vote.signed?.approverKeyId ?? null,
        signedText: vote.signed?.text ?? null,
        signatureB64: vote.signed?.signatureB64 ?? null,
        createdAt: now,
      };
      const recorded = await this.store.governance.recordVote(row, {
        approval_id: approvalId,
        tenant_id: key.tenantId,
        status: 'pending',
        key_id: key.id,
        approved: vote.approved,
        reason: vote.reason,
        required_approvers: required,
        approver_key_id: row.approverKeyId,
        public_key: vote.signed?.publicKey ?? null,
        signed_text: row.signedText,
        signature_b64: row.signatureB64,
        time: iso(now),
      });
      if (recorded === 'duplicate')
        throw new ApiError('AG_CONFLICT', `key ${key.id} already answered approval \`${approvalId}\`; each approver counts once`);
      const tally = tallyApprovals(await this.store.governance.listVotes(key.tenantId, approvalId), required);
      if (!tally.denied && !tally.met) return approval;
    }
    return this.decide(key, approvalId, vote, now, resendWindowMs, required);
  }

  /** The decisive answer, through the store's one approve/deny transition. */
  private async decide(key: KeyRow, approvalId: string, vote: VoteInput, now: number, resendWindowMs: number, required: number) {
    const verb = vote.approved ? 'approve' : 'deny';
    const note = vote.reason === '' ? null : vote.reason;
    const result = await this.store.decideApproval(key.tenantId, approvalId, {
      approve: vote.approved,
      keyId: key.id,
      note,
      now,
      resendWindowMs,
    });
    if (result.ok) return result.approval;
    // Another approver's vote completed the same approval a moment earlier: this vote counted too.
    if (result.reason === 'already_decided' && required > 1 && result.approval?.status === (vote.approved ? 'approved' : 'denied'))
      return result.approval;
    switch (result.reason) {
      case 'not_found':
        throw new ApiError('AG_NOT_FOUND', `approval \`${approvalId}\` not found`);
      case 'own_request':
        throw new ApiError('AG_FORBIDDEN', `key ${key.id} made this request and cannot ${verb} it; use another key`);
      case 'expired':
        throw new ApiError('AG_CONFLICT', `approval \`${approvalId}\` expired at ${new Date(result.approval!.expiresAt).toISOString()}`);
      case 'already_decided':
        throw new ApiError('AG_CONFLICT', `approval \`${approvalId}\` is already ${result.approval!.status}`);
    }
  }
}
