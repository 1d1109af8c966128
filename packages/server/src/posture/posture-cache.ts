// The tenant's enforcement state as decisions see it (issue 18): egress rules, tool posture,
// containment and closure, loaded once from the store and replaced whenever it changes. The
// decision service prepares it before queueing a decision and reads it synchronously inside the
// decision's transaction, so a change that has returned is seen by every later decision.
// Changes made on this node go through `refresh`; a change made on another node arrives as its log
// event (LISTEN/NOTIFY on PostgreSQL) and drops the tenant's snapshot, so the next decision reloads it.
import type { DecisionState, EgressRule, ToolPosture } from '@actiongate/engine';
import type { DecisionStateSource } from '../decision-service.ts';
import type { EventListener, EventType } from '../store/event-store.ts';
import type { PostureStore, TenantPostureRow } from '../store/posture-store.ts';

/** Log events that change what this cache holds. */
const POSTURE_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  'posture.updated',
  'egress_rule.created',
  'egress_rule.deleted',
  'tenant.contained',
  'tenant.released',
  'tenant.closed',
]);

/** Tenants kept; past this the cache starts again (the demo makes a throwaway tenant per run). */
const MAX_TENANTS = 10_000;

interface Snapshot {
  row: TenantPostureRow;
  state: Pick<DecisionState, 'egressRules' | 'posture' | 'containment' | 'closure'>;
}

function snapshotOf(row: TenantPostureRow): Snapshot {
  const egressRules: EgressRule[] = row.egressRules.map((rule) => ({
    id: rule.id,
    target: rule.target,
    ports: rule.ports,
    schemes: rule.schemes,
  }));
  const posture: ToolPosture | null =
    row.allowedTools === null && row.deniedTools === null ? null : { allowedTools: row.allowedTools, deniedTools: row.deniedTools };
  return {
    row,
    state: {
      egressRules,
      posture,
      containment: row.containment ? { reason: row.containment.reason, since: row.containment.since } : null,
      closure: row.closure ? { reason: row.closure.reason, since: row.closure.since } : null,
    },
  };
}

export class PostureCache implements DecisionStateSource {
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly loading = new Map<string, Promise<Snapshot>>();

  constructor(private readonly store: PostureStore) {}

  /** Drops a tenant's snapshot when another node changes it; answers the function that stops listening. */
  listen(onEvents: (listener: EventListener) => () => void): () => void {
    return onEvents((events) => {
      for (const event of events) if (POSTURE_EVENTS.has(event.type)) this.snapshots.delete(event.tenantId);
    });
  }

  /** The tenant's state, loaded once and kept until it changes. */
  async get(tenantId: string): Promise<TenantPostureRow> {
    return (await this.snapshot(tenantId)).row;
  }

  private snapshot(tenantId: string): Promise<Snapshot> | Snapshot {
    const known = this.snapshots.get(tenantId);
    if (known) return known;
    let pending = this.loading.get(tenantId);
    if (!pending) {
      pending = this.store.loadPosture(tenantId).then((row) => {
        const snapshot = snapshotOf(row);
        // A change while this load ran has already put a newer snapshot: keep that one.
        const newer = this.snapshots.get(tenantId);
        if (newer) return newer;
        if (this.snapshots.size >= MAX_TENANTS) this.snapshots.clear();
        this.snapshots.set(tenantId, snapshot);
        return snapshot;
      });
      this.loading.set(tenantId, pending);
      void pending.finally(() => this.loading.delete(tenantId)).catch(() => {});
    }
    return pending;
  }

  /** Reloads the tenant after a change (call after the store committed it, before answering). */
  async refresh(tenantId: string): Promise<TenantPostureRow> {
    const row = await this.store.loadPosture(tenantId);
    this.snapshots.set(tenantId, snapshotOf(row));
    return row;
  }

  async prepare(tenantId: string): Promise<Partial<DecisionState>> {
    return (await this.snapshot(tenantId)).state;
  }

  current(tenantId: string): Partial<DecisionState> | null {
    return this.snapshots.get(tenantId)?.state ?? null;
  }

  ready(tenantId: string): Partial<DecisionState> | undefined {
    return this.snapshots.get(tenantId)?.state;
  }
}
