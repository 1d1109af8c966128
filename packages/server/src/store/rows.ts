// Stored rows to the store's types and back. SQLite and PostgreSQL share one column layout (times as
// integer milliseconds, JSON as text, hashes and bodies as bytes, flags as 0/1), so both read rows here.
import type { TrustOverride, TrustRecord } from '@actiongate/engine';
import type { AgentRow, ApprovalRow, ApprovalState, ApprovalStatus, DecisionRow, KeyRow, TenantRow, ToolRuleRow } from './store.ts';
import type { DecisionEventFields } from './event-data.ts';
import { effectiveApprovalStatus } from './approval-transition.ts';
import { decodeDecisionBody } from './sqlite/decision-body.ts';
import { parseOutcomeResultScreen } from '../outcomes/screen-outcome-result.ts';
import { recentBlockedOf } from './recent-blocked.ts';

export type Row = Record<string, any>;

export function trustRecordOf(row: Row | undefined): TrustRecord {
  if (!row) return { approved: 0, blocked: 0, recentBlockedAt: [], override: null };
  return {
    approved: row.approved,
    blocked: row.blocked,
    recentBlockedAt: recentBlockedOf(row.recent_blocked),
    override: (row.override ?? null) as TrustOverride,
    forgivenBlocked: Number(row.forgiven_blocked ?? 0),
  };
}

export function keyOf(row: Row): KeyRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    role: row.role,
    name: row.name,
    agentId: row.agent_id,
    budgetUsd: row.budget_usd,
    spentUsd: row.spent_usd ?? 0,
    keyHash: row.key_hash,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    record: trustRecordOf(row),
  };
}

export function tenantOf(row: Row): TenantRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    settings: row.settings ? JSON.parse(row.settings) : null,
    halted: row.halted_at ? { reason: row.halted_reason, since: row.halted_at, operatorId: row.halted_by } : null,
  };
}

export function ruleOf(row: Row): ToolRuleRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    effect: row.effect,
    match_path: row.match_path,
    match_args: row.match_args ? JSON.parse(row.match_args) : null,
    agent_ids: row.agent_ids ? JSON.parse(row.agent_ids) : null,
    risk_at_least: row.risk_at_least ?? null,
    min_distinct_approvers: row.min_distinct_approvers ?? null,
    description: row.description,
    enabled: row.enabled === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A tool rule as the named parameters of its row. */
export function ruleColumns(rule: ToolRuleRow) {
  return {
    id: rule.id,
    tenant_id: rule.tenantId,
    name: rule.name,
    effect: rule.effect,
    match_path: rule.match_path,
    match_args: rule.match_args ? JSON.stringify(rule.match_args) : null,
    agent_ids: rule.agent_ids ? JSON.stringify(rule.agent_ids) : null,
    risk_at_least: rule.risk_at_least,
    min_distinct_approvers: rule.min_distinct_approvers ?? null,
    description: rule.description,
    enabled: rule.enabled ? 1 : 0,
    version: rule.version,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

export function agentOf(row: Row): AgentRow {
  return {
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    record: trustRecordOf(row),
    overrideReason: row.override_reason,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * An approval's columns with its payload, which is stored once, in the decision that asked for it
 * (approvals from before migration 7 keep their own copy).
 */
export const APPROVAL_COLUMNS = `a.*, d.body AS decision_body, d.payload AS decision_payload
  FROM approvals a LEFT JOIN decisions d ON d.id = a.decision_id`;

export function approvalPayloadOf(row: Row): unknown {
  if (row.payload !== null) return JSON.parse(row.payload);
  if (row.decision_body) return decodeDecisionBody(row.decision_body).payload;
  // INVARIANT: an approval is created in the savepoint of its decision and deleted with its tenant.
  if (row.decision_payload === null || row.decision_payload === undefined) throw new Error(`approval ${row.id} has lost its decision`);
  return JSON.parse(row.decision_payload);
}

/** An approval with its payload, from a row read with APPROVAL_COLUMNS: what the API shows. */
export function approvalOf(row: Row, now: number): ApprovalRow {
  return { ...approvalStateOf(row, now), payload: approvalPayloadOf(row) };
}

/** An approval without its payload: all that events and journal records need, with nothing to decode. */
export function approvalStateOf(row: Row, now: number): ApprovalState {
  // Expiry is a matter of the clock; the stored status catches up when the row is next written.
  const status = effectiveApprovalStatus(row.status as ApprovalStatus, row.expires_at, now);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    path: row.path,
    payloadHash: row.payload_hash,
    requestedByKeyId: row.requested_by_key_id,
    decisionId: row.decision_id,
    status,
    risk: row.risk,
    reasons: JSON.parse(row.reasons),
    detail: row.detail,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
    decidedByKeyId: row.decided_by_key_id,
    note: row.note,
    consumedAt: row.consumed_at,
    consumedByDecisionId: row.consumed_by_decision_id,
  };
}

export function decisionEventFieldsOf(row: Row): DecisionEventFields {
  return {
    id: row.id,
    verdict: row.verdict,
    blocked: row.blocked === 1,
    agentId: row.agent_id,
    path: row.path,
    risk: row.risk,
    detail: row.detail,
    approvalId: row.approval_id,
    traceId: row.trace_id ?? null,
    createdAt: row.created_at,
  };
}

export function decisionOf(row: Row): DecisionRow {
  const { payload, stages } = row.body
    ? decodeDecisionBody(row.body)
    : { payload: JSON.parse(row.payload), stages: JSON.parse(row.stages) };
  return {
    ...decisionEventFieldsOf(row),
    seq: row.seq,
    tenantId: row.tenant_id,
    keyId: row.key_id,
    payload,
    // Blobs since migration 7 (32 and 64 bytes instead of 64 and 86 characters); text before.
    payloadHash: typeof row.payload_hash === 'string' ? row.payload_hash : row.payload_hash.toString('hex'),
    enforcing: row.enforcing === 1,
    mode: row.mode,
    stages,
    signature: typeof row.signature === 'string' ? row.signature : row.signature.toString('base64url'),
    signingKeyId: row.signing_key_id,
    // Rows from before migration 7 keep it; newer ones leave it to decisionSignedPayload.
    signedPayload: row.signed_payload ?? undefined,
    signedVersion: row.signed_v === 2 || row.signed_v === '2' ? 2 : 1,
    outcome: row.outcome
      ? { status: row.outcome, detail: row.outcome_detail, at: row.outcome_at, resultScreen: parseOutcomeResultScreen(row.outcome_screen) }
      : null,
  };
}
