// What trajectory rules need for a decision (issue 21): the tenant's trajectory policies (cached,
// refreshed on change and at most `maxAgeMs` old, as governance policies) and, only when the tenant
// has any, the agent's recent calls that ran, read before the decision is queued. A call of the same
// agent queued in the same instant is not yet among them (see the issue-21 report).
import type { DecisionState, RecentCall, TrajectoryPolicy } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { Store } from '../store/store.ts';

/** Recent decisions of the agent read per call; older ones fall outside any sensible window anyway. */
const RECENT_LIMIT = 200;

export class TrajectoryStateSource implements DecisionStateSource {
  private readonly snapshots = new Map<string, { loadedAt: number; policies: TrajectoryPolicy[] }>();

  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
    private readonly maxAgeMs = 1000,
  ) {}

  async refresh(tenantId: string): Promise<TrajectoryPolicy[]> {
    const loadedAt = this.clock();
    const policies = (await this.store.governance.listTrajectoryPolicies(tenantId)).map(({ id, name, rules }) => ({ id, name, rules }));
    if (this.snapshots.size >= 10_000) this.snapshots.clear();
    this.snapshots.set(tenantId, { loadedAt, policies });
    return policies;
  }

  async prepare(tenantId: string, call?: { agentId: string; traceId: string | null }): Promise<Partial<DecisionState>> {
    const known = this.snapshots.get(tenantId);
    const policies = known && this.clock() - known.loadedAt < this.maxAgeMs ? known.policies : await this.refresh(tenantId);
    if (policies.length === 0 || !call) return { trajectoryPolicies: policies };
    const rows = await this.store.listDecisions(tenantId, { limit: RECENT_LIMIT, agentId: call.agentId });
    const recentCalls: RecentCall[] = rows
      .filter((row) => row.verdict.startsWith('ALLOWED'))
      .reverse()
      .map((row) => ({ decisionId: row.id, path: row.path, payload: row.payload, createdAt: row.createdAt, traceId: row.traceId ?? null }));
    return { trajectoryPolicies: policies, recentCalls };
  }

  /** Per-call state: nothing to add after preparing. */
  current(): Partial<DecisionState> | null {
    return null;
  }
}
