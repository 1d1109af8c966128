// Committed plans (issue 21 item 4): a plan is stored once its steps passed the risk budget and the
// authority ceiling (engine plan/commit-plan.ts), waits for authorization by another key, and then
// governs its agent's calls (engine plan/plan-hook.ts), its steps used up in index order inside
// the decisions that run them (the stores' `consume-plan-step` write). The stores only read and write rows.
import type { ScoredPlanStep } from '@actiongate/engine';

export type PlanStatus = 'pending_authorization' | 'authorized' | 'completed';

export interface PlanRow {
  id: string;
  tenantId: string;
  agentId: string;
  goal: string;
  steps: ScoredPlanStep[];
  maxCumulativeRiskBudget: number;
  authorizedAuthorityCeiling: string;
  cumulativeRisk: number;
  status: PlanStatus;
  committedByKeyId: string;
  authorizedByKeyId: string | null;
  /** Who authorized it, as the `AuthorizePlanRequest` named them (free text). */
  authorizedBy: string | null;
  comments: string | null;
  createdAt: number;
  authorizedAt: number | null;
  /** Until when an authorized plan governs its agent (null while pending). */
  expiresAt: number | null;
  /** Steps (in index order) whose calls ran. */
  stepsUsed: number;
  /** When its last step ran (status `completed`). */
  completedAt: number | null;
}

/** Filters of the plan list. */
export interface PlanListQuery {
  status?: PlanStatus;
  agentId?: string;
  limit: number;
}

export interface PlanStore {
  createPlan(row: PlanRow): Promise<void>;
  getPlan(tenantId: string, id: string): Promise<PlanRow | null>;
  /** Authorizes a pending plan; false when it is not pending (already authorized, or missing). */
  authorizePlan(
    tenantId: string,
    id: string,
    by: { keyId: string; authorizedBy: string | null; comments: string | null; at: number; expiresAt: number },
  ): Promise<boolean>;
  /** The tenant's authorized (or completed) plans still in force at `now`: they govern their agents. */
  listLivePlans(tenantId: string, now: number): Promise<PlanRow[]>;
  /** The tenant's plans, newest first. */
  listPlans(tenantId: string, query: PlanListQuery): Promise<PlanRow[]>;
}
