// Row mappers of governance state, shared by the SQLite and PostgreSQL stores (same columns).
import type { ApprovalRow } from './store.ts';
import type { Row } from './rows.ts';
import type {
  ApprovalRequestRow,
  ApprovalVoteRow,
  ApproverKeyRow,
  AuthorityRow,
  GovernancePolicyRow,
  TrajectoryPolicyRow,
} from './governance-store.ts';

const json = <T>(text: unknown, fallback: T): T => (text === null || text === undefined ? fallback : (JSON.parse(String(text)) as T));
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function authorityOf(row: Row): AuthorityRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    identityId: row.identity_id,
    role: row.role,
    identityType: row.identity_type,
    scope: json(row.scope, null),
    canApprove: Boolean(row.can_approve),
    canDelegate: Boolean(row.can_delegate),
    canOverride: Boolean(row.can_override),
    maxApprovalAmountCents: numberOrNull(row.max_approval_amount_cents),
    maxBudgetCents: numberOrNull(row.max_budget_cents),
    budgetId: row.budget_id,
    expiresAt: numberOrNull(row.expires_at),
    createdAt: Number(row.created_at),
    createdByKeyId: row.created_by_key_id,
  };
}

export function authorityValues(row: AuthorityRow): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.identityId,
    row.role,
    row.identityType,
    row.scope === null ? null : JSON.stringify(row.scope),
    row.canApprove ? 1 : 0,
    row.canDelegate ? 1 : 0,
    row.canOverride ? 1 : 0,
    row.maxApprovalAmountCents,
    row.maxBudgetCents,
    row.budgetId,
    row.expiresAt,
    row.createdAt,
    row.createdByKeyId,
  ];
}

export const AUTHORITY_COLUMNS =
  'id, tenant_id, identity_id, role, identity_type, scope, can_approve, can_delegate, can_override, max_approval_amount_cents, max_budget_cents, budget_id, expires_at, created_at, created_by_key_id';

export function approverKeyOf(row: Row): ApproverKeyRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    keyId: row.key_id,
    name: row.name,
    publicKey: row.public_key,
    createdAt: Number(row.created_at),
  };
}

export function approvalRequestOf(row: Row): ApprovalRequestRow {
  return {
    approvalId: row.approval_id,
    tenantId: row.tenant_id,
    requesterId: row.requester_id,
    requesterIdentity: row.requester_identity,
    action: row.action,
    resource: row.resource,
    justification: row.justification,
    governancePolicyId: row.governance_policy_id,
    linkedBudgetId: row.linked_budget_id,
    linkedPolicyId: row.linked_policy_id,
    linkedControlPolicyId: row.linked_control_policy_id,
    traceId: row.trace_id,
    amountCents: numberOrNull(row.amount_cents),
    minDistinctApprovers: Number(row.min_distinct_approvers),
  };
}

/** The approval an approval request opens (status `pending`, set in the statement): columns and values. */
export const REQUESTED_APPROVAL_COLUMNS =
  'id, tenant_id, agent_id, path, payload, payload_hash, requested_by_key_id, decision_id, risk, reasons, detail, created_at, expires_at';

export function requestedApprovalValues(approval: ApprovalRow): unknown[] {
  return [
    approval.id,
    approval.tenantId,
    approval.agentId,
    approval.path,
    JSON.stringify(approval.payload),
    approval.payloadHash,
    approval.requestedByKeyId,
    approval.decisionId,
    approval.risk,
    JSON.stringify(approval.reasons),
    approval.detail,
    approval.createdAt,
    approval.expiresAt,
  ];
}

export const APPROVAL_REQUEST_COLUMNS =
  'approval_id, tenant_id, requester_id, requester_identity, action, resource, justification, governance_policy_id, linked_budget_id, linked_policy_id, linked_control_policy_id, trace_id, amount_cents, min_distinct_approvers';

export function approvalRequestValues(row: ApprovalRequestRow): unknown[] {
  return [
    row.approvalId,
    row.tenantId,
    row.requesterId,
    row.requesterIdentity,
    row.action,
    row.resource,
    row.justification,
    row.governancePolicyId,
    row.linkedBudgetId,
    row.linkedPolicyId,
    row.linkedControlPolicyId,
    row.traceId,
    row.amountCents,
    row.minDistinctApprovers,
  ];
}

export function voteOf(row: Row): ApprovalVoteRow {
  return {
    tenantId: row.tenant_id,
    approvalId: row.approval_id,
    keyId: row.key_id,
    approved: Boolean(row.approved),
    reason: row.reason,
    approverKeyId: row.approver_key_id,
    signedText: row.signed_text,
    signatureB64: row.signature_b64,
    createdAt: Number(row.created_at),
  };
}

export const VOTE_COLUMNS = 'tenant_id, approval_id, key_id, approved, reason, approver_key_id, signed_text, signature_b64, created_at';

export function voteValues(vote: ApprovalVoteRow): unknown[] {
  return [
    vote.tenantId,
    vote.approvalId,
    vote.keyId,
    vote.approved ? 1 : 0,
    vote.reason,
    vote.approverKeyId,
    vote.signedText,
    vote.signatureB64,
    vote.createdAt,
  ];
}

export function governancePolicyOf(row: Row): GovernancePolicyRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    description: row.description,
    scope: json(row.scope, null),
    constraints: json(row.constraints, []),
    exceptions: json(row.exceptions, []),
    parentPolicyId: row.parent_policy_id,
    linkedPolicyId: row.linked_policy_id,
    priority: Number(row.priority),
    status: row.status,
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export const POLICY_COLUMNS =
  'id, tenant_id, name, description, scope, constraints, exceptions, parent_policy_id, linked_policy_id, priority, status, version, created_at, updated_at';

export function governancePolicyValues(row: GovernancePolicyRow): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.name,
    row.description,
    row.scope === null ? null : JSON.stringify(row.scope),
    JSON.stringify(row.constraints),
    JSON.stringify(row.exceptions),
    row.parentPolicyId,
    row.linkedPolicyId,
    row.priority,
    row.status,
    row.version,
    row.createdAt,
    row.updatedAt,
  ];
}

/** `?, ?, …` (SQLite) or `$1, $2, …` (PostgreSQL) for n values. */
export function placeholders(count: number, dollar: boolean, from = 1): string {
  return Array.from({ length: count }, (_, i) => (dollar ? `$${i + from}` : '?')).join(', ');
}

export function trajectoryPolicyOf(row: Row): TrajectoryPolicyRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    description: row.description,
    rules: json(row.rules, []),
    createdAt: Number(row.created_at),
  };
}
