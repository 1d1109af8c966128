// Which stage decided a verdict, for dry runs and evaluations: the first enforcing denial of a
// BLOCKED verdict, the first outstanding hold of a REQUIRE_APPROVAL, the first objection of a
// shadow-mode ALLOWED_WITH_DENIALS; none for a plain ALLOWED.
import { enforcingDenials, outstandingHolds, type Decision } from '@actiongate/engine';

export function decidingStage(decision: Pick<Decision, 'verdict' | 'stages'>): string | null {
  const stages = decision.stages;
  switch (decision.verdict) {
    case 'BLOCKED':
      return enforcingDenials(stages)[0]?.stage ?? null;
    case 'REQUIRE_APPROVAL':
      // The approval stage only echoes the holds before it.
      return outstandingHolds(stages.slice(0, -1))[0]?.stage ?? null;
    case 'ALLOWED_WITH_DENIALS':
      return stages.find((stage) => !stage.enforcing && stage.verdict !== 'allow')?.stage ?? null;
    default:
      return null;
  }
}

/** One line per stage: what it found. */
export function explain(decision: Pick<Decision, 'stages'>): string[] {
  return decision.stages.map((stage) => `${stage.stage}: ${stage.verdict}${stage.enforcing ? '' : ' (not enforcing)'}: ${stage.detail}`);
}
