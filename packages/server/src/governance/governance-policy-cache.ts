// The tenant's governance policies as decisions see them (issue 21): loaded once per tenant, replaced
// when this node changes them, and seen from another node within `maxAgeMs` (tenant-snapshots.ts).
import type { DecisionState, GovernancePolicy } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { GovernanceStore } from '../store/governance-store.ts';
import { TenantSnapshots } from './tenant-snapshots.ts';

type State = Pick<DecisionState, 'governancePolicies'>;

export class GovernancePolicyCache implements DecisionStateSource {
  private readonly snapshots: TenantSnapshots<State>;

  constructor(store: GovernanceStore, clock: () => number, maxAgeMs = 1000) {
    this.snapshots = new TenantSnapshots(
      async (tenantId) => {
        const rows = await store.listGovernancePolicies(tenantId);
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
        return { governancePolicies: policies };
      },
      clock,
      maxAgeMs,
    );
  }

  /** Reloads the tenant's policies (call after a change committed, before answering). */
  async refresh(tenantId: string): Promise<void> {
    await this.snapshots.refresh(tenantId);
  }

  async prepare(tenantId: string): Promise<Partial<DecisionState>> {
    return this.snapshots.get(tenantId);
  }

  ready(tenantId: string): Partial<DecisionState> | undefined {
    return this.snapshots.fresh(tenantId);
  }

  current(tenantId: string): Partial<DecisionState> | null {
    return this.snapshots.peek(tenantId);
  }
}
