// The tenant's governance policies as decisions see them (issue 21): loaded once per tenant and
// replaced when this node changes them. Another node's change is seen within `maxAgeMs` (the
// short-TTL variant of ARCHITECTURE.md's cross-node invalidation): `prepare` reloads a snapshot
// older than that before the decision is queued.
import type { DecisionState, GovernancePolicy } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { GovernanceStore } from '../store/governance-store.ts';

const MAX_TENANTS = 10_000;

interface Snapshot {
  loadedAt: number;
  state: Pick<DecisionState, 'governancePolicies'>;
}

export class GovernancePolicyCache implements DecisionStateSource {
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(
    private readonly store: GovernanceStore,
    private readonly clock: () => number,
    private readonly maxAgeMs = 1000,
  ) {}

  /** Reloads the tenant's policies (call after a change committed, before answering). */
  async refresh(tenantId: string): Promise<Snapshot> {
    const loadedAt = this.clock();
    const rows = await this.store.listGovernancePolicies(tenantId);
    const policies: GovernancePolicy[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      version: row.version,
      priority: row.priority,
      status: row.status,
      scope: row.scope,
      constraints: row.constraints,
      exceptions: row.exceptions,
      parentPolicyId: row.parentPolicyId,
    }));
    const snapshot: Snapshot = { loadedAt, state: { governancePolicies: policies } };
    const known = this.snapshots.get(tenantId);
    if (known && known.loadedAt > loadedAt) return known;
    if (this.snapshots.size >= MAX_TENANTS) this.snapshots.clear();
    this.snapshots.set(tenantId, snapshot);
    return snapshot;
  }

  async prepare(tenantId: string): Promise<Partial<DecisionState>> {
    const known = this.snapshots.get(tenantId);
    if (known && this.clock() - known.loadedAt < this.maxAgeMs) return known.state;
    return (await this.refresh(tenantId)).state;
  }

  current(tenantId: string): Partial<DecisionState> | null {
    return this.snapshots.get(tenantId)?.state ?? null;
  }
}
