// What live events carry, the same whichever database stored them.
import type { ApprovalState, DecisionRow } from './store.ts';
import { isoTime } from '../iso-time.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What an approval event carries: enough for a queue to add or drop the item without a fetch. */
export function approvalEventData(approval: ApprovalState): Record<string, unknown> {
  return {
    approval_id: approval.id,
    status: approval.status,
    agent_id: approval.agentId,
    path: approval.path,
    decision_id: approval.decisionId,
    risk: approval.risk,
    requested_by_key_id: approval.requestedByKeyId,
    decided_by_key_id: approval.decidedByKeyId,
    note: approval.note,
    expires_at: iso(approval.expiresAt),
    consumed_by_decision_id: approval.consumedByDecisionId,
  };
}

/** The fields of a decision that its `decision.created` event carries. */
export type DecisionEventFields = Pick<
  DecisionRow,
  'id' | 'verdict' | 'blocked' | 'agentId' | 'path' | 'risk' | 'detail' | 'approvalId' | 'traceId' | 'createdAt'
>;

/** What a `decision.created` event carries. */
export function decisionEventData(row: DecisionEventFields): Record<string, unknown> {
  return {
    decision_id: row.id,
    verdict: row.verdict,
    blocked: row.blocked,
    agent_id: row.agentId,
    path: row.path,
    risk: row.risk,
    detail: row.detail,
    approval_id: row.approvalId,
    trace_id: row.traceId ?? null,
    created_at: isoTime(row.createdAt),
  };
}
