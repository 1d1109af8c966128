// The plan check of the policy stage (issue 21 item 4), kept apart: once a plan of an agent is
// authorized, each call of that agent is matched to a step of it. A call that matches a step keeps
// its verdict and names the step; a call outside every live plan is held, naming the plan(s).
import type { StageContext, StageResult } from '../decision-types.ts';
import { callAmount } from '../risk/call-amount.ts';
import type { ScoredPlanStep } from './commit-plan.ts';

/** An authorized plan, as the decision needs it. */
export interface AuthorizedPlan {
  id: string;
  agentId: string;
  goal: string;
  steps: ScoredPlanStep[];
  authorizedAt: number;
  /** After this instant the plan no longer governs the agent's calls. */
  expiresAt: number;
}

/** Whether `value` (any depth) holds `target` as a string. */
function holdsString(value: unknown, target: string, depth = 0): boolean {
  if (typeof value === 'string') return value === target;
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => holdsString(inner, target, depth + 1));
}

/**
 * Whether a call is this step: the same tool path, the step's target among the arguments (when it
 * names one), and the step's value as the call's amount (when it names one).
 */
export function callMatchesStep(step: ScoredPlanStep, path: string, payload: unknown): boolean {
  if (step.path !== path) return false;
  if (step.target !== null && !holdsString(payload, step.target)) return false;
  if (step.value !== null && callAmount(payload) !== step.value) return false;
  return true;
}

const STRENGTH = { allow: 1, require_approval: 2, deny: 3 } as const;

/** The policy stage's result with the agent's live authorized plans applied. */
export function withPlans(ctx: StageContext, base: StageResult): StageResult {
  const { input } = ctx;
  const live = (ctx.state.authorizedPlans ?? []).filter(
    (plan) => plan.agentId === input.agentId && plan.authorizedAt <= input.now && input.now < plan.expiresAt,
  );
  if (live.length === 0) return base;
  for (const plan of live) {
    const step = plan.steps.find((candidate) => callMatchesStep(candidate, input.path, input.payload));
    if (step) {
      const data: Record<string, unknown> = {
        ...base.data,
        plan: { plan_id: plan.id, step_index: step.index, action: step.action, risk_class: step.risk_class },
      };
      // The plan's authorization is a human's sign-off on this step: like an allow rule it lifts the
      // trust stage's short-record hold, never a critical, injection or bad-record hold.
      const trust = ctx.previous.find((stage) => stage.stage === 'trust');
      const lifts = base.verdict === 'allow' && trust?.verdict === 'require_approval' && trust.data.hold_reason === 'short_record';
      if (lifts) data.lifts = [...new Set([...((base.data.lifts as string[] | undefined) ?? []), 'trust'])];
      return { ...base, detail: `${base.detail}; step ${step.index} of authorized plan ${plan.id}`, data };
    }
  }
  const named = live.map((plan) => plan.id).join(', ');
  const detail = `call outside the authorized plan ${named} (${live[0].goal}): no step is ${input.path} with these arguments`;
  const data = { ...base.data, plan: { plan_ids: live.map((plan) => plan.id), off_plan: true } };
  if (STRENGTH[base.verdict] >= STRENGTH.require_approval) return { ...base, detail: `${base.detail}; ${detail}`, data };
  return { stage: 'policy', verdict: 'require_approval', enforcing: base.enforcing, detail, data };
}
