// Structural check of multi-step plans (`{plan: ActionStep[]}`), so that a malformed plan is
// refused by the policy stage with a reason instead of being judged on fragments of itself.
// ActionStep, as in the spec: index* int; action* str; target str|null; value number|null; approver str|null.
import { normalizeToolPath } from '../rules/normalize-path.ts';

/** Most steps a plan may have; longer plans are refused rather than half-checked. */
export const MAX_PLAN_STEPS = 500;
/** Most problems reported; the rest are counted. */
const MAX_REPORTED = 10;

export interface PlanCheck {
  /** True when the payload carries a plan (or the tool is a plan tool). */
  isPlan: boolean;
  /** Number of steps when `plan` is an array. */
  steps: number;
  /** What is wrong, one sentence each; empty when the plan is well formed. */
  problems: string[];
}

const OPTIONAL_FIELDS: Record<string, 'string' | 'number'> = { target: 'string', value: 'number', approver: 'string' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Whether this call carries a plan: its payload has a `plan` array, or the tool's name says it
 * runs plans (`/tools/execute_plan`) and the payload has a `plan` field of any type.
 */
export function carriesPlan(path: string, payload: unknown): boolean {
  if (!isRecord(payload) || !('plan' in payload)) return false;
  if (Array.isArray(payload.plan)) return true;
  const tool = normalizeToolPath(path).split('/').pop() ?? '';
  return /plan/i.test(tool);
}

/** Checks the plan of a payload; `isPlan` is false (and nothing is checked) for other calls. */
export function validatePlan(path: string, payload: unknown): PlanCheck {
  if (!carriesPlan(path, payload)) return { isPlan: false, steps: 0, problems: [] };
  const plan = (payload as Record<string, unknown>).plan;
  if (!Array.isArray(plan)) {
    return { isPlan: true, steps: 0, problems: [`\`plan\` must be an array of steps, got ${typeName(plan)}`] };
  }
  if (plan.length === 0) return { isPlan: true, steps: 0, problems: ['`plan` has no steps'] };
  if (plan.length > MAX_PLAN_STEPS) {
    return { isPlan: true, steps: plan.length, problems: [`\`plan\` has ${plan.length} steps, more than ${MAX_PLAN_STEPS}`] };
  }

  const problems: string[] = [];
  const seen = new Map<number, number>();
  let previousIndex: number | null = null;
  plan.forEach((step, position) => {
    const at = `plan[${position}]`;
    if (!isRecord(step)) {
      problems.push(`\`${at}\` must be an object, got ${typeName(step)}`);
      return;
    }
    const index = step.index;
    if (index === undefined) problems.push(`\`${at}\` is missing \`index\``);
    else if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
      problems.push(`\`${at}.index\` must be a non-negative integer, got \`${JSON.stringify(index)}\``);
    } else {
      const first = seen.get(index);
      if (first !== undefined) problems.push(`\`${at}.index\` ${index} repeats the index of \`plan[${first}]\``);
      else if (previousIndex !== null && index < previousIndex) {
        problems.push(`\`${at}.index\` ${index} is out of order (comes after index ${previousIndex})`);
      }
      if (first === undefined) seen.set(index, position);
      previousIndex = Math.max(previousIndex ?? index, index);
    }
    if (step.action === undefined) problems.push(`\`${at}\` is missing \`action\``);
    else if (typeof step.action !== 'string' || step.action.trim() === '') {
      problems.push(`\`${at}.action\` must be a non-empty string, got \`${JSON.stringify(step.action)}\``);
    }
    for (const [field, type] of Object.entries(OPTIONAL_FIELDS)) {
      const value = step[field];
      if (value === undefined || value === null) continue;
      const ok = type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string';
      if (!ok) problems.push(`\`${at}.${field}\` must be a ${type} or null, got ${typeName(value)}`);
    }
  });
  if (problems.length > MAX_REPORTED) {
    const more = problems.length - MAX_REPORTED;
    problems.splice(MAX_REPORTED, problems.length, `and ${more} more problem${more > 1 ? 's' : ''}`);
  }
  return { isPlan: true, steps: plan.length, problems };
}
