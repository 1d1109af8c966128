// Issue 20: storage of identities, proof-of-possession challenges, agent tokens and delegations.
// Rules that decide (attenuation, what a revocation reaches) are pure functions of the engine; the
// store loads, applies their plan in one transaction, and enforces single use atomically.
import type { Cascade, CascadeGraph } from '@actiongate/engine';
import type { EdgeStore } from './edge-store.ts';

export type IdentityKind = 'agent' | 'human' | 'service' | 'mcp_server' | 'tool' | 'sub_agent';

export interface IdentityRow {
  id: string;
  tenantId: string;
  kind: IdentityKind;
  displayName: string;
  /** The name decisions and tokens use for this identity (`IdentityReq.agent_id`, else the id). */
  agentId: string;
  organization: string | null;
  /** Null: none stated (it can delegate nothing). */
  capabilities: string[] | null;
  authorityScope: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  parentId: string | null;
  /** Ed25519 public key, base64url of the 32 raw bytes. */
  publicKey: string;
  /** The key a rotation replaced, accepted until `previousKeyValidUntil` (the grace period). */
  previousPublicKey: string | null;
  previousKeyValidUntil: number | null;
  keyVersion: number;
  revokedAt: number | null;
  revokedReason: string | null;
  createdAt: number;
  expiresAt: number | null;
  rotatedAt: number | null;
  verifiedAt: number | null;
}

export interface ChallengeRow {
  nonce: string;
  tenantId: string;
  identityId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export type ChallengeUse = { ok: true; challenge: ChallengeRow } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

export interface AgentTokenRow {
  /** The JWT's `jti` (`atk_…`). */
  id: string;
  tenantId: string;
  identityId: string;
  agentId: string;
  /** The customer key that minted it, and that key's hash: the token dies with the key. */
  keyId: string;
  keyHash: string;
  scopes: string[];
  /** Delegation ids, root first; the last one's delegate is the token's identity. */
  chain: string[];
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokedReason: string | null;
}

export interface DelegationRow {
  id: string;
  tenantId: string;
  /** The delegation this one was derived from; null for a root given by the tenant or an identity. */
  parentId: string | null;
  /** The identity that delegated; null when the tenant did (a customer key). */
  delegatorId: string | null;
  delegateId: string;
  capabilities: string[];
  constraints: Record<string, unknown> | null;
  audience: string | null;
  depth: number;
  maxDepth: number;
  singleUse: boolean;
  pop: boolean;
  createdByKeyId: string;
  createdAt: number;
  expiresAt: number;
  consumedAt: number | null;
  revokedAt: number | null;
  revokedReason: string | null;
}

/** A fast-path grant: the tools an agent asked to check locally, re-evaluated at every refresh. */
export interface FastPathGrantRow {
  id: string;
  tenantId: string;
  agentId: string;
  keyId: string;
  /** The agent token the grant was asked with; the grant dies with it. */
  tokenId: string | null;
  tools: string[];
  service: string | null;
  ttlSeconds: number;
  createdAt: number;
  /** The grant itself lasts until then (its snapshots are shorter, `ttlSeconds`). */
  expiresAt: number;
  revokedAt: number | null;
  revokedReason: string | null;
}

/** An A2A authority: what `subject` may do (ceiling, capabilities), given by `delegator`. */
export interface A2AAuthorityRow {
  id: string;
  tenantId: string;
  /** The authority it was derived from; null for a root asserted by an admin key. */
  parentId: string | null;
  delegator: string;
  subject: string;
  ceiling: string;
  capabilities: string[];
  authorizedDelegators: string[];
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface A2AObservationRow {
  tenantId: string;
  agentId: string;
  capability: string;
  count: number;
  firstSeenAt: number;
  lastSeenAt: number;
}

export class AgentIdTaken extends Error {
  constructor(readonly agentId: string) {
    super(`agent id ${agentId} already has an identity`);
  }
}

export interface IdentityListQuery {
  kind?: IdentityKind;
  limit: number;
}

export interface IdentityStore {
  /** Throws `AgentIdTaken` when the tenant already has an identity with this `agentId`. */
  createIdentity(row: IdentityRow): Promise<void>;
  getIdentity(tenantId: string, id: string): Promise<IdentityRow | null>;
  findIdentityByAgent(tenantId: string, agentId: string): Promise<IdentityRow | null>;
  listIdentities(tenantId: string, query: IdentityListQuery): Promise<IdentityRow[]>;
  /** New key material; the old key stays valid until `previousKeyValidUntil`. Null when not found or revoked. */
  rotateIdentityKey(
    tenantId: string,
    id: string,
    change: { publicKey: string; previousKeyValidUntil: number; expiresAt: number | null; now: number },
  ): Promise<IdentityRow | null>;
  createChallenge(row: ChallengeRow): Promise<void>;
  /** Spends the identity's challenge `nonce` (once, atomically) and records the verification time on success. */
  useChallenge(tenantId: string, identityId: string, nonce: string, now: number): Promise<ChallengeUse>;
  markVerified(tenantId: string, identityId: string, now: number): Promise<void>;
  /**
   * Revokes what `plan` says, given the tenant's live graph, in one transaction: identities,
   * delegations and tokens. Returns the plan as applied (only what was not already revoked).
   */
  revokeCascade(tenantId: string, plan: (graph: CascadeGraph) => Cascade, reason: string | null, now: number): Promise<Cascade>;

  /** Stores a token; when `consume` names a single-use delegation of its chain, spends it in the same transaction (false: already spent). */
  createAgentToken(row: AgentTokenRow, consume?: string): Promise<boolean>;
  getAgentToken(id: string): Promise<AgentTokenRow | null>;

  /** Stores `row`; when `consume` names a single-use delegation, spends it in the same transaction (false: already spent). */
  createDelegation(row: DelegationRow, consume?: string): Promise<boolean>;
  getDelegation(tenantId: string, id: string): Promise<DelegationRow | null>;
  listDelegations(tenantId: string, query: { identityId?: string; limit: number }): Promise<DelegationRow[]>;

  /** Records an A2A message nonce until `expiresAt`; false when the agent already used it (a replay). */
  useA2ANonce(tenantId: string, agentId: string, nonce: string, now: number, expiresAt: number): Promise<boolean>;
  /** Counts one use of `capability` by the agent; returns the running totals. */
  observeCapability(tenantId: string, agentId: string, capability: string, now: number): Promise<A2AObservationRow>;
  createA2AAuthority(row: A2AAuthorityRow): Promise<void>;
  /** Active (unrevoked, unexpired) authorities held by `subject`, newest first. */
  activeA2AAuthorities(tenantId: string, subject: string, now: number): Promise<A2AAuthorityRow[]>;
  /** Revokes what `plan` picks from the tenant's unrevoked authorities, in one transaction; returns their ids. */
  revokeA2AAuthorities(tenantId: string, plan: (live: A2AAuthorityRow[]) => string[], now: number): Promise<A2AAuthorityRow[]>;

  createFastPathGrant(row: FastPathGrantRow): Promise<void>;
  getFastPathGrant(tenantId: string, id: string): Promise<FastPathGrantRow | null>;
  /** False when it was already revoked. */
  revokeFastPathGrant(tenantId: string, id: string, reason: string, now: number): Promise<boolean>;
}

/** Issue 20: the store's identity part, one name on `Store`. */
export interface IdentityStores {
  readonly identities: IdentityStore;
  /** Acting edges (edge-store.ts). */
  readonly edges: EdgeStore;
}
