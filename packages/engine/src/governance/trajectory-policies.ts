// Trajectory policies: ordered patterns over an agent's recent calls (a secret read, then an
// outbound send). The last step is matched by the call being decided; the earlier steps, in order,
// by calls of the same agent that ran within the window (and, if asked, in the same trace). Pure:
// the server hands over the recent calls.
import { conditionProblem, evaluateCondition, globMatches, type ArgCondition } from '../rules/arg-conditions.ts';

export interface TrajectoryStep {
  /** Tool path or `*` glob, e.g. `/tools/secrets/*`. */
  action: string;
  /** Conditions on the call's arguments (all must hold). */
  conditions?: ArgCondition[];
}

export interface TrajectoryRule {
  id: string;
  steps: TrajectoryStep[];
  effect: 'require_approval' | 'deny';
  /** How far back the earlier steps may lie (default 3600 s). */
  window_seconds?: number;
  /** Earlier steps must be in the same trace as the call (default false). */
  same_trace?: boolean;
  reason?: string;
}

export interface TrajectoryPolicy {
  id: string;
  name: string;
  rules: TrajectoryRule[];
}

/** A call of the agent that ran, as the decision records it. */
export interface RecentCall {
  decisionId: string;
  path: string;
  payload: unknown;
  createdAt: number;
  traceId: string | null;
}

export interface TrajectoryMatch {
  policy_id: string;
  name: string;
  rule_id: string;
  effect: 'require_approval' | 'deny';
  /** The earlier decisions that matched the earlier steps, in order. */
  earlier_decisions: string[];
  detail: string;
}

function stepMatches(step: TrajectoryStep, path: string, payload: unknown): boolean {
  if (step.action !== path && !globMatches(step.action, path)) return false;
  return (step.conditions ?? []).every((condition) => evaluateCondition(condition, payload ?? {}).held);
}

/**
 * The strongest trajectory rule the call completes (deny over require_approval), or null. `recent`
 * is oldest first; only calls before `now` within each rule's window count.
 */
export function matchTrajectory(
  policies: readonly TrajectoryPolicy[],
  recent: readonly RecentCall[],
  call: { path: string; payload: unknown; now: number; traceId: string | null },
): TrajectoryMatch | null {
  let best: TrajectoryMatch | null = null;
  for (const policy of policies) {
    for (const rule of policy.rules) {
      const last = rule.steps[rule.steps.length - 1];
      if (!last || !stepMatches(last, call.path, call.payload)) continue;
      const since = call.now - (rule.window_seconds ?? 3600) * 1000;
      const earlier: string[] = [];
      let next = 0;
      for (const previous of recent) {
        if (next >= rule.steps.length - 1) break;
        if (previous.createdAt < since || previous.createdAt > call.now) continue;
        if (rule.same_trace && (call.traceId === null || previous.traceId !== call.traceId)) continue;
        if (stepMatches(rule.steps[next], previous.path, previous.payload)) {
          earlier.push(previous.decisionId);
          next++;
        }
      }
      if (next < rule.steps.length - 1) continue;
      const pattern = rule.steps.map((step) => step.action).join(' → ');
      const match: TrajectoryMatch = {
        policy_id: policy.id,
        name: policy.name,
        rule_id: rule.id,
        effect: rule.effect,
        earlier_decisions: earlier,
        detail: `trajectory policy \`${policy.name}\` (${policy.id}, rule ${rule.id}) ${rule.effect === 'deny' ? 'denies' : 'holds'} ${pattern}${rule.reason ? `: ${rule.reason}` : ''}; earlier steps: ${earlier.join(', ')}`,
      };
      if (!best || (match.effect === 'deny' && best.effect !== 'deny')) best = match;
    }
  }
  return best;
}

/** Problems in trajectory rules as written by a user, or null. */
export function trajectoryRulesProblem(rules: unknown): string | null {
  if (rules === null || rules === undefined) return null;
  if (!Array.isArray(rules)) return '`rules` must be a list';
  for (const [index, rule] of rules.entries()) {
    const at = `rules[${index}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return `\`${at}\` must be an object`;
    const known = ['id', 'steps', 'effect', 'window_seconds', 'same_trace', 'reason'];
    const extra = Object.keys(rule).filter((key) => !known.includes(key));
    if (extra.length) return `\`${at}\` has unknown field \`${extra[0]}\` (known: ${known.join(', ')})`;
    const r = rule as Record<string, unknown>;
    if (r.effect !== 'require_approval' && r.effect !== 'deny') return `\`${at}.effect\` must be \`require_approval\` or \`deny\``;
    if (!Array.isArray(r.steps) || r.steps.length < 2 || r.steps.length > 10) return `\`${at}.steps\` must list 2 to 10 steps`;
    if (
      r.window_seconds !== undefined &&
      (!Number.isInteger(r.window_seconds) || (r.window_seconds as number) < 1 || (r.window_seconds as number) > 30 * 86400)
    )
      return `\`${at}.window_seconds\` must be an integer from 1 to 2592000`;
    if (r.same_trace !== undefined && typeof r.same_trace !== 'boolean') return `\`${at}.same_trace\` must be a boolean`;
    for (const [s, step] of (r.steps as unknown[]).entries()) {
      const here = `${at}.steps[${s}]`;
      if (typeof step !== 'object' || step === null) return `\`${here}\` must be an object`;
      const st = step as Record<string, unknown>;
      const stepExtra = Object.keys(st).filter((key) => !['action', 'conditions'].includes(key));
      if (stepExtra.length) return `\`${here}\` has unknown field \`${stepExtra[0]}\``;
      if (typeof st.action !== 'string' || st.action === '') return `\`${here}.action\` must be a non-empty string`;
      if (st.conditions !== undefined) {
        if (!Array.isArray(st.conditions)) return `\`${here}.conditions\` must be a list`;
        for (const condition of st.conditions) {
          const problem = conditionProblem(condition as ArgCondition);
          if (problem) return `\`${here}.conditions\`: ${problem}`;
        }
      }
    }
  }
  return null;
}
