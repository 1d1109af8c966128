// Per-tenant settings and their defaults. Stored as a JSON document; missing fields take defaults.
import type { StageName, TenantSettings } from './decision-types.ts';
import { DEFAULT_TRUST_THRESHOLDS } from './trust-state.ts';

export const ENFORCEABLE_STAGES: StageName[] = ['identity', 'trust', 'policy', 'approval'];

export const DEFAULT_SETTINGS: TenantSettings = {
  mode: 'enforce',
  enforceStages: [...ENFORCEABLE_STAGES],
  thresholds: DEFAULT_TRUST_THRESHOLDS,
  approvalTtlSeconds: 3600,
  criticalTransferAmount: 10_000,
  failMode: 'closed',
  haltQuorum: 1,
  countRuleDenials: false,
};

/** Settings with every missing field filled from the defaults. */
export function resolveSettings(stored: Partial<TenantSettings> | null | undefined): TenantSettings {
  if (!stored) return DEFAULT_SETTINGS;
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    thresholds: { ...DEFAULT_TRUST_THRESHOLDS, ...(stored.thresholds ?? {}) },
  };
}
