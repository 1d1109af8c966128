// Policy stage: the tenant's tool rules, strongest effect first. An `allow` rule lifts only the
// trust stage's short-record hold; it never lifts critical, injection or bad-record holds.
import type { DecisionState, StageContext, StageResult } from '../decision-types.ts';
import { callAmount } from '../risk/call-amount.ts';
import type { RiskClass } from '../risk/risk-class.ts';
import { describeMatch, matchingRules } from '../tool-rules.ts';
import { validatePlan } from '../plan/validate-plan.ts';
import { planStepCalls } from '../plan/plan-step-calls.ts';
import { brokeredTarget } from '../egress/brokered-target.ts';
import { coveringEgressRule, describeTarget } from '../egress/egress-rules.ts';
import { postureRefusal } from '../posture.ts';
import { limitsCheck } from '../limits/limits-check.ts';

const EFFECT_ORDER = { deny: 3, require_approval: 2, allow: 1 } as const;

export function policyStage({ input, state, previous, enforcing }: StageContext): StageResult {
  const trust = previous.find((stage) => stage.stage === 'trust');
  const risk = (trust?.data.action_risk as { class?: RiskClass } | undefined)?.class;
  const matched = matchingRules(state.rules, { path: input.path, agentId: input.agentId, risk, payload: input.payload });
  // A rule on a tool applies to a plan step that calls it, as it would to the call itself.
  for (const step of planStepCalls(input.path, input.payload)) {
    matched.push(...matchingRules(state.rules, { path: step.path, agentId: input.agentId, payload: step.payload }));
  }
  if (matched.length > 1) matched.sort((a, b) => EFFECT_ORDER[b.rule.effect] - EFFECT_ORDER[a.rule.effect]);
  const data: Record<string, unknown> = {
    matched_rules: matched.map(({ rule, conditions }) => ({
      id: rule.id,
      name: rule.name,
      version: rule.version,
      effect: rule.effect,
      ...(conditions.length ? { conditions } : {}),
    })),
  };
  // A malformed plan is refused outright: its steps cannot be judged.
  const plan = validatePlan(input.path, input.payload);
  if (plan.isPlan) data.plan = { steps: plan.steps, problems: plan.problems };
  if (plan.problems.length > 0) {
    return { stage: 'policy', verdict: 'deny', enforcing, detail: `malformed plan: ${plan.problems.join('; ')}`, data };
  }
  // The tenant's posture and egress rules deny before any tool rule is weighed: no rule lifts them.
  const refused = postureAndEgress(input.path, input.payload, state, data);
  if (refused) return { stage: 'policy', verdict: 'deny', enforcing, detail: refused, data };
  // A key's budget: a call that would take its spending past the limit waits for a human.
  const overBudget = budgetExceeded(state.budget, input.payload);
  if (overBudget) data.budget = overBudget;
  const deciding = matched[0];
  if (overBudget && (!deciding || deciding.rule.effect !== 'deny')) {
    const detail = `over budget: key ${input.principal.keyId} has spent ${overBudget.spent_usd} of ${overBudget.limit_usd} USD and this call asks ${overBudget.amount_usd}`;
    return { stage: 'policy', verdict: 'require_approval', enforcing, detail, data };
  }
  // Issue 19: budgets and agent controls (limits/limits-check.ts); a deny rule still decides first.
  const limited = limitsCheck(input, state, data);
  if (limited && (!deciding || deciding.rule.effect !== 'deny' || limited.verdict === 'deny')) {
    return { stage: 'policy', verdict: limited.verdict, enforcing, detail: limited.detail, data };
  }
  if (!deciding) {
    return { stage: 'policy', verdict: 'allow', enforcing, detail: `no tool rule matches ${input.path}`, data };
  }
  const named = describeMatch(deciding);
  data.rule_id = deciding.rule.id;
  data.rule_version = deciding.rule.version;
  if (deciding.rule.effect === 'require_approval') {
    // Issue 21: multi-party approval; the most any holding rule asks for.
    const required = Math.max(
      1,
      ...matched.map(({ rule }) => (rule.effect === 'require_approval' ? (rule.min_distinct_approvers ?? 1) : 1)),
    );
    if (required > 1) data.required_approvers = required;
    const approvers = required > 1 ? ` (needs ${required} distinct approvers)` : '';
    return { stage: 'policy', verdict: 'require_approval', enforcing, detail: named + approvers, data };
  }
  if (deciding.rule.effect !== 'allow') {
    return { stage: 'policy', verdict: deciding.rule.effect, enforcing, detail: named, data };
  }
  const holdReason = trust?.verdict === 'require_approval' ? trust.data.hold_reason : undefined;
  if (holdReason === 'short_record') {
    data.lifts = ['trust'];
    return { stage: 'policy', verdict: 'allow', enforcing, detail: `${named} (lifts the trust hold for a short record)`, data };
  }
  const note = holdReason ? ` (does not lift the trust hold: ${String(holdReason).replace('_', ' ')})` : '';
  return { stage: 'policy', verdict: 'allow', enforcing, detail: named + note, data };
}

/** The figures of a budget the call would exceed, or null. */
function budgetExceeded(budget: DecisionState['budget'], payload: unknown) {
  if (!budget) return null;
  const amount = callAmount(payload);
  if (amount === null || budget.spentUsd + amount <= budget.limitUsd) return null;
  return { limit_usd: budget.limitUsd, spent_usd: budget.spentUsd, amount_usd: amount };
}

/** Why the posture or the egress rules refuse the call, in words (recording what decided in `data`), or null. */
function postureAndEgress(path: string, payload: unknown, state: DecisionState, data: Record<string, unknown>): string | null {
  if (state.posture) {
    const refusal = postureRefusal(state.posture, path);
    if (refusal) {
      data.posture = 'denied';
      return refusal;
    }
  }
  const rules = state.egressRules ?? [];
  if (rules.length === 0) return null;
  const target = brokeredTarget(path, payload);
  if (target === null) return null;
  if ('error' in target) {
    data.egress = { error: target.error };
    return `egress rules apply and the call's target cannot be read: ${target.error}`;
  }
  const rule = coveringEgressRule(rules, target);
  if (!rule) {
    data.egress = { target: describeTarget(target), rule_id: null };
    return `egress to ${describeTarget(target)} is not covered by any of the tenant's ${rules.length} egress rule(s)`;
  }
  data.egress = { target: describeTarget(target), rule_id: rule.id };
  return null;
}
