// The nodes of a cluster (issue 14): each node's heartbeat row, its fault (a node taken out of
// service for a failover drill) and the cluster's id. Membership, health and quorum are computed
// from these rows by cluster/cluster-membership.ts; the store only keeps them.

/** A `crash` fault takes a node out of service until a `restore` (or its restart). */
export type NodeFault = 'crash';

export interface NodeRow {
  nodeId: string;
  /** When this run of the node started (a restart starts a new run and clears its fault). */
  startedAt: number;
  /** The last heartbeat, in the database's clock. */
  lastSeenAt: number;
  host: string;
  pid: number;
  fault: NodeFault | null;
  faultAt: number | null;
}

export interface NodeBeat {
  nodeId: string;
  startedAt: number;
  host: string;
  pid: number;
  /** This node's clock; PostgreSQL uses its own clock instead, so nodes with skewed clocks agree. */
  now: number;
}

export interface ClusterStore {
  /** True when several nodes may share this database (PostgreSQL): multi-node mode. */
  readonly shared: boolean;
  /** The cluster's id: `candidate` when this is the first node to ask, else the one stored. */
  clusterId(candidate: string, now: number): Promise<string>;
  /**
   * Writes the node's heartbeat (a new run replaces the row and clears its fault), forgets nodes
   * silent for more than `forgetAfterMs`, and returns every remaining node with the beat's time.
   */
  heartbeat(beat: NodeBeat, forgetAfterMs: number): Promise<{ at: number; nodes: NodeRow[] }>;
  /** Sets (`crash`) or clears (null) a node's fault; false when the node is not a member. */
  setNodeFault(nodeId: string, fault: NodeFault | null, now: number): Promise<boolean>;
  /** A node leaving cleanly takes its row out of the membership. */
  leave(nodeId: string): Promise<void>;
}
