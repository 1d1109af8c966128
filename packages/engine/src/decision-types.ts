// The shapes that flow through the decision chain. The server loads a DecisionState, the engine
// returns a Decision (stages, verdict and the effects the server must commit with it).
import type { EgressRule } from './egress/egress-rules.ts';
import type { GovernancePolicy } from './governance/governance-policies.ts';
import type { RecentCall, TrajectoryPolicy } from './governance/trajectory-policies.ts';
import type { AuthorizedPlan } from './plan/plan-hook.ts';
import type { AgentControlState } from './limits/agent-controls.ts';
import type { BudgetView } from './limits/budget-limits.ts';
import type { ToolPosture } from './posture.ts';
import type { RiskClass } from './risk/risk-class.ts';
import type { ToolRule } from './tool-rules.ts';
import type { TrustRecord, TrustThresholds } from './trust-state.ts';

export type StageName = 'identity' | 'trust' | 'policy' | 'approval' | 'consensus';
export type StageVerdict = 'allow' | 'require_approval' | 'deny';
export type Verdict = 'ALLOWED' | 'ALLOWED_DEGRADED' | 'ALLOWED_WITH_DENIALS' | 'REQUIRE_APPROVAL' | 'BLOCKED';
export type DecisionMode = 'enforce' | 'shadow';

export interface StageResult {
  stage: StageName;
  verdict: StageVerdict;
  enforcing: boolean;
  detail: string;
  data: Record<string, unknown>;
}

/** Who sent the call: a customer key (admin or approver) or an agent key bound to one agent. */
export interface Principal {
  kind: 'customer' | 'agent';
  keyId: string;
  /** For agent keys: the agent the key belongs to. */
  boundAgentId?: string;
}

export interface TenantSettings {
  mode: DecisionMode;
  /** Stages that enforce in `enforce` mode; identity always enforces. */
  enforceStages: StageName[];
  thresholds: TrustThresholds;
  approvalTtlSeconds: number;
  criticalTransferAmount: number;
  /** `closed` (default): a failed non-essential check holds; `degraded_low`: low risk runs as ALLOWED_DEGRADED. */
  failMode: 'closed' | 'degraded_low';
  /**
   * Whether a call blocked only by the tenant's own `deny` tool rule counts against the agent's
   * record (default false: the operator's rule did its job; the agent did nothing wrong by asking).
   */
  countRuleDenials: boolean;
  /** Admin keys needed to halt the tenant: 2 means the halt token must come from another admin key. */
  haltQuorum: 1 | 2;
}

/** An approval the approval stage can use: approved (to consume) or pending (to reuse). */
export interface ApprovalRef {
  id: string;
  status: 'pending' | 'approved';
  createdAt: number;
  expiresAt: number;
  decidedByKeyId?: string | null;
  note?: string | null;
}

export interface DecisionInput {
  decisionId: string;
  tenantId: string;
  /** Milliseconds since the epoch; the engine never reads the clock. */
  now: number;
  path: string;
  agentId: string;
  payload: unknown;
  /** SHA-256 of the canonical JSON of the payload: what an approval is bound to. */
  payloadHash: string;
  principal: Principal;
  /** Id to give a new approval, should this call need one. */
  newApprovalId: string;
  /**
   * Issue 20: the call came with an agent token; the tool paths it is scoped to (a trailing `/`
   * covers a subtree). Absent for calls sent with a key.
   */
  token?: { id: string; scopes: readonly string[]; chain: readonly string[]; label?: string };
  /** Issue 21: the trace the call belongs to (trajectory rules may ask for the same trace). */
  traceId?: string | null;
}

export interface DecisionState {
  settings: TenantSettings;
  halted: { reason: string; since: number } | null;
  agent: TrustRecord;
  key: TrustRecord;
  rules: readonly ToolRule[];
  registeredRisk?: RiskClass;
  /** Approved, unconsumed, unexpired approval of exactly this tenant, agent, path and payload. */
  approvedApproval: ApprovalRef | null;
  /** Pending, unexpired approval of exactly this call. */
  pendingApproval: ApprovalRef | null;
  /** Spending limit of the key that sent the call (agent keys' `budget_usd`), and what it has spent. */
  budget?: { limitUsd: number; spentUsd: number } | null;
  // Issue 18 (credentials, egress, posture, contain, close): optional, absent means none.
  /** Egress rules of the tenant; with any present, a brokered call must reach a covered target. */
  egressRules?: readonly EgressRule[];
  /** Tool path lists the policy stage applies to every decision. */
  posture?: ToolPosture | null;
  /** The tenant is contained: every agent held, brokered calls stopped, until released. */
  containment?: { reason: string; since: number } | null;
  /** The tenant was closed for good: every decision is denied. */
  closure?: { reason: string; since: number } | null;
  /** Issue 14: several nodes on one database; present, the chain gains the `consensus` stage. */
  cluster?: ClusterView;
  /** Issue 21: the tenant's governance policies (any status; only active ones take part). */
  governancePolicies?: readonly GovernancePolicy[];
  /** Issue 21: the tenant's trajectory policies, and the agent's recent calls that ran (oldest first). */
  trajectoryPolicies?: readonly TrajectoryPolicy[];
  recentCalls?: readonly RecentCall[];
  /** Issue 21 item 4: the tenant's authorized plans still in force (the policy stage's plan hook). */
  authorizedPlans?: readonly AuthorizedPlan[];
  /** Issue 21: steps used of the agent's plans, by plan id, read in the decision's transaction (newer than the snapshot). */
  planProgress?: Readonly<Record<string, number>>;
  // Issue 19: optional, absent means none.
  /** Budgets covering the call (tenant, agent, key, tool and their parents), with their usage. */
  budgets?: readonly BudgetView[];
  /** The agent's controls and what it did against them; null or absent when it has none. */
  agentControls?: AgentControlState | null;
}

/** What this node knows of the cluster when it decides (from the heartbeats in the database). */
export interface ClusterView {
  nodeId: string;
  /** Nodes in the membership (heartbeats not yet forgotten), this one included. */
  nodeCount: number;
  /** Of those, nodes with a fresh heartbeat and in service. */
  healthyNodes: number;
  /** Healthy nodes needed: a majority of the membership. */
  quorum: number;
  /** This node is in service (not taken out by a `crash` fault). */
  running: boolean;
  /** Milliseconds since this node last wrote its heartbeat and read the others'; null: never. */
  viewAgeMs: number | null;
  /** Past this age the view is stale: the node has lost the database. */
  staleAfterMs: number;
}

export type ApprovalEffect =
  | { kind: 'consume'; approvalId: string }
  | { kind: 'create'; approvalId: string; expiresAt: number }
  | { kind: 'reuse'; approvalId: string };

export interface DecisionEffects {
  approval: ApprovalEffect | null;
  /** How this decision counts in the agent's and the key's record. */
  trust: 'approved' | 'blocked' | null;
  /** Money this call moves against the key's budget, when it runs and the key has one. */
  spendUsd?: number;
}

export interface Decision {
  decisionId: string;
  verdict: Verdict;
  blocked: boolean;
  enforcing: boolean;
  mode: DecisionMode;
  path: string;
  agentId: string;
  /** One sentence on what decided, for people and logs. */
  detail: string;
  stages: StageResult[];
  risk: RiskClass;
  effects: DecisionEffects;
}

/** What each stage sees: the input, the state and the results of the stages before it. */
export interface StageContext {
  input: DecisionInput;
  state: DecisionState;
  previous: readonly StageResult[];
  enforcing: boolean;
}
