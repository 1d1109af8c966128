// A decision in the spec's `CanonicalDecision` shape: the portable form other governance tools and
// auditors read. Pure: the server hands in the stored decision, its journal entry and whether its
// signature verified.
import type { DecisionJournalRecord } from '../journal/journal-entry.ts';

export interface CanonicalDecision {
  decision_id: string;
  tenant_id: string;
  principal: string;
  agent_id: string | null;
  action: string;
  resource: string;
  authorization_result: string;
  decision: 'allow' | 'require_approval' | 'deny';
  enforcement: string;
  outcome: string;
  timestamp: string;
  policy_id: string | null;
  policy_version: string | null;
  identity_result: string;
  risk_result: string;
  verification_result: string;
  execution_result: string | null;
  evidence_id: string | null;
  evidence_hash: string | null;
  signature: string | null;
}

/** The policy identifier of a decision no tool rule decided: the service's own chain. */
export const DEFAULT_POLICY_ID = 'actiongate.chain.identity-trust-policy-approval';

export function canonicalDecision(
  record: DecisionJournalRecord,
  extra: {
    outcome: { status: string; detail: string | null } | null;
    /** The journal entry's hash, when the decision is journaled. */
    entryHash: string | null;
    signatureVerified: boolean;
  },
): CanonicalDecision {
  const stage = (name: string) => record.stages.find((s) => s.stage === name);
  const policy = stage('policy');
  const ruleId = typeof policy?.data.rule_id === 'string' ? policy.data.rule_id : null;
  const allowed = record.verdict.startsWith('ALLOWED') && !record.blocked;
  return {
    decision_id: record.decision_id,
    tenant_id: record.tenant_id,
    principal: record.key_id,
    agent_id: record.agent_id ?? null,
    action: record.path.split('/').filter(Boolean).pop() ?? record.path,
    resource: record.path,
    authorization_result: record.verdict,
    decision: allowed ? 'allow' : record.verdict === 'REQUIRE_APPROVAL' ? 'require_approval' : 'deny',
    enforcement: record.mode === 'shadow' ? 'shadow' : record.enforcing ? 'enforced' : 'not_enforced',
    outcome: extra.outcome?.status ?? (allowed ? 'pending' : 'not_run'),
    timestamp: record.created_at,
    policy_id: ruleId ?? DEFAULT_POLICY_ID,
    policy_version: ruleId ? String(policy!.data.rule_version ?? '1') : '1.0',
    identity_result: stage('identity')?.verdict === 'allow' ? 'verified' : 'failed',
    risk_result: record.risk,
    verification_result: extra.signatureVerified && extra.entryHash !== null ? 'passed' : 'failed',
    execution_result: extra.outcome ? (extra.outcome.detail ?? extra.outcome.status) : null,
    evidence_id: extra.entryHash ? record.decision_id : null,
    evidence_hash: extra.entryHash,
    signature: record.signature,
  };
}
