// Approval stage: when an enforcing stage holds, use an approved approval of exactly this call
// (consumed atomically by the server, so it runs once), or wait on / request one.
import type { StageContext, StageResult } from '../decision-types.ts';
import { enforcingDenials, outstandingHolds } from '../holds.ts';

export function approvalStage({ input, state, previous, enforcing }: StageContext): StageResult {
  const denials = enforcingDenials(previous);
  if (denials.length > 0) {
    const by = denials.map((stage) => stage.stage).join(', ');
    return { stage: 'approval', verdict: 'deny', enforcing, detail: `no approval can lift a denial by ${by}`, data: {} };
  }
  const holds = outstandingHolds(previous);
  if (holds.length === 0) {
    const wouldHold = previous.filter((stage) => stage.verdict === 'require_approval' && !stage.enforcing);
    const detail = wouldHold.length ? 'no approval needed (holds are not enforcing)' : 'no approval needed';
    return { stage: 'approval', verdict: 'allow', enforcing, detail, data: {} };
  }
  const heldBy = holds.map((stage) => stage.stage);
  const approved = state.approvedApproval;
  if (approved) {
    const note = approved.note ? ` (note: ${approved.note})` : '';
    return {
      stage: 'approval',
      verdict: 'allow',
      enforcing,
      detail: `approval ${approved.id} granted by ${approved.decidedByKeyId ?? 'an approver'}${note}; consumed, this call runs once`,
      data: { approval_id: approved.id, approval_status: 'consumed', approved_by: approved.decidedByKeyId ?? null, held_by: heldBy },
    };
  }
  const pending = state.pendingApproval;
  if (pending) {
    return {
      stage: 'approval',
      verdict: 'require_approval',
      enforcing,
      detail: `waiting for a human on approval ${pending.id} (held by ${heldBy.join(', ')})`,
      data: { approval_id: pending.id, approval_status: 'pending', expires_at: new Date(pending.expiresAt).toISOString(), held_by: heldBy },
    };
  }
  const expiresAt = input.now + state.settings.approvalTtlSeconds * 1000;
  return {
    stage: 'approval',
    verdict: 'require_approval',
    enforcing,
    detail: `approval ${input.newApprovalId} requested (held by ${heldBy.join(', ')}); a key other than ${input.principal.keyId} must approve it`,
    data: { approval_id: input.newApprovalId, approval_status: 'pending', expires_at: new Date(expiresAt).toISOString(), held_by: heldBy },
  };
}
