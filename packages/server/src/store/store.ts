// The one storage interface the service talks to. Implementations per database live beside it
// (sqlite/ now, postgres/ later) and are checked by the same conformance suite.
import type { ApprovalCountStore } from './approval-count-store.ts';
import type { DemoTenantStore } from './demo-tenant-store.ts';
import type { EventStore } from './event-store.ts';
import type { HaltStore } from './halt-store.ts';
import type { JournalStore } from './journal-store.ts';
import type { EnforcementStores } from './posture-store.ts';
import type { IdentityStores } from './identity-store.ts';
import type { TraceStore } from './trace-store.ts';
import type { StorageStatus } from './storage-status.ts';
import type { WebhookStore } from './webhook-store.ts';
import type { ComplianceStore } from './compliance-store.ts';
import type { ClusterStore } from './cluster-store.ts';
import type { GovernanceStore } from './governance-store.ts';
import type { TrajectoryStore } from './trajectory-store.ts';
import type { PlanStore } from './plan-store.ts';
import type { BudgetStore } from './budget-store.ts';
import type { OutcomeResultScreen } from '../outcomes/screen-outcome-result.ts';
import type {
  ArgCondition,
  Decision,
  DecisionState,
  RiskClass,
  RuleEffect,
  TenantSettings,
  TrustOverride,
  TrustRecord,
} from '@actiongate/engine';

export type KeyRole = 'admin' | 'approver' | 'agent';

/** A stored key (customer or agent); the secret itself is never stored, only its SHA-256. */
export interface KeyRow {
  id: string;
  tenantId: string;
  kind: 'customer' | 'agent';
  role: KeyRole;
  name: string;
  agentId: string | null;
  budgetUsd: number | null;
  /** Spent against the budget by calls that ran (lifetime of the key). */
  spentUsd: number;
  keyHash: string;
  createdAt: number;
  revokedAt: number | null;
  record: TrustRecord;
}

export interface TenantRow {
  id: string;
  name: string;
  email: string | null;
  createdAt: number;
  settings: Partial<TenantSettings> | null;
  halted: { reason: string; since: number; operatorId: string | null } | null;
}

