// Consensus stage (several nodes on one database, issue 14): allow when this node is in service,
// still reaches the database (its heartbeat view is fresh) and sees a quorum (a majority of the
// membership) of healthy nodes. Anything else denies, in every mode: a node that lost the database
// or the quorum fails closed. The decision itself is answered only after its commit, so an `allow`
// here is also a decision that the shared database holds.
import type { StageContext, StageResult } from '../decision-types.ts';

export function consensusStage({ state }: StageContext): StageResult {
  const base = { stage: 'consensus' as const, enforcing: true };
  const view = state.cluster;
  if (!view) return { ...base, verdict: 'deny', detail: 'no view of the cluster: denied', data: { error: true } };
  const data: Record<string, unknown> = {
    node_id: view.nodeId,
    node_count: view.nodeCount,
    healthy_nodes: view.healthyNodes,
    quorum: view.quorum,
  };
  if (!view.running) {
    return {
      ...base,
      verdict: 'deny',
      detail: `node \`${view.nodeId}\` is out of service (crash fault)`,
      data: { ...data, running: false },
    };
  }
  if (view.viewAgeMs === null || view.viewAgeMs > view.staleAfterMs) {
    const age = view.viewAgeMs === null ? 'never' : `${Math.round(view.viewAgeMs)} ms ago`;
    return {
      ...base,
      verdict: 'deny',
      detail: `node \`${view.nodeId}\` lost the database: its last heartbeat was written ${age} (stale after ${view.staleAfterMs} ms)`,
      data: { ...data, view_age_ms: view.viewAgeMs, lost_database: true },
    };
  }
  if (view.healthyNodes < view.quorum) {
    return {
      ...base,
      verdict: 'deny',
      detail: `no quorum: ${view.healthyNodes} of ${view.nodeCount} nodes healthy, ${view.quorum} needed`,
      data: { ...data, is_quorum: false },
    };
  }
  return {
    ...base,
    verdict: 'allow',
    detail: `quorum: ${view.healthyNodes} of ${view.nodeCount} nodes healthy (${view.quorum} needed); answered after the commit to the shared database`,
    data: { ...data, is_quorum: true },
  };
}
