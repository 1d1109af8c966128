// Request and answer types of budgets, reservations, agent controls, dry runs and evaluation
// (issue 19), written by hand so the SDK depends on nothing; test/types.test.ts checks the requests
// against the server's schemas. Money is integer cents.
import type { JsonObject } from './types.ts';

export type BudgetScope = 'tenant' | 'agent' | 'key' | 'tool';
export type BudgetPeriod = 'daily' | 'weekly' | 'monthly' | 'total';

export interface CreateBudgetRequest {
  name: string;
  /** Whole cents. */
  limit_cents: number;
  description?: string;
  scope?: BudgetScope;
  /** Agent id, key id or tool name (null for a tenant budget). */
  scope_id?: string | null;
  /** A budget this one nests in: its spending also counts against the parent. */
  parent_id?: string | null;
  period?: BudgetPeriod;
  hard_limit?: boolean;
  soft_limit_pct?: number;
  alert_threshold_pct?: number;
  currency?: string;
  metadata?: JsonObject | null;
  /** What a decision passing the hard limit gets: `hold` (REQUIRE_APPROVAL, default) or `block`. */
  on_exceed?: 'hold' | 'block';
}

export type BudgetUpdate = Partial<Omit<CreateBudgetRequest, 'scope' | 'scope_id'>>;

export interface Budget {
  id: string;
  name: string;
  description: string;
  scope: string;
  scope_id: string | null;
  parent_id: string | null;
  period: string;
  limit_cents: number;
  hard_limit: boolean;
  on_exceed: string;
  soft_limit_pct: number;
  alert_threshold_pct: number;
  currency: string;
  metadata: JsonObject | null;
  spent_cents: number;
  reserved_cents: number;
  available_cents: number;
  used_pct: number;
  alert_level: string;
  period_start: string | null;
  period_resets_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReserveRequest {
  amount_cents: number;
  agent_id?: string | null;
  decision_id?: string | null;
  /** The hold frees its amount after this long unless committed (default 900). */
  ttl_seconds?: number;
}

export interface CommitRequest {
  /** What was spent; the amount held when null or left out. */
  actual_cost_cents?: number | null;
}

export interface Reservation {
  reservation_id: string;
  budget_id: string | null;
  budget_ids: string[];
  amount_cents: number;
  agent_id: string | null;
  decision_id: string | null;
  status: string;
  committed_cents: number | null;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
}

export interface AgentControlRequest {
  max_actions_per_hour?: number | null;
  max_concurrent_actions?: number | null;
}

export interface AgentControls {
  agent_id: string;
  max_actions_per_hour: number | null;
  max_concurrent_actions: number | null;
  actions_last_hour: number;
  running: number;
  updated_at: string | null;
}

export interface DryRunRequest {
  limit?: number;
  fabric_enforce?: boolean;
  enforce_stages?: Array<'identity' | 'trust' | 'policy' | 'approval'>;
}

export interface DryRunResult {
  recorded: false;
  simulated: { mode: string; enforce_stages: string[] };
  totals: {
    replayed: number;
    changed: number;
    unchanged: number;
    skipped: number;
    newly_blocked: number;
    newly_allowed: number;
    old_verdicts: Record<string, number>;
    new_verdicts: Record<string, number>;
  };
  decisions: Array<{
    decision_id: string;
    path: string;
    agent_id: string;
    created_at: string;
    old_verdict: string;
    new_verdict: string;
    changed: boolean;
    deciding_stage: string | null;
    detail: string;
  }>;
}

export interface AssessRequest {
  action: string;
  resource: string;
}

export interface RiskAssessment {
  action: string;
  resource: string;
  path: string;
  risk_class: string;
  reasons: string[];
  registered_risk: string | null;
}

export interface EvaluateActionRequest {
  action: string;
  tool?: string | null;
  resource?: string | null;
  intent?: string | null;
  policy_id?: string | null;
}

export interface DecideActionRequest extends EvaluateActionRequest {
  identity_id?: string | null;
  agent_id?: string | null;
}

export interface ActionEvaluation {
  recorded: false;
  verdict: string;
  blocked: boolean;
  would_run: boolean;
  mode: string;
  path: string;
  agent_id: string;
  risk: { class: string; reasons: string[] };
  deciding_stage: string | null;
  detail: string;
  explanation: string[];
  stages: Array<{ stage: string; verdict: string; enforcing: boolean; detail: string; data: JsonObject }>;
}

export interface ExecuteRequest {
  action: string;
  resource?: string;
  parameters?: JsonObject | null;
  identity_id?: string | null;
  required_capability?: string | null;
}
