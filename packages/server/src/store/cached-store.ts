// The caches that decide: keys by hash (authentication), tenants as decisions see them (settings
// and halt), tool rules, and the tool registry. No I/O here: each database fills them from its own
// reads and drops entries through the invalidation port when something changes, whether the change
// was made by this process or (PostgreSQL, LISTEN/NOTIFY) by another node.
import { resolveSettings, type RiskClass, type TenantSettings } from '@actiongate/engine';
import type { KeyRow, TenantRow, ToolRuleRow } from './store.ts';

/** What changed, for the caches that hold it. `keys` carries the hash of the changed key, or null for all keys. */
export type CacheChange =
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'rules'; tenantId: string }
  | { kind: 'tools'; tenantId: string }
  | { kind: 'keys'; keyHash: string | null }
  /** Everything of a tenant (deleted) and every key. */
  | { kind: 'all'; tenantId: string };

/** The port a database implementation calls when state the caches hold has changed. */
export interface CacheInvalidation {
  invalidate(change: CacheChange): void;
}

/** A tenant as decisions see it: the row and its settings resolved against the defaults. */
export interface DecidingTenant {
  tenant: TenantRow;
  settings: TenantSettings;
}

const KEY_CACHE_LIMIT = 10_000;

export class DecisionCaches implements CacheInvalidation {
  /**
   * Keys by hash for authentication (a lookup per request). Dropped on revocation and tenant
   * deletion, the only changes to a key's identity; trust counters in here may lag (see Store).
   */
  private readonly keysByHash = new Map<string, KeyRow>();
  /** Tenants as decisions see them (settings resolved); dropped when settings, halt or the tenant change. */
  private readonly tenants = new Map<string, DecidingTenant>();
  /** Tool rules per tenant, parsed once and dropped whenever the tenant's rules change. */
  private readonly rules = new Map<string, ToolRuleRow[]>();
  /** Registered tool risk levels per tenant; dropped when the tenant's registry changes. */
  private readonly toolRisks = new Map<string, Map<string, RiskClass>>();

  invalidate(change: CacheChange): void {
    switch (change.kind) {
      case 'tenant':
        this.tenants.delete(change.tenantId);
        break;
      case 'rules':
        this.rules.delete(change.tenantId);
        break;
      case 'tools':
        this.toolRisks.delete(change.tenantId);
        break;
      case 'keys':
        if (change.keyHash === null) this.keysByHash.clear();
        else this.keysByHash.delete(change.keyHash);
        break;
      case 'all':
        this.tenants.delete(change.tenantId);
        this.rules.delete(change.tenantId);
        this.toolRisks.delete(change.tenantId);
        this.keysByHash.clear();
        break;
    }
  }

  /** Drops everything (a node that lost its notifications cannot tell what changed meanwhile). */
  clear(): void {
    this.keysByHash.clear();
    this.tenants.clear();
    this.rules.clear();
    this.toolRisks.clear();
  }

  key(keyHash: string): KeyRow | undefined {
    return this.keysByHash.get(keyHash);
  }

  rememberKey(key: KeyRow): KeyRow {
    // Bounded: a burst of distinct keys only costs lookups, never unbounded memory.
    if (this.keysByHash.size >= KEY_CACHE_LIMIT) this.keysByHash.clear();
    this.keysByHash.set(key.keyHash, key);
    return key;
  }

  tenant(tenantId: string): DecidingTenant | undefined {
    return this.tenants.get(tenantId);
  }

  rememberTenant(tenant: TenantRow): DecidingTenant {
    const deciding = { tenant, settings: resolveSettings(tenant.settings) };
    this.tenants.set(tenant.id, deciding);
    return deciding;
  }

  toolRules(tenantId: string): ToolRuleRow[] | undefined {
    return this.rules.get(tenantId);
  }

  rememberToolRules(tenantId: string, rules: ToolRuleRow[]): ToolRuleRow[] {
    this.rules.set(tenantId, rules);
    return rules;
  }

  tools(tenantId: string): Map<string, RiskClass> | undefined {
    return this.toolRisks.get(tenantId);
  }

  rememberTools(tenantId: string, tools: Iterable<[string, RiskClass]>): Map<string, RiskClass> {
    const risks = new Map(tools);
    this.toolRisks.set(tenantId, risks);
    return risks;
  }
}
