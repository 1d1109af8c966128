// Issue 21: the write that uses up the plan step a decision's call matched (engine plan-hook.ts),
// planned with the decision's other writes so the step and the decision commit together.
import { planStepUsed, type Decision } from '@actiongate/engine';

/**
 * Guarded: only the plan's next unused step (`position` steps used) is used; a miss must fail the
 * decision. The last step completes the plan.
 */
export interface PlanStepWrite {
  kind: 'use-plan-step';
  tenantId: string;
  planId: string;
  position: number;
  total: number;
  at: number;
}

/** The plan step write of a decision: none unless its call runs as a plan's next step. */
export function planStepWrites(tenantId: string, decision: Pick<Decision, 'blocked' | 'stages'>, now: number): PlanStepWrite[] {
  const used = planStepUsed(decision);
  return used ? [{ kind: 'use-plan-step', tenantId, planId: used.planId, position: used.position, total: used.total, at: now }] : [];
}
