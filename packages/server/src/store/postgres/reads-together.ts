// Which decisions of a group may read their state at once (one flight of reads, then one flight of
// writes) instead of each reading after the writes of the one before. A decision's writes touch
// only rows of its own agent and key (the agent's and key's records, the key's spend, the approvals
// and idempotency keys of that agent and key), the tenant's journal and events (chained in order in
// node, as before), and budgets, agent controls and plans. So decisions of distinct agents and
// distinct keys read nothing another writes, except budgets and controls: the store checks those
// after reading (`readsShared`) and reads again from there. Plans are kept to a run of their own.
import type { DecisionJob } from '../store.ts';
import type { DecisionReads } from '../decision-transaction.ts';

/** At most this many decisions read together: what a later shared read throws away stays small. */
export const MAX_READS_TOGETHER = 32;

/**
 * How many decisions from `start` on read together: at least one; then each next one as long as its
 * agent and key are new to the run and it has no live plans.
 */
export function readsTogether(jobs: ReadonlyArray<Pick<DecisionJob, 'agentId' | 'key' | 'planIds'>>, start: number): number {
  const agents = new Set([jobs[start].agentId]);
  const keys = new Set([jobs[start].key.id]);
  let end = start + 1;
  while (end < jobs.length && end - start < MAX_READS_TOGETHER) {
    const job = jobs[end];
    if (agents.has(job.agentId) || keys.has(job.key.id) || job.planIds?.length) break;
    agents.add(job.agentId);
    keys.add(job.key.id);
    end++;
  }
  return end - start;
}

/**
 * Whether a decision read rows that decisions of other agents and keys write (budgets covering the
 * call, the agent's controls): read before the writes of the decisions ahead of it in its run, such
 * reads are read again after them.
 */
export function readsShared(reads: Pick<DecisionReads, 'budgets' | 'agentControls'>): boolean {
  return (reads.budgets?.length ?? 0) > 0 || (reads.agentControls ?? null) !== null;
}
