// Request and answer shapes of the ActionGate API, written by hand so the SDK has no runtime (or
// install) dependency on the server. test/types.test.ts checks the request types against the
// server's TypeBox schemas at compile time and every answer type against real server answers.

export type JsonObject = Record<string, unknown>;

export type StageVerdict = 'allow' | 'require_approval' | 'deny';
export type Verdict = 'ALLOWED' | 'ALLOWED_DEGRADED' | 'ALLOWED_WITH_DENIALS' | 'REQUIRE_APPROVAL' | 'BLOCKED' | (string & {});
export type RiskClass = 'low' | 'medium' | 'high' | 'critical';
export type TrustState = 'new' | 'normal' | 'trusted' | 'degraded' | 'suspended' | 'revoked';
export type RuleEffect = 'allow' | 'deny' | 'require_approval';
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'consumed';
export type StageName = 'identity' | 'trust' | 'policy' | 'approval';

/** `POST /fabric/decisions` body. */
export interface DecisionRequest {
  /** Tool path, `/tools/<tool_name>`. */
  path: string;
  /** Defaults to the agent of an agent key; customer keys must name it. */
  agent_id?: string;
  /** The tool arguments. */
  payload?: JsonObject;
  trace_id?: string;
}

export interface Stage {
  stage: string;
  verdict: StageVerdict;
  enforcing: boolean;
  detail: string;
  data: JsonObject;
}

/** The answer of `POST /fabric/decisions`. */
export interface Decision {
  decision_id: string;
  verdict: Verdict;
  blocked: boolean;
  enforcing: boolean;
  mode: string;
  path: string;
  agent_id: string;
  detail: string;
  risk: string;
  approval_id: string | null;
  created_at: string;
  stages: Stage[];
}

/** The injection screen's verdict on the tool result sent with an outcome (issue 13). */
export interface OutcomeResultScreen {
  /** The result reads as instructions to the model. */
  flagged: boolean;
  /** 0..1, the screen's combined evidence. */
  score: number;
  /** The screen rules that fired. */
  rules: string[];
  /** `withhold`: do not show the result to the model; `pass`: nothing found. */
  action: 'withhold' | 'pass';
  /** Characters screened. */
  chars: number;
}

export interface DecisionOutcome {
  status: 'completed' | 'failed';
  detail: string | null;
  at: string;
  /** The verdict on the tool result sent with the outcome; null when none was sent. */
  result_screen?: OutcomeResultScreen | null;
}

/** A stored decision (`GET /fabric/decisions/{id}` and the list): the answer plus payload, key and outcome. */
export interface DecisionRecord extends Decision {
  payload: JsonObject;
  key_id: string;
  outcome: DecisionOutcome | null;
  trace_id: string | null;
}

export interface DecisionListQuery {
  limit?: number;
  cursor?: string;
  agent_id?: string;
  verdict?: string;
  path?: string;
}

export interface DecisionList {
  decisions: DecisionRecord[];
  next_cursor: string | null;
}

export interface DecisionSignature {
  decision_id: string;
  algorithm: 'Ed25519';
  key_id: string;
  signed_payload: string;
  signature: string;
  /** Version of `signed_payload`: 2 covers agent, key, tool path and payload hash too; 1 (older records) does not. */
  version: number;
  /** The fields the signature covers. */
  covers: string[];
}

export interface OutcomeRequest {
  status: 'completed' | 'failed';
  detail?: string;
  /** What the call actually cost, in whole cents: a completed call commits it against its budgets (the amount held when left out). */
  actual_cost_cents?: number | null;
  /**
   * The tool's result as the model would read it (at most 262144 characters): screened for prompt
   * injection, not stored; the verdict comes back in `outcome.result_screen`.
   */
  result?: string;
}

export interface PublicKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  created_at: string;
  /** Validity of the key: from `not_before`; `not_after` once a newer key replaced it. */
  not_before?: string;
  not_after?: string | null;
  status?: 'current' | 'retired';
}

export interface Approval {
  approval_id: string;
  status: ApprovalStatus;
  agent_id: string;
  path: string;
  payload: unknown;
  payload_hash: string;
  risk: RiskClass;
  reasons: string[];
  detail: string;
  decision_id: string;
  requested_by_key_id: string;
  created_at: string | null;
  expires_at: string | null;
  decided_at: string | null;
  decided_by_key_id: string | null;
  note: string | null;
  consumed_at: string | null;
  consumed_by_decision_id: string | null;
}

export interface ApprovalListQuery {
  status?: ApprovalStatus;
  agent_id?: string;
  limit?: number;
}

export interface ApprovalDecisionRequest {
  /** Why, for later auditors; up to 1000 characters. */
  note?: string | null;
}

/** A condition on the call's arguments; a rule with several applies when all hold. */
export interface ArgCondition {
  /** Dotted path into the payload; `[*]` for every array element. */
  field: string;
  op: 'eq' | 'ne' | 'in' | 'not_in' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'prefix' | 'suffix' | 'glob' | 'regex' | 'exists';
  value?: unknown;
  /** Holds when a value does NOT satisfy the op. */
  negate?: boolean;
}

