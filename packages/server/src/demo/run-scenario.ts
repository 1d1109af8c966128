// Runs one demo scenario through the real decision chain (DecisionService and the store) against a
// throwaway tenant made for that run alone: created, seeded, decided, and deleted with all its rows.
// The tenant's only key is minted with a random secret that is dropped at once, so no caller can reach it.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { newId } from '../ids.ts';
import { newKeyRow } from '../key-rows.ts';
import type { DecisionRow } from '../store/store.ts';
import type { DemoScenario } from './scenarios.ts';

/** Id prefix of throwaway tenants; a sweep removes any a crash left behind. */
export const DEMO_TENANT_PREFIX = 'tn_try_';
/** Throwaway tenants older than this are swept at the next run. */
const STALE_AFTER_MS = 5 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

/** Creates the tenant, runs the scenario's call, and always deletes the tenant afterwards. */
export async function runScenario(ctx: AppContext, scenario: DemoScenario): Promise<DecisionRow> {
  const now = ctx.clock();
  await sweepStaleTenants(ctx, now);
  const tenantId = `${DEMO_TENANT_PREFIX}${randomUUID().replaceAll('-', '')}`;
  await ctx.store.createTenant({ id: tenantId, name: 'demo (throwaway)', email: null, createdAt: now, settings: null, halted: null });
  try {
    // Minted with a random secret that is dropped at once: nothing can authenticate as this key.
    const { row: key } = newKeyRow(
      { tenantId, kind: 'customer', role: 'admin', name: 'demo', secret: randomBytes(32).toString('base64url') },
      now,
    );
    await ctx.store.createKey(key);
    const { seed, request } = scenario;
    await ctx.store.seedTrustRecord(tenantId, { keyId: key.id }, seed.key, now);
    key.record = { ...key.record, ...seed.key };
    if (seed.agent) await ctx.store.seedTrustRecord(tenantId, { agentId: request.agent_id }, seed.agent, now);
    for (const rule of seed.rules ?? []) {
      await ctx.store.createToolRule({
        id: newId('tr'),
        tenantId,
        ...rule,
        match_args: null,
        agent_ids: null,
        risk_at_least: null,
        enabled: true,
        version: 1,
        createdAt: now,
        updatedAt: now,
      });
    }
    return await ctx.decisions.decide(key, { path: request.path, agent_id: request.agent_id, payload: request.payload });
  } finally {
    await ctx.store.deleteTenant(tenantId);
  }
}

const lastSweep = new WeakMap<AppContext, number>();

/** Removes throwaway tenants (and stray rows) that a crash or a racing writer left behind; once a minute at most. */
async function sweepStaleTenants(ctx: AppContext, now: number): Promise<void> {
  if (now - (lastSweep.get(ctx) ?? -Infinity) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now);
  for (const id of await ctx.store.staleTenantIds(DEMO_TENANT_PREFIX, now - STALE_AFTER_MS, 20)) await ctx.store.deleteTenant(id);
}
