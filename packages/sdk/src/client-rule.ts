// The client rule of the spec, in one place: run the tool only when the verdict starts with
// `ALLOWED` and `blocked` is false. Everything else means do not run.
import type { Decision } from './types.ts';

/** Whether the decided call may run. */
export function mayRun(decision: Pick<Decision, 'verdict' | 'blocked'>): boolean {
  return typeof decision.verdict === 'string' && decision.verdict.startsWith('ALLOWED') && decision.blocked === false;
}

/** Whether the decided call is held for a human. */
export function isHeld(decision: Pick<Decision, 'verdict'>): boolean {
  return decision.verdict === 'REQUIRE_APPROVAL';
}
