// Whether a trajectory earns a passport (issue 21): it is clean when none of its decisions was
// blocked and no trajectory policy matched any of them (held or not). The summary is what a
// passport certifies; the refusal names the decisions that made the trajectory dirty.

/** What the summary needs of one decision of the trajectory. */
export interface TrajectoryDecision {
  id: string;
  path: string;
  verdict: string;
  blocked: boolean;
  createdAt: number;
  /** Stage data of the decision; a policy stage with `data.trajectory` means a trajectory policy matched. */
  stages: ReadonlyArray<{ stage: string; data?: unknown }>;
}

export interface TrajectorySummary {
  decisions: number;
  allowed: number;
  held: number;
  blocked: number;
  trajectoryMatches: number;
  /** Distinct tool paths called, sorted. */
  paths: string[];
  firstDecisionAt: number | null;
  lastDecisionAt: number | null;
  clean: boolean;
  /** Why it is not clean (empty when clean), naming the decisions. */
  problems: string[];
}

function trajectoryMatchOf(decision: TrajectoryDecision): { policy_id?: string; name?: string } | null {
  for (const stage of decision.stages) {
    const data = stage.data as { trajectory?: { policy_id?: string; name?: string } } | undefined;
    if (stage.stage === 'policy' && data && typeof data === 'object' && data.trajectory) return data.trajectory;
  }
  return null;
}

/** Summarises `decisions` (any order); at most `maxNamed` decision ids are named per problem. */
export function summarizeTrajectory(decisions: readonly TrajectoryDecision[], maxNamed = 10): TrajectorySummary {
  const blocked: string[] = [];
  const matched: string[] = [];
  const policies = new Set<string>();
  let allowed = 0;
  let held = 0;
  const paths = new Set<string>();
  let first: number | null = null;
  let last: number | null = null;
  for (const decision of decisions) {
    paths.add(decision.path);
    first = first === null ? decision.createdAt : Math.min(first, decision.createdAt);
    last = last === null ? decision.createdAt : Math.max(last, decision.createdAt);
    if (decision.blocked || decision.verdict.startsWith('BLOCKED') || decision.verdict.startsWith('DENIED')) blocked.push(decision.id);
    else if (decision.verdict.startsWith('ALLOWED')) allowed += 1;
    else held += 1;
    const match = trajectoryMatchOf(decision);
    if (match) {
      matched.push(decision.id);
      policies.add(`\`${match.name ?? match.policy_id ?? 'unnamed'}\``);
    }
  }
  const named = (ids: string[]) =>
    ids
      .slice(0, maxNamed)
      .map((id) => `\`${id}\``)
      .join(', ') + (ids.length > maxNamed ? ` and ${ids.length - maxNamed} more` : '');
  const problems: string[] = [];
  if (blocked.length) problems.push(`${blocked.length} decision(s) blocked: ${named(blocked)}`);
  if (matched.length)
    problems.push(`trajectory policy ${[...policies].sort().join(', ')} matched ${matched.length} decision(s): ${named(matched)}`);
  return {
    decisions: decisions.length,
    allowed,
    held,
    blocked: blocked.length,
    trajectoryMatches: matched.length,
    paths: [...paths].sort(),
    firstDecisionAt: first,
    lastDecisionAt: last,
    clean: problems.length === 0,
    problems,
  };
}
