// The steps of a plan are tool calls too: `{action: "transfer_funds", value: 50000}` is judged as
// `/tools/transfer_funds` with that amount, so a plan cannot carry past the classifier or a rule
// what the same call made directly would not get past.
import { normalizeToolPath } from '../rules/normalize-path.ts';
import { carriesPlan, MAX_PLAN_STEPS } from './validate-plan.ts';

export interface PlanStepCall {
  /** Position of the step in `plan`. */
  position: number;
  action: string;
  /** The tool path the step stands for: `/tools/<action>`. */
  path: string;
  /** What the step passes to it: its target and value (also as `amount`, for money tools). */
  payload: Record<string, unknown>;
}

/** The steps of a plan as tool calls; empty for calls that carry no plan. */
export function planStepCalls(path: string, payload: unknown): PlanStepCall[] {
  if (!carriesPlan(path, payload)) return [];
  const plan = (payload as { plan: unknown }).plan;
  if (!Array.isArray(plan)) return [];
  const calls: PlanStepCall[] = [];
  plan.slice(0, MAX_PLAN_STEPS).forEach((step, position) => {
    if (typeof step !== 'object' || step === null || Array.isArray(step)) return;
    const { action, target, value } = step as Record<string, unknown>;
    if (typeof action !== 'string' || action.trim() === '') return;
    const stepPayload: Record<string, unknown> = {};
    if (target !== undefined && target !== null) stepPayload.target = target;
    if (value !== undefined && value !== null) {
      stepPayload.value = value;
      stepPayload.amount = value;
    }
    calls.push({ position, action, path: normalizeToolPath(`/tools/${action}`, true), payload: stepPayload });
  });
  return calls;
}
