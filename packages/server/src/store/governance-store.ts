// Governance state (issue 21): approver authorities, approver signing keys, approvals requested
// outside a decision, the votes of multi-party and signed approvals, and governance policies.
// Rules about them (who may approve, how policies decide) live in @actiongate/engine's governance
// module; the stores only read and write rows.
import type { Authority, GovernancePolicy, TrajectoryPolicy } from '@actiongate/engine';
import type { ApprovalRow } from './store.ts';

export interface AuthorityRow extends Authority {
  tenantId: string;
  identityType: string;
  maxBudgetCents: number | null;
  budgetId: string | null;
  createdAt: number;
  createdByKeyId: string;
}

/** An Ed25519 public key an approver registered to sign approvals with (`apk_`). */
export interface ApproverKeyRow {
  id: string;
  tenantId: string;
  /** The API key that registered it: its signatures count as that key's votes. */
  keyId: string;
  name: string;
  /** Raw base64url of the 32-byte public key. */
  publicKey: string;
  createdAt: number;
}

/** What `ApprovalRequestCreate` said about an approval opened without a decision. */
export interface ApprovalRequestRow {
  approvalId: string;
  tenantId: string;
  requesterId: string;
  requesterIdentity: string | null;
  action: string;
  resource: string;
  justification: string;
  governancePolicyId: string | null;
  linkedBudgetId: string | null;
  linkedPolicyId: string | null;
  linkedControlPolicyId: string | null;
  traceId: string | null;
  amountCents: number | null;
  minDistinctApprovers: number;
}

/** One approver's answer to an approval (one per key and approval), signed or not. */
export interface ApprovalVoteRow {
  tenantId: string;
  approvalId: string;
  keyId: string;
  approved: boolean;
  reason: string;
  /** For signed approvals: the approver key, the exact signed text and the signature. */
  approverKeyId: string | null;
  signedText: string | null;
  signatureB64: string | null;
  createdAt: number;
}

export interface GovernancePolicyRow extends GovernancePolicy {
  tenantId: string;
  description: string;
  linkedPolicyId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TrajectoryPolicyRow extends TrajectoryPolicy {
  tenantId: string;
  description: string;
  createdAt: number;
}

export interface GovernanceStore {
  createAuthority(row: AuthorityRow): Promise<void>;
  listAuthorities(tenantId: string): Promise<AuthorityRow[]>;
  /** Deletes an authority; false when it does not exist in this tenant. */
  deleteAuthority(tenantId: string, id: string): Promise<boolean>;

  createApproverKey(row: ApproverKeyRow): Promise<void>;
  getApproverKey(tenantId: string, id: string): Promise<ApproverKeyRow | null>;
  listApproverKeys(tenantId: string): Promise<ApproverKeyRow[]>;

  /**
   * Opens an approval that no decision made: the approval row (pending) and its request, with the
   * `approval.created` journal entry (`journalRecord`), in one transaction.
   */
  createRequestedApproval(approval: ApprovalRow, request: ApprovalRequestRow, journalRecord: object): Promise<void>;
  getApprovalRequest(tenantId: string, approvalId: string): Promise<ApprovalRequestRow | null>;

  /**
   * Records a vote and its `approval.vote` journal entry in one transaction; `duplicate` when this
   * key already answered this approval (the same key never counts twice).
   */
  recordVote(vote: ApprovalVoteRow, journalRecord: object): Promise<'ok' | 'duplicate'>;
  listVotes(tenantId: string, approvalId: string): Promise<ApprovalVoteRow[]>;

  createGovernancePolicy(row: GovernancePolicyRow): Promise<void>;
  listGovernancePolicies(tenantId: string): Promise<GovernancePolicyRow[]>;
  getGovernancePolicy(tenantId: string, id: string): Promise<GovernancePolicyRow | null>;
  /** Writes the policy if its stored version is `expectedVersion` (false: a concurrent update won). */
  updateGovernancePolicy(row: GovernancePolicyRow, expectedVersion: number): Promise<boolean>;

  createTrajectoryPolicy(row: TrajectoryPolicyRow): Promise<void>;
  listTrajectoryPolicies(tenantId: string): Promise<TrajectoryPolicyRow[]>;
}
