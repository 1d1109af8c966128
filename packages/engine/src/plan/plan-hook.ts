// The plan check of the policy stage (issue 21 item 4), kept apart: once a plan of an agent is
// authorized, its steps are used up in index order. A call that is the plan's next unused step keeps
// its verdict and names the step (the step is used once the call runs); any other call of that agent
// (another tool, a step already used, a step out of order, anything after the last step) is held,
// naming the plan(s) and why.
import type { Decision, StageContext, StageResult } from '../decision-types.ts';
import { callAmount } from '../risk/call-amount.ts';
import type { ScoredPlanStep } from './commit-plan.ts';

/** An authorized plan, as the decision needs it. */
export interface AuthorizedPlan {
  id: string;
  agentId: string;
  goal: string;
  steps: ScoredPlanStep[];
  /** How many steps (in index order) ran already, as the snapshot saw it. */
  stepsUsed: number;
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

/** A plan's steps in the order they are used: by index. */
export function stepsInOrder(steps: readonly ScoredPlanStep[]): ScoredPlanStep[] {
  return [...steps].sort((a, b) => a.index - b.index);
}

/** The step a decision uses when its call runs (read back from the policy stage's data). */
export interface PlanStepUse {
  planId: string;
  /** Position of the step in index order: the plan's steps used before it. */
  position: number;
  /** Steps of the plan: when `position + 1` reaches it, the plan is complete. */
  total: number;
}

const STRENGTH = { allow: 1, require_approval: 2, deny: 3 } as const;

/** Why a call is not the next step of one plan, in words. */
function missReason(plan: AuthorizedPlan, ordered: ScoredPlanStep[], used: number, path: string, payload: unknown): string {
  if (used >= ordered.length) return `plan ${plan.id} is complete (all ${ordered.length} steps used)`;
  const next = ordered[used];
  const spent = ordered.slice(0, used).find((step) => callMatchesStep(step, path, payload));
  if (spent) return `step ${spent.index} of plan ${plan.id} was already used; its next step is ${next.index} (${next.action})`;
  const later = ordered.slice(used + 1).find((step) => callMatchesStep(step, path, payload));
  if (later) return `out of order: step ${later.index} of plan ${plan.id} comes after its next step ${next.index} (${next.action})`;
  return `no step of plan ${plan.id} is ${path} with these arguments; its next step is ${next.index} (${next.action})`;
}

/** The policy stage's result with the agent's live authorized plans applied. */
export function withPlans(ctx: StageContext, base: StageResult): StageResult {
  const { input } = ctx;
  const live = (ctx.state.authorizedPlans ?? []).filter(
    (plan) => plan.agentId === input.agentId && plan.authorizedAt <= input.now && input.now < plan.expiresAt,
  );
  if (live.length === 0) return base;
  const reasons: string[] = [];
  for (const plan of live) {
    const ordered = stepsInOrder(plan.steps);
    // The transaction's count is authoritative; the snapshot may be up to a second old.
    const used = ctx.state.planProgress?.[plan.id] ?? plan.stepsUsed;
    const step = ordered[used];
    if (step && callMatchesStep(step, input.path, input.payload)) {
      const data: Record<string, unknown> = Object.assign({}, base.data, {
        plan: {
          plan_id: plan.id,
          step_index: step.index,
          action: step.action,
          risk_class: step.risk_class,
          position: used,
          steps_total: ordered.length,
        },
      });
      // The plan's authorization is a human's sign-off on this step: like an allow rule it lifts the
      // trust stage's short-record hold, never a critical, injection or bad-record hold.
      const trust = ctx.previous.find((stage) => stage.stage === 'trust');
      const lifts = base.verdict === 'allow' && trust?.verdict === 'require_approval' && trust.data.hold_reason === 'short_record';
      if (lifts) data.lifts = [...new Set([...((base.data.lifts as string[] | undefined) ?? []), 'trust'])];
      const of = `step ${step.index} (${used + 1} of ${ordered.length}) of authorized plan ${plan.id}`;
      return { ...base, detail: `${base.detail}; ${of}`, data };
    }
    reasons.push(missReason(plan, ordered, used, input.path, input.payload));
  }
  const named = live.map((plan) => plan.id).join(', ');
  const detail = `call outside the authorized plan ${named} (${live[0].goal}): ${reasons.join('; ')}`;
  // Object.assign, not `{ ...base.data, plan }`: on node 20 a spread followed by a member the spread
  // object lacks costs ~0.5 µs a member (one it has is cheap).
  const data = Object.assign({}, base.data, { plan: { plan_ids: live.map((plan) => plan.id), off_plan: true } });
  if (STRENGTH[base.verdict] >= STRENGTH.require_approval) return { ...base, detail: `${base.detail}; ${detail}`, data };
  return { stage: 'policy', verdict: 'require_approval', enforcing: base.enforcing, detail, data };
}

/**
 * The plan step a decision uses up: the step its policy stage matched, when the call runs (a held
 * or blocked call uses nothing; sent again after an approval, it matches the same step then).
 */
export function planStepUsed(decision: Pick<Decision, 'blocked' | 'stages'>): PlanStepUse | null {
  if (decision.blocked) return null;
  const plan = decision.stages.find((stage) => stage.stage === 'policy')?.data.plan as
    { plan_id?: unknown; position?: unknown; steps_total?: unknown } | undefined;
  if (!plan || typeof plan.plan_id !== 'string' || typeof plan.position !== 'number' || typeof plan.steps_total !== 'number') return null;
  return { planId: plan.plan_id, position: plan.position, total: plan.steps_total };
}