export interface ToolRuleRequest {
  name: string;
  effect: RuleEffect;
  /** Exact path; a subtree when it ends with `/`; `*` stands for one path segment. */
  match_path: string;
  match_args?: ArgCondition[] | null;
  /** Only these agents; all when null. */
  agent_ids?: string[] | null;
  /** Only calls at least this risky. */
  risk_at_least?: RiskClass | null;
  /** Effect `require_approval` only: the approval waits for this many distinct approver keys (1..10). */
  min_distinct_approvers?: number | null;
  description?: string;
  enabled?: boolean;
}

export type ToolRulePatch = Partial<ToolRuleRequest>;

/** One line of a rule-set replacement (`PUT /fabric/tool-rules`). */
export interface ToolRuleChange {
  action: 'create' | 'update' | 'delete' | 'unchanged';
  name: string;
  id: string;
  from_version: number | null;
  to_version: number | null;
  /** The declared fields that differ (updates). */
  fields: string[];
}

/** What a rule-set replacement did (or, for a dry run, would do). */
export interface ToolRuleSetResult {
  applied: boolean;
  changes: ToolRuleChange[];
  summary: { created: number; updated: number; deleted: number; unchanged: number };
  rules: ToolRule[];
}

export interface ToolRule {
  id: string;
  version: number;
  name: string;
  effect: RuleEffect;
  match_path: string;
  match_args: ArgCondition[] | null;
  agent_ids: string[] | null;
  risk_at_least: RiskClass | null;
  min_distinct_approvers: number | null;
  description: string;
  enabled: boolean;
  created_at: string | null;
  updated_at: string | null;
}

export interface AgentKeyRequest {
  name: string;
  budget_usd?: number | null;
  /** The agent the key belongs to; defaults to the name. */
  agent_id?: string;
}

/** A new agent key: `agent_key` is shown here once and never again. */
export interface CreatedAgentKey {
  agent_key_id: string;
  agent_key: string;
  agent_id: string | null;
  name: string;
  budget_usd: number | null;
  created_at: string | null;
}

export interface AgentKey {
  agent_key_id: string;
  agent_id: string | null;
  name: string;
  budget_usd: number | null;
  created_at: string | null;
  revoked_at: string | null;
  state: TrustState;
  counters: { approved: number; blocked: number };
}

export interface ApiKeyRequest {
  name: string;
  role: 'admin' | 'approver';
}

export interface ApiKey {
  id: string;
  name: string;
  role: 'admin' | 'approver' | 'agent';
  created_at: string | null;
  revoked_at: string | null;
}

/** A new customer key: `api_key` is shown here once and never again. */
export interface CreatedApiKey extends ApiKey {
  api_key: string;
}

export interface Agent {
  agent_id: string;
  state: TrustState;
  agent_state: TrustState;
  key_state: TrustState | null;
  override: 'suspended' | 'revoked' | null;
  override_reason: string | null;
  counters: { approved: number; blocked: number; approved_share: number; blocked_last_24h: number; forgiven_blocked: number };
  thresholds: JsonObject;
  agent_keys: string[];
  created_at: string | null;
  last_seen_at: string | null;
}

export interface AddToolRequest {
  tool_name: string;
  risk_level?: RiskClass;
  description?: string;
}

export interface Tool {
  tool_name: string;
  risk_level: RiskClass;
  description: string;
  created_at: string | null;
}

export interface Thresholds {
  trusted_min_approved: number;
  trusted_min_share: number;
  normal_min_approved: number;
  normal_min_share: number;
  /** Degraded when the approved share falls below this with at least `degraded_min_record` on record. */
  degraded_below_share: number;
  degraded_min_record: number;
  /** How long a blocked attempt weighs on an agent (default 86400). */
  degrade_window_seconds: number;
  /** Blocked attempts within the window that degrade (default 1) and suspend (default 3) an agent. */
  degrade_after_blocks: number;
  suspend_after_blocks: number;
}

export interface Settings {
  mode: 'enforce' | 'shadow';
  enforce_stages: StageName[];
  approval_ttl_seconds: number;
  critical_transfer_amount: number;
  fail_mode: 'closed' | 'degraded_low';
  thresholds: Thresholds;
  /** Admin keys needed to halt the tenant. */
  halt_quorum?: number;
  /** Whether a call blocked only by the tenant's own `deny` rule counts against the agent. */
  count_rule_denials: boolean;
}

export interface SettingsPatch {
  mode?: 'enforce' | 'shadow';
  enforce_stages?: StageName[];
  approval_ttl_seconds?: number;
  critical_transfer_amount?: number;
  fail_mode?: 'closed' | 'degraded_low';
  thresholds?: Partial<Thresholds>;
  halt_quorum?: 1 | 2;
  count_rule_denials?: boolean;
}

/** The answer of the no-account demo, `POST /fabric/try?scenario=`: the stages come as `chain`. */
export interface TryResult {
  scenario: JsonObject;
  verdict: Verdict;
  blocked: boolean;
  decision_id: string;
  chain: Stage[];
  [extra: string]: unknown;
}
