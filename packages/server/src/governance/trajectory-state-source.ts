// What trajectory rules need for a decision (issue 21): the tenant's trajectory policies (cached,
// refreshed on change and at most `maxAgeMs` old, as governance policies) and, only when the tenant
// has any, the agent's recent calls that ran, read before the decision is queued. A call of the same
// agent queued in the same instant is not yet among them (see the issue-21 report).
import type { DecisionState, RecentCall, TrajectoryPolicy } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { Store } from '../store/store.ts';
import { TenantSnapshots } from './tenant-snapshots.ts';

/** Recent decisions of the agent read per call; older ones fall outside any sensible window anyway. */
const RECENT_LIMIT = 200;

export class TrajectoryStateSource implements DecisionStateSource {
  private readonly policies: TenantSnapshots<TrajectoryPolicy[]>;

  constructor(
    private readonly store: Store,
    clock: () => number,
    maxAgeMs = 1000,
  ) {
    this.policies = new TenantSnapshots(
      async (tenantId) => (await store.governance.listTrajectoryPolicies(tenantId)).map(({ id, name, rules }) => ({ id, name, rules })),
      clock,
      maxAgeMs,
    );
  }

  /** Reloads the tenant's trajectory policies (call after a change committed, before answering). */
  async refresh(tenantId: string): Promise<void> {
    await this.policies.refresh(tenantId);
  }

  async prepare(tenantId: string, call?: { agentId: string; traceId: string | null }): Promise<Partial<DecisionState>> {
    const policies = await this.policies.get(tenantId);
    if (policies.length === 0 || !call) return { trajectoryPolicies: policies };
    const rows = await this.store.listDecisions(tenantId, { limit: RECENT_LIMIT, agentId: call.agentId });
    const recentCalls: RecentCall[] = rows
      .filter((row) => row.verdict.startsWith('ALLOWED'))
      .reverse()
      .map((row) => ({ decisionId: row.id, path: row.path, payload: row.payload, createdAt: row.createdAt, traceId: row.traceId ?? null }));
    return { trajectoryPolicies: policies, recentCalls };
  }

  /** Only while no recent calls need reading: the tenant has no trajectory policy (or no call was named). */
  ready(tenantId: string, call?: { agentId: string; traceId: string | null }): Partial<DecisionState> | undefined {
    const policies = this.policies.fresh(tenantId);
    return policies !== undefined && (policies.length === 0 || !call) ? { trajectoryPolicies: policies } : undefined;
  }

  /** Per-call state: nothing to add after preparing. */
  current(): Partial<DecisionState> | null {
    return null;
  }
}
