// The fleet risk score behind an insurance assessment: five measured factors, each a share in
// [0, 1] times a fixed weight, summed to a score from 0 (least risk) to 100. Pure and documented in
// docs/compliance.md, so an underwriter can recompute it from the factors on the certificate.

export interface FleetMeasurements {
  decisions: number;
  /** Critical actions that ran, and how many of them ran on a human's approval. */
  critical_ran: number;
  critical_human_approved: number;
  /** BLOCKED decisions. */
  blocked: number;
  /** Decisions whose payload the injection screen flagged. */
  injection_flagged: number;
  /** Open or in-progress findings by severity. */
  open_critical_findings: number;
  open_high_findings: number;
  /** Agents by effective trust state. */
  agents_by_trust: Record<string, number>;
}

export interface RiskFactor {
  factor: string;
  description: string;
  /** The measured share in [0, 1] (1 = worst). */
  value: number;
  weight: number;
  /** value * weight, in score points. */
  contribution: number;
}

export const INSURANCE_WEIGHTS = {
  unapproved_critical_actions: 35,
  blocked_attempts: 15,
  injection_findings: 20,
  incident_findings: 20,
  untrusted_agents: 10,
} as const;

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.min(1, part / whole));

/** The factors and the score of a fleet's measurements. */
export function insuranceScore(m: FleetMeasurements): {
  factors: RiskFactor[];
  risk_score: number;
  tier: 'A' | 'B' | 'C' | 'D';
  premium_multiplier: number;
} {
  const agents = Object.values(m.agents_by_trust).reduce((a, b) => a + b, 0);
  const untrusted = (m.agents_by_trust.degraded ?? 0) + (m.agents_by_trust.suspended ?? 0) + (m.agents_by_trust.revoked ?? 0);
  const values: Record<keyof typeof INSURANCE_WEIGHTS, [number, string]> = {
    unapproved_critical_actions: [
      share(m.critical_ran - m.critical_human_approved, m.critical_ran),
      'share of critical actions that ran without a human approval',
    ],
    blocked_attempts: [share(m.blocked, m.decisions), 'share of decisions that were blocked'],
    // One flagged payload in ten is already the worst case.
    injection_findings: [
      Math.min(1, share(m.injection_flagged, m.decisions) * 10),
      'share of payloads flagged by the injection screen, times 10, at most 1',
    ],
    // Five high-severity incidents (a critical one counts twice) is the worst case.
    incident_findings: [
      Math.min(1, (2 * m.open_critical_findings + m.open_high_findings) / 5),
      'open incident findings: (2 x critical + high) / 5, at most 1',
    ],
    untrusted_agents: [share(untrusted, agents), 'share of agents degraded, suspended or revoked'],
  };
  const factors = (Object.keys(INSURANCE_WEIGHTS) as (keyof typeof INSURANCE_WEIGHTS)[]).map((factor) => {
    const [value, description] = values[factor];
    const weight = INSURANCE_WEIGHTS[factor];
    return { factor, description, value: round(value), weight, contribution: round(value * weight, 2) };
  });
  const risk_score = round(
    factors.reduce((sum, f) => sum + f.contribution, 0),
    2,
  );
  const tier = risk_score < 20 ? 'A' : risk_score < 40 ? 'B' : risk_score < 60 ? 'C' : 'D';
  // From 0.8 x the baseline premium at score 0 to 1.6 x at score 100.
  const premium_multiplier = round(0.8 + (0.8 * risk_score) / 100);
  return { factors, risk_score, tier, premium_multiplier };
}
