// Identity, token, delegation and A2A authority rows as stored by both databases (same columns).
import type { A2AAuthorityRow, AgentTokenRow, DelegationRow, IdentityRow } from './identity-store.ts';

const parsed = (text: string | null) => (text === null ? null : JSON.parse(text));

type Row = Record<string, any>;

export function identityOf(row: Row): IdentityRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    displayName: row.display_name,
    agentId: row.agent_id,
    organization: row.organization,
    capabilities: parsed(row.capabilities),
    authorityScope: parsed(row.authority_scope),
    metadata: parsed(row.metadata),
    parentId: row.parent_id,
    publicKey: row.public_key,
    previousPublicKey: row.previous_public_key,
    previousKeyValidUntil: row.previous_key_valid_until,
    keyVersion: row.key_version,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    rotatedAt: row.rotated_at,
    verifiedAt: row.verified_at,
  };
}

export function tokenOf(row: Row): AgentTokenRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    identityId: row.identity_id,
    agentId: row.agent_id,
    keyId: row.key_id,
    keyHash: row.key_hash,
    scopes: JSON.parse(row.scopes),
    chain: JSON.parse(row.chain),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}

export function delegationOf(row: Row): DelegationRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    parentId: row.parent_id,
    delegatorId: row.delegator_id,
    delegateId: row.delegate_id,
    capabilities: JSON.parse(row.capabilities),
    constraints: parsed(row.constraints),
    audience: row.audience,
    depth: row.depth,
    maxDepth: row.max_depth,
    singleUse: row.single_use === 1,
    pop: row.pop === 1,
    createdByKeyId: row.created_by_key_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}

export function authorityOf(row: Row): A2AAuthorityRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    parentId: row.parent_id,
    delegator: row.delegator,
    subject: row.subject,
    ceiling: row.ceiling,
    capabilities: JSON.parse(row.capabilities),
    authorizedDelegators: JSON.parse(row.authorized_delegators),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}
