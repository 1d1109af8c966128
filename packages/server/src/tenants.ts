// Creating a tenant with its first admin key: on first start, and at signup.
import { newId } from './ids.ts';
import { newKeyRow } from './key-rows.ts';
import type { Store } from './store/store.ts';

/** The tenant the first start creates. */
export const DEFAULT_TENANT_ID = 'tn_default';

export interface CreatedTenant {
  tenantId: string;
  keyId: string;
  apiKey: string;
}

export async function createTenantWithAdmin(
  store: Store,
  tenant: { name: string; email: string | null; id?: string },
  now: number,
  apiKey?: string,
): Promise<CreatedTenant> {
  const tenantId = tenant.id ?? newId('tn');
  const { row, secret } = newKeyRow({ tenantId, kind: 'customer', role: 'admin', name: 'admin', secret: apiKey }, now);
  await store.createTenant({ id: tenantId, name: tenant.name, email: tenant.email, createdAt: now, settings: null, halted: null });
  await store.createKey(row);
  return { tenantId, keyId: row.id, apiKey: secret };
}

/**
 * First start: with an empty database, create the default tenant and one admin key (the seeded
 * `ACTIONGATE_ADMIN_KEY` when given). Returns the key to print once, or null when nothing was made.
 */
export async function bootstrap(store: Store, seededKey: string | null, now: number): Promise<CreatedTenant | null> {
  if ((await store.countTenants()) > 0) return null;
  return createTenantWithAdmin(store, { id: DEFAULT_TENANT_ID, name: 'default', email: null }, now, seededKey ?? undefined);
}
