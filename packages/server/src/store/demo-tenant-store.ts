// Storage needs of the no-account demo: seeding an agent's record in a throwaway tenant, and
// removing such tenants with every row they own.

export interface DemoTenantStore {
  /** Sets the approved and blocked counters of an agent (created if absent) and of a key of the tenant. */
  seedTrustRecord(
    tenantId: string,
    target: { agentId?: string; keyId?: string },
    counts: { approved: number; blocked: number },
    now: number,
  ): Promise<void>;
  /** Deletes a tenant and every row of every table that carries its `tenant_id`. */
  deleteTenant(tenantId: string): Promise<void>;
  /** Ids of tenants whose id starts with `idPrefix` and that were created before `createdBefore`. */
  staleTenantIds(idPrefix: string, createdBefore: number, limit: number): Promise<string[]>;
}
