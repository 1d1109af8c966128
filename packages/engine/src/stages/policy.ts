// Policy stage: the tenant's tool rules, strongest effect first. An `allow` rule lifts only the
// trust stage's short-record hold; it never lifts critical, injection or bad-record holds.
import type { StageContext, StageResult } from '../decision-types.ts';
import { describeRule, matchingRules } from '../tool-rules.ts';

export function policyStage({ input, state, previous, enforcing }: StageContext): StageResult {
  const matched = matchingRules(state.rules, input.path);
  const data: Record<string, unknown> = {
    matched_rules: matched.map((rule) => ({ id: rule.id, name: rule.name, version: rule.version, effect: rule.effect })),
  };
  const deciding = matched[0];
  if (!deciding) {
    return { stage: 'policy', verdict: 'allow', enforcing, detail: `no tool rule matches ${input.path}`, data };
  }
  const named = `${describeRule(deciding)}: ${deciding.effect}`;
  data.rule_id = deciding.id;
  data.rule_version = deciding.version;
  if (deciding.effect !== 'allow') {
    return { stage: 'policy', verdict: deciding.effect, enforcing, detail: named, data };
  }
  const trust = previous.find((stage) => stage.stage === 'trust');
  const holdReason = trust?.verdict === 'require_approval' ? trust.data.hold_reason : undefined;
  if (holdReason === 'short_record') {
    data.lifts = ['trust'];
    return { stage: 'policy', verdict: 'allow', enforcing, detail: `${named} (lifts the trust hold for a short record)`, data };
  }
  const note = holdReason ? ` (does not lift the trust hold: ${String(holdReason).replace('_', ' ')})` : '';
  return { stage: 'policy', verdict: 'allow', enforcing, detail: named + note, data };
}
