// Stored identity rows and delegations as the API shows them.
import type { DelegationRow, IdentityRow } from '../store/identity-store.ts';
import { identityStatus } from './identity-status.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function presentIdentity(row: IdentityRow, now: number) {
  return {
    identity_id: row.id,
    tenant: row.tenantId,
    kind: row.kind,
    display_name: row.displayName,
    agent_id: row.agentId,
    organization: row.organization,
    status: identityStatus(row, now),
    capabilities: row.capabilities,
    authority_scope: row.authorityScope,
    metadata: row.metadata,
    parent_id: row.parentId,
    public_key: row.publicKey,
    key_version: row.keyVersion,
    previous_key_valid_until: row.previousKeyValidUntil !== null && row.previousKeyValidUntil > now ? iso(row.previousKeyValidUntil) : null,
    created_at: iso(row.createdAt)!,
    expires_at: iso(row.expiresAt),
    rotated_at: iso(row.rotatedAt),
    verified_at: iso(row.verifiedAt),
    revoked_at: iso(row.revokedAt),
    revoked_reason: row.revokedReason,
  };
}

export function delegationStatus(row: DelegationRow, now: number): 'active' | 'consumed' | 'expired' | 'revoked' {
  if (row.revokedAt !== null) return 'revoked';
  if (row.consumedAt !== null) return 'consumed';
  if (row.expiresAt <= now) return 'expired';
  return 'active';
}

export function presentDelegation(row: DelegationRow, now: number, dropped?: string[]) {
  return {
    delegation_id: row.id,
    parent_id: row.parentId,
    delegator_id: row.delegatorId,
    delegate_id: row.delegateId,
    capabilities: row.capabilities,
    ...(dropped ? { dropped_capabilities: dropped } : {}),
    constraints: row.constraints,
    audience: row.audience,
    depth: row.depth,
    max_depth: row.maxDepth,
    single_use: row.singleUse,
    pop: row.pop,
    status: delegationStatus(row, now),
    created_at: iso(row.createdAt)!,
    expires_at: iso(row.expiresAt)!,
    consumed_at: iso(row.consumedAt),
    revoked_at: iso(row.revokedAt),
  };
}
