// The decision input and state the engine's table tests start from: one tenant, one agent, one
// customer key, a fixed clock; each test overrides only what its cases are about.
import { DEFAULT_SETTINGS, canonicalHash, type DecisionInput, type DecisionState, type TrustRecord } from '../../src/index.ts';

export const NOW = 1_800_000_000_000;

/** A trust record with `approved` and `blocked` decisions, no recent blocks and no override unless given. */
export const record = (approved: number, blocked = 0, extra: Partial<TrustRecord> = {}): TrustRecord => ({
  approved,
  blocked,
  recentBlockedAt: [],
  override: null,
  ...extra,
});

export function input(path: string, payload: unknown, extra: Partial<DecisionInput> = {}): DecisionInput {
  return {
    decisionId: 'fd_test',
    tenantId: 'tn_test',
    now: NOW,
    path,
    agentId: 'agent-1',
    payload,
    payloadHash: canonicalHash(payload),
    principal: { kind: 'customer', keyId: 'key_a' },
    newApprovalId: 'apr_new',
    ...extra,
  };
}

/** No rules, no approvals, not halted; `agent` and `key` records as given. */
export function state(agent: TrustRecord, key: TrustRecord, extra: Partial<DecisionState> = {}): DecisionState {
  return {
    settings: DEFAULT_SETTINGS,
    halted: null,
    agent,
    key,
    rules: [],
    approvedApproval: null,
    pendingApproval: null,
    ...extra,
  };
}
