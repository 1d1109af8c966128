// Committed plans (issue 21 item 4): every step of a plan is risk-scored as the tool call it stands
// for, with the same classifier as a decision; a plan whose summed risk exceeds its budget, or with
// a step above the authority ceiling, is refused naming the step. Pure: the server stores the result.
import { classifyRisk } from '../risk/classify-risk.ts';
import { RISK_CLASSES, riskRank, type RiskClass } from '../risk/risk-class.ts';
import { planStepCalls } from './plan-step-calls.ts';

/** A step as `CommitPlanRequest` gives it (the spec's ActionStep fields). */
export interface PlanStepInput {
  index: number;
  action: string;
  target?: string | null;
  value?: number | null;
  approver?: string | null;
}

/** A scored step, as stored with the plan. */
export interface ScoredPlanStep {
  index: number;
  action: string;
  target: string | null;
  value: number | null;
  approver: string | null;
  /** The tool path the step stands for: `/tools/<action>`. */
  path: string;
  risk_class: RiskClass;
  risk_score: number;
  risk_reasons: string[];
}

/**
 * Points a step of each risk class adds to the plan's cumulative risk. A plan's budget is spent in
 * these points: a budget of 1 admits ten reads, or one high step and a few reads, or one critical step.
 */
export const RISK_POINTS: Record<RiskClass, number> = { low: 0.1, medium: 0.3, high: 0.6, critical: 1 };

/**
 * Authority ceilings, as risk classes (`low`..`critical`) or as the delegation ceilings of the spec
 * (`NONE` admits nothing, `READ` low, `WRITE` medium, `EXECUTE` high, `ADMIN` critical).
 */
const CEILING_ALIASES: Record<string, RiskClass | null> = {
  none: null,
  read: 'low',
  write: 'medium',
  execute: 'high',
  admin: 'critical',
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
};

/** The highest risk class a ceiling admits (null: none), or undefined for an unknown ceiling. */
export function ceilingRisk(ceiling: string): RiskClass | null | undefined {
  const key = ceiling.trim().toLowerCase();
  return key in CEILING_ALIASES ? CEILING_ALIASES[key] : undefined;
}

export const KNOWN_CEILINGS = ['NONE', 'READ', 'WRITE', 'EXECUTE', 'ADMIN', ...RISK_CLASSES];

export type PlanAssessment =
  | { accepted: true; steps: ScoredPlanStep[]; cumulativeRisk: number }
  | { accepted: false; steps: ScoredPlanStep[]; cumulativeRisk: number; step: ScoredPlanStep; position: number; reason: string };

/** Sums without float drift (0.1 + 0.2 is 0.3 here). */
function addPoints(a: number, b: number): number {
  return Math.round((a + b) * 1000) / 1000;
}

/**
 * Scores each step and judges the plan: the first step above the ceiling, or the step at which the
 * running total passes the budget, refuses it. `ceiling` must be known (see `ceilingRisk`).
 */
export function assessPlan(
  steps: readonly PlanStepInput[],
  budget: number,
  ceiling: string,
  options: { registeredRisk?: (path: string) => RiskClass | undefined; criticalTransferAmount?: number } = {},
): PlanAssessment {
  const highest = ceilingRisk(ceiling);
  const calls = planStepCalls('/tools/execute_plan', { plan: steps });
  const scored: ScoredPlanStep[] = calls.map((call) => {
    const step = steps[call.position];
    const risk = classifyRisk({
      path: call.path,
      payload: call.payload,
      registeredRisk: options.registeredRisk?.(call.path),
      criticalTransferAmount: options.criticalTransferAmount,
    });
    return {
      index: step.index,
      action: step.action,
      target: step.target ?? null,
      value: step.value ?? null,
      approver: step.approver ?? null,
      path: call.path,
      risk_class: risk.class,
      risk_score: RISK_POINTS[risk.class],
      risk_reasons: risk.reasons,
    };
  });
  let total = 0;
  let refusal: { step: ScoredPlanStep; position: number; reason: string } | null = null;
  scored.forEach((step, position) => {
    total = addPoints(total, step.risk_score);
    if (refusal) return;
    if (highest === undefined || highest === null || riskRank(step.risk_class) > riskRank(highest)) {
      refusal = {
        step,
        position,
        reason: `step ${step.index} (\`${step.action}\`) is ${step.risk_class} risk, above the authority ceiling \`${ceiling}\``,
      };
    } else if (total > budget) {
      refusal = {
        step,
        position,
        reason: `step ${step.index} (\`${step.action}\`, ${step.risk_class} risk, ${step.risk_score}) takes the cumulative risk to ${total}, over the budget of ${budget}`,
      };
    }
  });
  if (refusal)
    return {
      accepted: false,
      steps: scored,
      cumulativeRisk: total,
      ...(refusal as { step: ScoredPlanStep; position: number; reason: string }),
    };
  return { accepted: true, steps: scored, cumulativeRisk: total };
}
