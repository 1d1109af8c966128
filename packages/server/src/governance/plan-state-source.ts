// What the plan hook needs for a decision (issue 21 item 4): the tenant's authorized plans still in
// force, cached per tenant for at most `maxAgeMs` (as trajectory policies) and refreshed at once on
// the node that authorizes a plan; other nodes see it within `maxAgeMs`.
import type { AuthorizedPlan, DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { PlanStore } from '../store/plan-store.ts';
import { TenantSnapshots } from './tenant-snapshots.ts';

export class PlanStateSource implements DecisionStateSource {
  private readonly plans: TenantSnapshots<AuthorizedPlan[]>;

  constructor(store: PlanStore, clock: () => number, maxAgeMs = 1000) {
    this.plans = new TenantSnapshots(
      async (tenantId, now) =>
        (await store.listLivePlans(tenantId, now)).map((row) => ({
          id: row.id,
          agentId: row.agentId,
          goal: row.goal,
          steps: row.steps,
          stepsUsed: row.stepsUsed,
          authorizedAt: row.authorizedAt ?? now,
          expiresAt: row.expiresAt ?? now,
        })),
      clock,
      maxAgeMs,
    );
  }

  /** Reloads the tenant's live plans (call after a plan is authorized, before answering). */
  async refresh(tenantId: string): Promise<void> {
    await this.plans.refresh(tenantId);
  }

  async prepare(tenantId: string): Promise<Partial<DecisionState>> {
    return { authorizedPlans: await this.plans.get(tenantId) };
  }

  ready(tenantId: string): Partial<DecisionState> | undefined {
    const plans = this.plans.fresh(tenantId);
    return plans === undefined ? undefined : { authorizedPlans: plans };
  }

  /** Per-call state: nothing to add after preparing. */
  current(): Partial<DecisionState> | null {
    return null;
  }
}
