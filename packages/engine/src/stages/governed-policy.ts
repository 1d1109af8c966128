// Policy stage with the tenant's governance policies (issue 21): the tool-rule policy stage first,
// then the active governance policies judge the same call. A governance deny or hold adds to the
// tool rules' verdict (never weakens it); the stage names the policy and its version either way.
import type { StageContext, StageResult } from '../decision-types.ts';
import { evaluateGovernance, governanceFacts } from '../governance/governance-policies.ts';
import { matchTrajectory } from '../governance/trajectory-policies.ts';
import { policyStage } from './policy.ts';
import { withPlans } from '../plan/plan-hook.ts';

const STRENGTH = { allow: 1, require_approval: 2, deny: 3 } as const;

export function governedPolicyStage(ctx: StageContext): StageResult {
  const governed = withGovernancePolicies(ctx, policyStage(ctx));
  // Issue 21 item 4: an agent with an authorized plan has its off-plan calls held (plan-hook.ts).
  return withPlans(ctx, withTrajectories(ctx, governed));
}

/** A trajectory rule the call completes holds or denies it, naming the earlier decisions. */
function withTrajectories(ctx: StageContext, base: StageResult): StageResult {
  const policies = ctx.state.trajectoryPolicies;
  if (!policies || policies.length === 0) return base;
  const { input } = ctx;
  const match = matchTrajectory(policies, ctx.state.recentCalls ?? [], {
    path: input.path,
    payload: input.payload,
    now: input.now,
    traceId: input.traceId ?? null,
  });
  if (!match) return base;
  // Object.assign, not `{ ...base.data, trajectory }`: on node 20 a spread followed by a member the
  // spread object lacks costs ~0.5 µs a member (one it has is cheap).
  const data = Object.assign({}, base.data, { trajectory: match });
  if (STRENGTH[match.effect] <= STRENGTH[base.verdict]) return { ...base, data };
  return { stage: 'policy', verdict: match.effect, enforcing: base.enforcing, detail: match.detail, data };
}

/** The larger of a tool rule's and a governance policy's count of distinct approvers. */
function mostApprovers(base: StageResult, governance: number): number {
  const fromRule = base.verdict === 'require_approval' ? base.data.required_approvers : undefined;
  return Math.max(governance, typeof fromRule === 'number' ? fromRule : 1);
}

function withGovernancePolicies(ctx: StageContext, base: StageResult): StageResult {
  const policies = ctx.state.governancePolicies;
  if (!policies || policies.length === 0) return base;
  const { input } = ctx;
  const result = evaluateGovernance(
    policies,
    governanceFacts({ action: input.path, agentId: input.agentId, identity: input.principal.keyId, args: input.payload, now: input.now }),
  );
  const data: Record<string, unknown> = Object.assign({}, base.data, {
    governance: {
      verdict: result.verdict,
      deciding: result.deciding,
      excepted: result.excepted,
      considered: result.considered,
      ...(result.outranked.length ? { outranked: result.outranked } : {}),
    },
  });
  if (result.verdict === 'none' || result.verdict === 'allow' || STRENGTH[result.verdict] <= STRENGTH[base.verdict]) {
    if (base.verdict === 'require_approval' && result.verdict === 'require_approval')
      data.required_approvers = mostApprovers(base, result.requiredApprovers);
    const note = result.verdict === 'none' || result.verdict === 'allow' ? `; ${result.detail}` : '';
    return { ...base, detail: base.detail + note, data };
  }
  if (result.verdict === 'require_approval') data.required_approvers = mostApprovers(base, result.requiredApprovers);
  const top = result.deciding[0];
  data.governance_policy_id = top.policy_id;
  data.governance_policy_version = top.version;
  return { stage: 'policy', verdict: result.verdict, enforcing: base.enforcing, detail: result.detail, data };
}
