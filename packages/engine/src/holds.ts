// Which enforcing stages still hold a call, after the holds an `allow` rule lifted.
import type { StageResult } from './decision-types.ts';

/** Enforcing stages that deny. */
export function enforcingDenials(stages: readonly StageResult[]): StageResult[] {
  return stages.filter((stage) => stage.enforcing && stage.verdict === 'deny');
}

/** Enforcing stages that ask for a human and were not lifted by a tool rule. */
export function outstandingHolds(stages: readonly StageResult[]): StageResult[] {
  const lifted = new Set<string>();
  for (const stage of stages) {
    const lifts = stage.data.lifts;
    if (Array.isArray(lifts)) for (const name of lifts) lifted.add(String(name));
  }
  return stages.filter((stage) => stage.enforcing && stage.verdict === 'require_approval' && !lifted.has(stage.stage));
}
