// Membership, health and quorum from the heartbeat rows (issue 14). Pure: rows and the time of the
// read in, the cluster as the spec reports it out. A node is healthy while its heartbeat is fresh
// and no fault took it out of service; the quorum is a majority of the members.
import type { NodeRow } from '../store/cluster-store.ts';

export interface MemberStatus {
  nodeId: string;
  /** 1-based, by start time: the number a `FaultReq` names. */
  index: number;
  healthy: boolean;
  /** In service (no `crash` fault). */
  running: boolean;
  heartbeatAgeMs: number;
  row: NodeRow;
}

export interface Membership {
  members: MemberStatus[];
  nodeCount: number;
  healthyNodes: number;
  quorum: number;
  isQuorum: boolean;
  /** Nodes a fault took out of service. */
  quarantined: string[];
}

/** Past this many members (and as many trusted ones) a cluster could in principle mask one Byzantine node (3f + 1, f = 1). */
export const BYZANTINE_F1_MEMBERS = 4;

export function membershipOf(nodes: readonly NodeRow[], at: number, unhealthyAfterMs: number): Membership {
  const sorted = [...nodes].sort((a, b) => a.startedAt - b.startedAt || (a.nodeId < b.nodeId ? -1 : 1));
  const members = sorted.map((row, i) => {
    const heartbeatAgeMs = Math.max(0, at - row.lastSeenAt);
    const running = row.fault === null;
    return { nodeId: row.nodeId, index: i + 1, running, healthy: running && heartbeatAgeMs <= unhealthyAfterMs, heartbeatAgeMs, row };
  });
  const nodeCount = members.length;
  const healthyNodes = members.filter((member) => member.healthy).length;
  const quorum = Math.floor(nodeCount / 2) + 1;
  return {
    members,
    nodeCount,
    healthyNodes,
    quorum,
    isQuorum: nodeCount > 0 && healthyNodes >= quorum,
    quarantined: members.filter((member) => !member.running).map((member) => member.nodeId),
  };
}

/** The spec's membership-count check only: at least 4 members and at least 4 trusted (healthy) ones. */
export function byzantineReadiness(membership: Membership): { canTolerate: boolean; readiness: string } {
  const canTolerate = membership.nodeCount >= BYZANTINE_F1_MEMBERS;
  const trusted = membership.healthyNodes;
  if (canTolerate && trusted >= BYZANTINE_F1_MEMBERS) return { canTolerate, readiness: 'ready' };
  return {
    canTolerate,
    readiness: `not_ready: ${membership.nodeCount} members, ${trusted} trusted; f=1 needs at least ${BYZANTINE_F1_MEMBERS} of each`,
  };
}
