// This node among the nodes on one database (issue 14). It writes its heartbeat into the database
// every `heartbeatMs` and reads everyone's back, which gives the membership (cluster-membership.ts)
// the cluster status reports and the consensus stage decides on. It also holds this node's fault: a
// `crash` takes it out of service (readiness fails, decisions answer 503) until a `restore`.
// A SQLite node is alone: it beats once at start and whenever its status is read, never on a timer.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { ClusterView, DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { ClusterStore, NodeFault } from '../store/cluster-store.ts';
import { membershipOf, type Membership } from './cluster-membership.ts';

export interface ClusterNodeOptions {
  nodeId: string;
  heartbeatMs: number;
  /** A node whose heartbeat is older than this is unhealthy; a view older than this is stale. */
  unhealthyAfterMs: number;
  /** A node silent for longer leaves the membership. */
  forgetAfterMs: number;
  clock: () => number;
  onError?: (error: unknown) => void;
}

export interface ClusterSnapshot {
  clusterId: string;
  /** The time of the read, in the database's clock. */
  at: number;
  membership: Membership;
}

export class ClusterNode implements DecisionStateSource {
  readonly startedAt: number;
  private clusterIdValue: string | null = null;
  private snapshot: ClusterSnapshot | null = null;
  /** When the last heartbeat reached the database, on the monotonic clock (the view's age must not jump with the wall clock); null: none yet. */
  private lastBeatAt: number | null = null;
  private fault: NodeFault | null = null;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<ClusterSnapshot> | null = null;
  private stopped = false;

  constructor(
    private readonly store: ClusterStore,
    readonly options: ClusterNodeOptions,
  ) {
    this.startedAt = options.clock();
  }

  get nodeId(): string {
    return this.options.nodeId;
  }

  /** Several nodes may share the database: the consensus stage runs and heartbeats are periodic. */
  get multiNode(): boolean {
    return this.store.shared;
  }

  /** In service (no `crash` fault on this node). */
  get running(): boolean {
    return this.fault === null;
  }

  async start(): Promise<void> {
    // A first beat that cannot be written (a full disk, the database down) must not keep the node from
    // starting: it serves reads and answers 503 for writes, and without a fresh view the consensus stage
    // denies (fail closed) until a beat succeeds.
    await this.beat().catch((error) => this.options.onError?.(error));
    if (!this.store.shared || this.stopped) return;
    this.timer = setInterval(() => {
      this.beat().catch((error) => this.options.onError?.(error));
    }, this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Stops beating and leaves the membership (a clean shutdown is not a failure). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating?.catch(() => {});
    await this.store.leave(this.nodeId).catch(() => {});
  }

  /** Writes this node's heartbeat and reads the membership (one at a time; callers share a beat in flight). */
  beat(): Promise<ClusterSnapshot> {
    if (!this.beating) {
      this.beating = this.beatOnce().finally(() => {
        this.beating = null;
      });
    }
    return this.beating;
  }

  private async beatOnce(): Promise<ClusterSnapshot> {
    const now = this.options.clock();
    this.clusterIdValue ??= await this.store.clusterId(`cl_${randomBytes(8).toString('hex')}`, now);
    const { at, nodes } = await this.store.heartbeat(
      { nodeId: this.nodeId, startedAt: this.startedAt, host: hostname(), pid: process.pid, now },
      this.options.forgetAfterMs,
    );
    this.lastBeatAt = performance.now();
    // A fault set by another node reaches this one with its next beat.
    this.fault = nodes.find((node) => node.nodeId === this.nodeId)?.fault ?? null;
    this.snapshot = { clusterId: this.clusterIdValue, at, membership: membershipOf(nodes, at, this.options.unhealthyAfterMs) };
    return this.snapshot;
  }

  /** A fresh read of the cluster (a heartbeat): the status endpoint and faults use it. */
  async read(): Promise<ClusterSnapshot> {
    return this.beat();
  }

  /**
   * Takes a node out of service (`crash`) or back (`restore`): this node at once, another node at
   * its next heartbeat. `index` is the member's 1-based number; null: this node. Null when no such member.
   */
  async setFault(action: 'crash' | 'restore', index: number | null): Promise<{ nodeId: string } | null> {
    const snapshot = await this.read();
    const target =
      index === null ? snapshot.membership.members.find((m) => m.nodeId === this.nodeId) : snapshot.membership.members[index - 1];
    if (!target) return null;
    const fault = action === 'crash' ? 'crash' : null;
    if (!(await this.store.setNodeFault(target.nodeId, fault, this.options.clock()))) return null;
    if (target.nodeId === this.nodeId) this.fault = fault;
    await this.read();
    return { nodeId: target.nodeId };
  }

  /** What the consensus stage sees; undefined for a node alone on SQLite (four stages). */
  view(): ClusterView | undefined {
    if (!this.store.shared) return undefined;
    const membership = this.snapshot?.membership;
    return {
      nodeId: this.nodeId,
      nodeCount: membership?.nodeCount ?? 0,
      healthyNodes: membership?.healthyNodes ?? 0,
      quorum: membership?.quorum ?? 1,
      running: this.running,
      viewAgeMs: this.lastBeatAt === null ? null : Math.max(0, performance.now() - this.lastBeatAt),
      staleAfterMs: this.options.unhealthyAfterMs,
    };
  }

  async prepare(): Promise<Partial<DecisionState>> {
    return this.current();
  }

  ready(): Partial<DecisionState> {
    return this.current();
  }

  current(): Partial<DecisionState> {
    const cluster = this.view();
    return cluster ? { cluster } : {};
  }
}
