// The decision chain: identity, trust, policy, approval, always all four and in that order (and
// `consensus` fifth when several nodes share the database), combined into one verdict. Pure: the
// server loads the state and commits the effects.
import type { Decision, DecisionEffects, DecisionInput, DecisionState, StageName, StageResult, Verdict } from './decision-types.ts';
import { enforcingDenials, outstandingHolds } from './holds.ts';
import type { RiskClass } from './risk/risk-class.ts';
import { approvalStage } from './stages/approval.ts';
import { consensusStage } from './stages/consensus.ts';
import { callAmount } from './risk/call-amount.ts';
import { identityStage } from './stages/identity.ts';
import { governedPolicyStage } from './stages/governed-policy.ts';
import { trustStage } from './stages/trust.ts';

type Stage = (ctx: import('./decision-types.ts').StageContext) => StageResult;

const CHAIN: ReadonlyArray<[StageName, Stage]> = [
  ['identity', identityStage],
  ['trust', trustStage],
  ['policy', governedPolicyStage],
  ['approval', approvalStage],
];

/** Several nodes: the approval's outcome also needs a quorum of healthy nodes and the database. */
const CLUSTER_CHAIN: ReadonlyArray<[StageName, Stage]> = [...CHAIN, ['consensus', consensusStage]];

function isEnforcing(name: StageName, state: DecisionState): boolean {
  // The identity stage (key binding, kill switch, revocation) and the consensus stage (fail closed
  // without the database or a quorum) enforce in every mode.
  if (name === 'identity' || name === 'consensus') return true;
  return state.settings.mode === 'enforce' && state.settings.enforceStages.includes(name);
}

/** Runs the chain and combines the stages into a verdict with the effects to commit. */
export function decide(input: DecisionInput, state: DecisionState): Decision {
  const stages: StageResult[] = [];
  for (const [name, run] of state.cluster ? CLUSTER_CHAIN : CHAIN) {
    const enforcing = isEnforcing(name, state);
    try {
      stages.push(run({ input, state, previous: stages, enforcing }));
    } catch (error) {
      // INVARIANT: an error is a deny.
      stages.push({
        stage: name,
        verdict: 'deny',
        enforcing: true,
        detail: `${name} stage failed, denied: ${error instanceof Error ? error.message : String(error)}`,
        data: { error: true },
      });
    }
  }
  return combine(input, state, stages);
}

function combine(input: DecisionInput, state: DecisionState, stages: StageResult[]): Decision {
  const trust = stages.find((stage) => stage.stage === 'trust');
  const risk = ((trust?.data.action_risk as { class?: RiskClass } | undefined)?.class ?? 'high') as RiskClass;
  const denials = enforcingDenials(stages);
  const approval = approvalOf(stages);
  const holds = outstandingHolds(beforeApproval(stages));
  let verdict: Verdict;
  let detail: string;
  if (denials.length > 0) {
    verdict = 'BLOCKED';
    detail = `blocked by ${denials[0].stage}: ${denials[0].detail}`;
  } else if (holds.length > 0 && approval.verdict !== 'allow') {
    verdict = 'REQUIRE_APPROVAL';
    detail = `held by ${holds[0].stage}: ${holds[0].detail}`;
  } else {
    const objections = stages.filter((stage) => !stage.enforcing && stage.verdict !== 'allow');
    const degraded = stages.some((stage) => Array.isArray(stage.data.degraded_checks));
    if (objections.length > 0) {
      verdict = 'ALLOWED_WITH_DENIALS';
      detail = `shadow: would be ${objections[0].verdict.replace('_', ' ')} by ${objections[0].stage}: ${objections[0].detail}`;
    } else if (degraded) {
      verdict = 'ALLOWED_DEGRADED';
      detail = 'allowed with a failed non-essential check (tenant allows degraded operation for low risk)';
    } else {
      verdict = 'ALLOWED';
      detail = holds.length > 0 ? approval.detail : 'allowed';
    }
  }
  const blocked = !verdict.startsWith('ALLOWED');
  return {
    decisionId: input.decisionId,
    verdict,
    blocked,
    enforcing: state.settings.mode === 'enforce',
    mode: state.settings.mode,
    path: input.path,
    agentId: input.agentId,
    detail,
    stages,
    risk,
    effects: effectsOf(verdict, stages, state, input),
  };
}

function effectsOf(verdict: Verdict, stages: StageResult[], state: DecisionState, input: DecisionInput): DecisionEffects {
  const approvalStage = approvalOf(stages);
  const approvalId = approvalStage.data.approval_id as string | undefined;
  let approval: DecisionEffects['approval'] = null;
  if (approvalId && verdict === 'REQUIRE_APPROVAL') {
    approval =
      approvalId === input.newApprovalId
        ? { kind: 'create', approvalId, expiresAt: input.now + state.settings.approvalTtlSeconds * 1000 }
        : { kind: 'reuse', approvalId };
  } else if (approvalId && approvalStage.data.approval_status === 'consumed' && !verdict.startsWith('BLOCKED')) {
    approval = { kind: 'consume', approvalId };
  }
  // The kill switch, a key bound to another agent and a node without quorum are not the agent's
  // doing: they do not count.
  const identity = stages[0];
  const clusterFailed = stages.some((stage) => stage.stage === 'consensus' && stage.verdict === 'deny');
  let trust: DecisionEffects['trust'] = null;
  // Issue 19: a shadow-mode call that would have been held or blocked is not counted as approved.
  if (verdict.startsWith('ALLOWED') && verdict !== 'ALLOWED_WITH_DENIALS') trust = 'approved';
  else if (
    verdict === 'BLOCKED' &&
    identity.verdict === 'allow' &&
    !clusterFailed &&
    (state.settings.countRuleDenials || !onlyRuleDenials(stages))
  ) {
    trust = 'blocked';
  }
  const amount = state.budget && verdict.startsWith('ALLOWED') ? callAmount(input.payload) : null;
  return amount === null ? { approval, trust } : { approval, trust, spendUsd: amount };
}

/**
 * Whether every enforcing denial is the tenant's own `deny` tool rule (not a malformed plan, not
 * the trust stage): such a block is the operator's policy working, not the agent misbehaving.
 */
function onlyRuleDenials(stages: StageResult[]): boolean {
  // The approval stage only echoes the denials before it.
  const denials = enforcingDenials(beforeApproval(stages));
  return denials.length > 0 && denials.every((stage) => stage.stage === 'policy' && typeof stage.data.rule_id === 'string');
}

/** The approval stage (fourth; a consensus stage may follow it). */
function approvalOf(stages: StageResult[]): StageResult {
  return stages.find((stage) => stage.stage === 'approval')!;
}

/** The stages whose holds and denials the approval stage answers (it only echoes them). */
function beforeApproval(stages: StageResult[]): StageResult[] {
  return stages.slice(
    0,
    stages.findIndex((stage) => stage.stage === 'approval'),
  );
}
