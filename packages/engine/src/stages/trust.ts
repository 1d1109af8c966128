// Trust stage: the agent's effective trust state (capped by its key's), the action's risk class
// and the injection screen, combined by the verdict matrix of the spec.
import type { StageContext, StageResult, StageVerdict } from '../decision-types.ts';
import { classifyRisk } from '../risk/classify-risk.ts';
import { riskRank, type RiskAssessment, type RiskClass } from '../risk/risk-class.ts';
import { planStepCalls } from '../plan/plan-step-calls.ts';
import { screenInjection } from '../injection/screen-injection.ts';
import { agentTrustState, keyTrustState, lowerTrust, type TrustState } from '../trust-state.ts';

/**
 * Why the trust stage holds. Only `short_record` may be lifted by an `allow` tool rule; the
 * others (critical actions, injection findings, a bad record) always need a human.
 */
export type HoldReason = 'short_record' | 'critical' | 'injection' | 'bad_record' | 'unscreened';

interface MatrixCell {
  verdict: StageVerdict;
  holdReason?: HoldReason;
  monitored?: boolean;
}

/** The verdict matrix of the spec, by effective trust state and risk class (no injection). */
export function trustMatrix(state: TrustState, risk: RiskClass): MatrixCell {
  switch (state) {
    case 'revoked':
      return { verdict: 'deny' };
    case 'suspended':
    case 'degraded':
      return { verdict: 'require_approval', holdReason: 'bad_record' };
    case 'new':
      return { verdict: 'require_approval', holdReason: risk === 'critical' ? 'critical' : 'short_record' };
    case 'normal':
      if (risk === 'critical') return { verdict: 'require_approval', holdReason: 'critical' };
      if (risk === 'high') return { verdict: 'require_approval', holdReason: 'short_record' };
      return { verdict: 'allow' };
    case 'trusted':
      if (risk === 'critical') return { verdict: 'require_approval', holdReason: 'critical' };
      if (risk === 'high') return { verdict: 'allow', monitored: true };
      return { verdict: 'allow' };
  }
}

function describeCell(state: TrustState, risk: RiskAssessment, cell: MatrixCell): string {
  const subject = `trust state ${state}, risk ${risk.class}`;
  if (cell.verdict === 'deny') return `${subject}: denied`;
  if (cell.verdict === 'allow') return `${subject}: runs${cell.monitored ? ', monitored' : ''}`;
  switch (cell.holdReason) {
    case 'critical':
      return `${subject}: held, a critical action always needs a human`;
    case 'bad_record':
      return `${subject}: held, blocked attempts on record`;
    default:
      return `${subject}: held, record too short for ${risk.class} risk`;
  }
}

export function trustStage({ input, state, enforcing }: StageContext): StageResult {
  const t = state.settings.thresholds;
  const agentState = agentTrustState(state.agent, input.now, t);
  const keyState = keyTrustState(state.key, t);
  const effective = lowerTrust(agentState, keyState);
  const assessed = classifyRisk({
    path: input.path,
    payload: input.payload,
    registeredRisk: state.registeredRisk,
    criticalTransferAmount: state.settings.criticalTransferAmount,
  });
  const risk: RiskAssessment = { class: assessed.class, reasons: [...assessed.reasons] };
  // Each step of a plan is judged as the call it stands for; the plan takes the highest class.
  for (const step of planStepCalls(input.path, input.payload)) {
    const stepRisk = classifyRisk({
      path: step.path,
      payload: step.payload,
      criticalTransferAmount: state.settings.criticalTransferAmount,
    });
    if (riskRank(stepRisk.class) > riskRank(risk.class)) risk.class = stepRisk.class;
    if (riskRank(stepRisk.class) >= riskRank('high') && risk.reasons.length < 40) {
      for (const reason of stepRisk.reasons) risk.reasons.push(`plan step ${step.position} (${step.action}): ${reason}`);
    }
  }
  const injection = screenInjection(input.payload);
  const screenFailed = injection.findings.some((finding) => finding.rule === 'screen_error');
  const degradedChecks: string[] = [];
  let injectionFlagged = injection.flagged;
  if (screenFailed && state.settings.failMode === 'degraded_low' && risk.class === 'low') {
    // The tenant chose to let low-risk calls run when the screen itself failed; the verdict says so.
    injectionFlagged = false;
    degradedChecks.push('injection_screen');
  }

  let cell = trustMatrix(effective, risk.class);
  let detail = describeCell(effective, risk, cell);
  if (injectionFlagged && cell.verdict !== 'deny') {
    const rules = [...new Set(injection.findings.map((finding) => finding.rule))].join(', ');
    if (effective === 'normal' || effective === 'trusted') {
      cell = { verdict: 'require_approval', holdReason: 'injection' };
      detail = `payload flagged by the injection screen (${rules}); trust state ${effective}: held`;
    } else {
      cell = { verdict: 'deny' };
      detail = `payload flagged by the injection screen (${rules}); trust state ${effective}: denied`;
    }
  }
  // Text the screen could not read (too large or too deep) cannot be cleared: a human looks at it.
  const unscreened = injection.findings.some((finding) => finding.rule === 'payload_too_large' || finding.rule === 'payload_too_deep');
  if (unscreened && !injectionFlagged && (cell.verdict === 'allow' || cell.holdReason === 'short_record')) {
    cell = { verdict: 'require_approval', holdReason: 'unscreened' };
    detail = `payload too large or too deep for the injection screen to read in full; trust state ${effective}: held`;
  }
  if (effective !== agentState) detail += ` (capped by key ${input.principal.keyId}, state ${keyState})`;

  return {
    stage: 'trust',
    verdict: cell.verdict,
    enforcing,
    detail,
    data: {
      state: effective,
      agent_state: agentState,
      key_state: keyState,
      action_risk: { class: risk.class, reasons: risk.reasons },
      injection,
      ...(cell.holdReason ? { hold_reason: cell.holdReason } : {}),
      ...(cell.monitored ? { monitored: true } : {}),
      ...(degradedChecks.length ? { degraded_checks: degradedChecks } : {}),
    },
  };
}