export interface ToolRuleRow {
  id: string;
  tenantId: string;
  name: string;
  effect: RuleEffect;
  match_path: string;
  match_args: ArgCondition[] | null;
  agent_ids: string[] | null;
  risk_at_least: RiskClass | null;
  /** Issue 21: distinct approver keys a `require_approval` rule's approval needs (null: one). */
  min_distinct_approvers?: number | null;
  description: string;
  enabled: boolean;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** The writes of a rule-set replacement (issue 16). */
export interface ToolRuleSetWrites {
  create: ToolRuleRow[];
  update: Array<{ rule: ToolRuleRow; expectedVersion: number }>;
  delete: Array<{ id: string; expectedVersion: number }>;
}

export interface ToolRow {
  tenantId: string;
  toolName: string;
  riskLevel: RiskClass;
  description: string;
  createdAt: number;
}

export interface AgentRow {
  tenantId: string;
  agentId: string;
  record: TrustRecord;
  overrideReason: string | null;
  createdAt: number;
  lastSeenAt: number;
}

export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'consumed';

/** An approval without its payload (events and journal records do not carry it). */
export type ApprovalState = Omit<ApprovalRow, 'payload'>;

export interface ApprovalRow {
  id: string;
  tenantId: string;
  agentId: string;
  path: string;
  payload: unknown;
  payloadHash: string;
  requestedByKeyId: string;
  decisionId: string;
  status: ApprovalStatus;
  risk: RiskClass;
  reasons: string[];
  detail: string;
  createdAt: number;
  expiresAt: number;
  decidedAt: number | null;
  decidedByKeyId: string | null;
  note: string | null;
  consumedAt: number | null;
  consumedByDecisionId: string | null;
}

export interface DecisionRow {
  seq: number;
  id: string;
  tenantId: string;
  agentId: string;
  keyId: string;
  path: string;
  payload: unknown;
  payloadHash: string;
  verdict: string;
  blocked: boolean;
  enforcing: boolean;
  mode: string;
  risk: RiskClass;
  detail: string;
  stages: Decision['stages'];
  createdAt: number;
  signature: string;
  signingKeyId: string;
  /** The signed text; stores may leave it out and let readers rebuild it (decision-signed-payload.ts). */
  signedPayload?: string;
  /** Version of the signed payload (decision-signed-payload.ts): 1 for rows from before v2, else 2. */
  signedVersion?: 1 | 2;
  approvalId: string | null;
  outcome: {
    status: 'completed' | 'failed';
    detail: string | null;
    at: number;
    /** Issue 13: the injection screen's verdict on the tool result sent with the outcome, if one was. */
    resultScreen?: OutcomeResultScreen | null;
  } | null;
  /** The trace the caller put this decision in, if any. */
  traceId?: string | null;
}

/** What the decision service asks the store to do, in one transaction. */
export interface DecisionJob {
  tenantId: string;
  agentId: string;
  key: KeyRow;
  path: string;
  payload: unknown;
  payloadHash: string;
  now: number;
  /** Runs the engine on the state the store loaded, inside the transaction; returns the row to insert. */
  compute(state: DecisionState): { decision: Decision; row: DecisionRow };
  /**
   * `Idempotency-Key` of the request: inside the same transaction, a decision already stored under this
   * key (for the tenant and API key, within `windowMs`) is returned instead of deciding again.
   */
  idempotency?: { key: string; requestHash: string; windowMs: number };
  /** Issue 21: the agent's live plans; the transaction reads how many of their steps ran. */
  planIds?: readonly string[];
}

/** An `Idempotency-Key` reused within its window for a different request. */
export class IdempotencyKeyReused extends Error {
  constructor(readonly decisionId: string) {
    super(`idempotency key already used for a different request (decision ${decisionId})`);
  }
}

export interface DecisionListQuery {
  limit: number;
  /** Only decisions older than this sequence number (the cursor). */
  beforeSeq?: number;
  agentId?: string;
  verdict?: string;
  path?: string;
}

export interface ApprovalListQuery {
  status?: ApprovalStatus;
  agentId?: string;
  limit: number;
}

export type ApprovalDecisionResult =
  | { ok: true; approval: ApprovalRow }
  | { ok: false; reason: 'not_found' | 'own_request' | 'already_decided' | 'expired'; approval?: ApprovalRow };

export interface Store
  extends EventStore, HaltStore, TraceStore, DemoTenantStore, ApprovalCountStore, StorageStatus, EnforcementStores, IdentityStores {
  close(): Promise<void>;
  ping(): Promise<boolean>;

  countTenants(): Promise<number>;
  createTenant(tenant: TenantRow): Promise<void>;
  getTenant(id: string): Promise<TenantRow | null>;
  updateSettings(tenantId: string, settings: Partial<TenantSettings>): Promise<void>;

  createKey(key: KeyRow): Promise<void>;
  /**
   * The key presented on a request, for authentication. Identity and revocation are current; the
   * trust record and spend may lag (stores may cache the key), so the decision path reads those
   * afresh inside its transaction.
   */
  findKeyByHash(keyHash: string): Promise<KeyRow | null>;
  /**
   * The key presented on a decision, whose transaction reads the key again and refuses it there
   * (401) when it was revoked or is gone: identity is exact, revocation may lag until that read.
   * PostgreSQL answers from memory (a lone decision saves a round trip); SQLite as findKeyByHash.
   */
  findKeyForDecision(keyHash: string): Promise<KeyRow | null>;
  listKeys(tenantId: string, kind: 'customer' | 'agent'): Promise<KeyRow[]>;
  revokeKey(tenantId: string, kind: 'customer' | 'agent', id: string, now: number): Promise<KeyRow | null>;

  createToolRule(rule: ToolRuleRow): Promise<void>;
  listToolRules(tenantId: string): Promise<ToolRuleRow[]>;
  getToolRule(tenantId: string, id: string): Promise<ToolRuleRow | null>;
  updateToolRule(rule: ToolRuleRow): Promise<void>;
  deleteToolRule(tenantId: string, id: string): Promise<boolean>;
  /**
   * Issue 16: applies a rule-set plan (rules/rule-set-plan.ts) in one transaction; false, with
   * nothing changed, when a rule to update or delete no longer has its expected version.
   */
  replaceToolRules(tenantId: string, plan: ToolRuleSetWrites): Promise<boolean>;

  upsertTool(tool: ToolRow): Promise<void>;
  listTools(tenantId: string): Promise<ToolRow[]>;

  listAgents(tenantId: string): Promise<AgentRow[]>;
  getAgent(tenantId: string, agentId: string): Promise<AgentRow | null>;
  setAgentOverride(tenantId: string, agentId: string, override: TrustOverride, reason: string, now: number): Promise<AgentRow>;

  runDecision(job: DecisionJob): Promise<DecisionRow>;
  /**
   * Issue 19: the state a decision of this call would be judged on now, read exactly as runDecision
   * reads it, with nothing written (dry runs and side-effect-free evaluation).
   */
  readDecisionState(job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now'>): Promise<DecisionState>;
  listDecisions(tenantId: string, query: DecisionListQuery): Promise<DecisionRow[]>;
  getDecision(tenantId: string, id: string): Promise<DecisionRow | null>;
  /** Records what happened when the caller ran (or tried to run) the tool; once per decision. */
  /** Issue 19: in the same transaction, a completed call commits its reservation (at `actualCostCents`, else the amount held); a failed one releases it. */
  setOutcome(
    tenantId: string,
    id: string,
    outcome: NonNullable<DecisionRow['outcome']>,
    cost?: { actualCostCents: number | null },
  ): Promise<'ok' | 'not_found' | 'already_set'>;

  listApprovals(tenantId: string, query: ApprovalListQuery, now: number): Promise<ApprovalRow[]>;
  getApproval(tenantId: string, id: string, now: number): Promise<ApprovalRow | null>;
  /** Marks every approval whose time ran out as expired (each one journaled); returns how many. */
  expireDueApprovals(now: number): Promise<number>;
  /** The tamper-evident journal of decisions and approval events. */
  readonly journal: JournalStore;
  /** Webhooks and their persisted deliveries (issue 17). */
  readonly webhooks: WebhookStore;
  /** Frameworks, controls, results, findings, monitor, audit packages and anchors (issue 22). */
  readonly compliance: ComplianceStore;
  /** Cluster nodes: heartbeats, faults and the cluster's id (issue 14). */
  readonly cluster: ClusterStore;
  /** Authorities, approver keys, requested approvals and votes, governance policies (issue 21). */
  readonly governance: GovernanceStore;
  /** Trajectories that passports summarise (issue 21). */
  readonly trajectories: TrajectoryStore;
  /** Committed plans (issue 21 item 4). */
  readonly plans: PlanStore;
  /** Budgets, reservations and agent controls (issue 19). */
  readonly budgets: BudgetStore;
  decideApproval(
    tenantId: string,
    id: string,
    decision: { approve: boolean; keyId: string; note: string | null; now: number; resendWindowMs: number },
  ): Promise<ApprovalDecisionResult>;
}
