// What the plan hook needs for a decision (issue 21 item 4): the tenant's authorized plans still in
// force, cached per tenant for at most `maxAgeMs` (as trajectory policies) and refreshed at once on
// the node that authorizes a plan; other nodes see it within `maxAgeMs`.
import type { AuthorizedPlan, DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { PlanStore } from '../store/plan-store.ts';

export class PlanStateSource implements DecisionStateSource {
  private readonly snapshots = new Map<string, { loadedAt: number; plans: AuthorizedPlan[] }>();

  constructor(
    private readonly store: PlanStore,
    private readonly clock: () => number,
    private readonly maxAgeMs = 1000,
  ) {}

  async refresh(tenantId: string): Promise<AuthorizedPlan[]> {
    const loadedAt = this.clock();
    const plans = (await this.store.listLivePlans(tenantId, loadedAt)).map((row) => ({
      id: row.id,
      agentId: row.agentId,
      goal: row.goal,
      steps: row.steps,
      stepsUsed: row.stepsUsed,
      authorizedAt: row.authorizedAt ?? loadedAt,
      expiresAt: row.expiresAt ?? loadedAt,
    }));
    if (this.snapshots.size >= 10_000) this.snapshots.clear();
    this.snapshots.set(tenantId, { loadedAt, plans });
    return plans;
  }

  async prepare(tenantId: string): Promise<Partial<DecisionState>> {
    const known = this.snapshots.get(tenantId);
    const plans = known && this.clock() - known.loadedAt < this.maxAgeMs ? known.plans : await this.refresh(tenantId);
    return { authorizedPlans: plans };
  }

  /** Per-call state: nothing to add after preparing. */
  current(): Partial<DecisionState> | null {
    return null;
  }
}
