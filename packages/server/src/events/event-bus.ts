// In-process fan-out of committed events to the live streams of their tenant. The store announces
// events after commit; the bus hands each one only to subscribers of the same tenant.
import type { EventRow } from '../store/event-store.ts';
import type { Store } from '../store/store.ts';

export interface Subscriber {
  deliver(event: EventRow): void;
  /** The bus is shutting down: end the stream. */
  close(): void;
}

export class EventBus {
  private readonly byTenant = new Map<string, Set<Subscriber>>();
  private readonly stopListening: () => void;

  constructor(store: Store) {
    this.stopListening = store.onEvents((events) => {
      for (const event of events) {
        for (const subscriber of this.byTenant.get(event.tenantId) ?? []) {
          try {
            subscriber.deliver(event);
          } catch {
            // One broken stream must not keep the others from their events.
          }
        }
      }
    });
  }

  /** Starts delivering the tenant's events; returns the function that stops it. */
  subscribe(tenantId: string, subscriber: Subscriber): () => void {
    let set = this.byTenant.get(tenantId);
    if (!set) this.byTenant.set(tenantId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byTenant.get(tenantId) === set) this.byTenant.delete(tenantId);
    };
  }

  /** Open streams of one tenant. */
  countFor(tenantId: string): number {
    return this.byTenant.get(tenantId)?.size ?? 0;
  }

  /** Live subscribers, for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  /** Stops listening to the store and ends every stream (server shutdown). */
  close(): void {
    this.stopListening();
    const all = [...this.byTenant.values()].flatMap((set) => [...set]);
    this.byTenant.clear();
    for (const subscriber of all) subscriber.close();
  }
}
