// Risk classes in ascending order; the higher class always wins when signals combine.
export const RISK_CLASSES = ['low', 'medium', 'high', 'critical'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** Numeric rank of a risk class, for comparisons. */
export function riskRank(riskClass: RiskClass): number {
  return RISK_CLASSES.indexOf(riskClass);
}

/** The higher of two risk classes. */
export function maxRisk(a: RiskClass, b: RiskClass): RiskClass {
  return riskRank(a) >= riskRank(b) ? a : b;
}

/** Result of classifying one tool call: its class and every signal that fired, in words. */
export interface RiskAssessment {
  class: RiskClass;
  reasons: string[];
}
