// Issue 20: identities, challenges, agent tokens and delegations in SQLite. Portable SQL (no
// `INSERT OR`, times as integer milliseconds, JSON as TEXT); single use is an UPDATE guarded by
// `consumed_at IS NULL` / `used_at IS NULL`, so two racing requests cannot both spend it.
import type Database from 'better-sqlite3';
import type { Cascade, CascadeGraph } from '@actiongate/engine';
import {
  AgentIdTaken,
  type A2AAuthorityRow,
  type A2AObservationRow,
  type AgentTokenRow,
  type ChallengeRow,
  type ChallengeUse,
  type DelegationRow,
  type FastPathGrantRow,
  type IdentityListQuery,
  type IdentityRow,
  type IdentityStore,
} from '../identity-store.ts';
import { identityOf, tokenOf, delegationOf, authorityOf } from '../identity-rows.ts';

type Row = Record<string, any>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const parsed = (text: string | null) => (text === null ? null : JSON.parse(text));

export class SqliteIdentities implements IdentityStore {
  constructor(private readonly db: Database.Database) {}

  async createIdentity(row: IdentityRow): Promise<void> {
    const taken = this.db.prepare('SELECT id FROM identities WHERE tenant_id = ? AND agent_id = ?').get(row.tenantId, row.agentId);
    if (taken) throw new AgentIdTaken(row.agentId);
    this.db
      .prepare(
        `INSERT INTO identities (id, tenant_id, kind, display_name, agent_id, organization, capabilities, authority_scope, metadata,
           parent_id, public_key, key_version, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.tenantId,
        row.kind,
        row.displayName,
        row.agentId,
        row.organization,
        json(row.capabilities),
        json(row.authorityScope),
        json(row.metadata),
        row.parentId,
        row.publicKey,
        row.keyVersion,
        row.createdAt,
        row.expiresAt,
      );
  }

  async getIdentity(tenantId: string, id: string): Promise<IdentityRow | null> {
    const row = this.db.prepare('SELECT * FROM identities WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? identityOf(row) : null;
  }

  async findIdentityByAgent(tenantId: string, agentId: string): Promise<IdentityRow | null> {
    const row = this.db.prepare('SELECT * FROM identities WHERE tenant_id = ? AND agent_id = ?').get(tenantId, agentId) as Row | undefined;
    return row ? identityOf(row) : null;
  }

  async listIdentities(tenantId: string, query: IdentityListQuery): Promise<IdentityRow[]> {
    const rows = query.kind
      ? this.db
          .prepare('SELECT * FROM identities WHERE tenant_id = ? AND kind = ? ORDER BY created_at DESC, id DESC LIMIT ?')
          .all(tenantId, query.kind, query.limit)
      : this.db
          .prepare('SELECT * FROM identities WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
          .all(tenantId, query.limit);
    return (rows as Row[]).map(identityOf);
  }

  async rotateIdentityKey(
    tenantId: string,
    id: string,
    change: { publicKey: string; previousKeyValidUntil: number; expiresAt: number | null; now: number },
  ): Promise<IdentityRow | null> {
    const updated = this.db
      .prepare(
        `UPDATE identities SET previous_public_key = public_key, previous_key_valid_until = ?, public_key = ?,
           key_version = key_version + 1, expires_at = ?, rotated_at = ?
         WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`,
      )
      .run(change.previousKeyValidUntil, change.publicKey, change.expiresAt, change.now, tenantId, id);
    return updated.changes === 1 ? this.getIdentity(tenantId, id) : null;
  }

  async createChallenge(row: ChallengeRow): Promise<void> {
    this.db.transaction(() => {
      // Spent and expired challenges of the tenant go when a new one is issued, so the table stays small.
      this.db.prepare('DELETE FROM identity_challenges WHERE tenant_id = ? AND expires_at <= ?').run(row.tenantId, row.createdAt);
      this.db
        .prepare('INSERT INTO identity_challenges (nonce, tenant_id, identity_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(row.nonce, row.tenantId, row.identityId, row.createdAt, row.expiresAt);
    })();
  }

  async useChallenge(tenantId: string, identityId: string, nonce: string, now: number): Promise<ChallengeUse> {
    return this.db.transaction((): ChallengeUse => {
      const row = this.db
        .prepare('SELECT * FROM identity_challenges WHERE nonce = ? AND tenant_id = ? AND identity_id = ?')
        .get(nonce, tenantId, identityId) as Row | undefined;
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.used_at !== null) return { ok: false, reason: 'used' };
      if (row.expires_at <= now) return { ok: false, reason: 'expired' };
      const spent = this.db.prepare('UPDATE identity_challenges SET used_at = ? WHERE nonce = ? AND used_at IS NULL').run(now, nonce);
      if (spent.changes !== 1) return { ok: false, reason: 'used' };
      return {
        ok: true,
        challenge: { nonce, tenantId, identityId, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: now },
      };
    })();
  }

  async markVerified(tenantId: string, identityId: string, now: number): Promise<void> {
    this.db.prepare('UPDATE identities SET verified_at = ? WHERE tenant_id = ? AND id = ?').run(now, tenantId, identityId);
  }

  async revokeCascade(tenantId: string, plan: (graph: CascadeGraph) => Cascade, reason: string | null, now: number): Promise<Cascade> {
    return this.db.transaction((): Cascade => {
      const graph: CascadeGraph = {
        identities: (
          this.db.prepare('SELECT id, parent_id FROM identities WHERE tenant_id = ? AND revoked_at IS NULL').all(tenantId) as Row[]
        ).map((row) => ({ id: row.id, parentId: row.parent_id })),
        delegations: (
          this.db
            .prepare('SELECT id, parent_id, delegator_id, delegate_id FROM delegations WHERE tenant_id = ? AND revoked_at IS NULL')
            .all(tenantId) as Row[]
        ).map((row) => ({ id: row.id, parentId: row.parent_id, delegatorId: row.delegator_id, delegateId: row.delegate_id })),
        tokens: (
          this.db
            .prepare('SELECT id, identity_id, chain FROM agent_tokens WHERE tenant_id = ? AND revoked_at IS NULL AND expires_at > ?')
            .all(tenantId, now) as Row[]
        ).map((row) => ({ id: row.id, identityId: row.identity_id, chain: JSON.parse(row.chain) })),
      };
      const cascade = plan(graph);
      const revoke = (table: string, ids: readonly string[]) => {
        const statement = this.db.prepare(
          `UPDATE ${table} SET revoked_at = ?, revoked_reason = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`,
        );
        return ids.filter((id) => statement.run(now, reason, tenantId, id).changes === 1);
      };
      return {
        identityIds: revoke('identities', cascade.identityIds),
        delegationIds: revoke('delegations', cascade.delegationIds),
        tokenIds: revoke('agent_tokens', cascade.tokenIds),
      };
    })();
  }

  async createAgentToken(row: AgentTokenRow, consume?: string): Promise<boolean> {
    return this.db.transaction((): boolean => {
      if (consume !== undefined && !this.consume(row.tenantId, consume, row.createdAt)) return false;
      this.db
        .prepare(
          `INSERT INTO agent_tokens (id, tenant_id, identity_id, agent_id, key_id, key_hash, scopes, chain, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          row.id,
          row.tenantId,
          row.identityId,
          row.agentId,
          row.keyId,
          row.keyHash,
          JSON.stringify(row.scopes),
          JSON.stringify(row.chain),
          row.createdAt,
          row.expiresAt,
        );
      return true;
    })();
  }

  async getAgentToken(id: string): Promise<AgentTokenRow | null> {
    const row = this.db.prepare('SELECT * FROM agent_tokens WHERE id = ?').get(id) as Row | undefined;
    return row ? tokenOf(row) : null;
  }

  async createDelegation(row: DelegationRow, consume?: string): Promise<boolean> {
    return this.db.transaction((): boolean => {
      if (consume !== undefined && !this.consume(row.tenantId, consume, row.createdAt)) return false;
      this.db
        .prepare(
          `INSERT INTO delegations (id, tenant_id, parent_id, delegator_id, delegate_id, capabilities, constraints, audience, depth,
             max_depth, single_use, pop, created_by_key_id, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          row.id,
          row.tenantId,
          row.parentId,
          row.delegatorId,
          row.delegateId,
          JSON.stringify(row.capabilities),
          json(row.constraints),
          row.audience,
          row.depth,
          row.maxDepth,
          row.singleUse ? 1 : 0,
          row.pop ? 1 : 0,
          row.createdByKeyId,
          row.createdAt,
          row.expiresAt,
        );
      return true;
    })();
  }

  async getDelegation(tenantId: string, id: string): Promise<DelegationRow | null> {
    const row = this.db.prepare('SELECT * FROM delegations WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? delegationOf(row) : null;
  }

  async listDelegations(tenantId: string, query: { identityId?: string; limit: number }): Promise<DelegationRow[]> {
    const rows = query.identityId
      ? this.db
          .prepare(
            `SELECT * FROM delegations WHERE tenant_id = ? AND (delegate_id = ? OR delegator_id = ?)
             ORDER BY created_at DESC, id DESC LIMIT ?`,
          )
          .all(tenantId, query.identityId, query.identityId, query.limit)
      : this.db
          .prepare('SELECT * FROM delegations WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
          .all(tenantId, query.limit);
    return (rows as Row[]).map(delegationOf);
  }

  async useA2ANonce(tenantId: string, agentId: string, nonce: string, now: number, expiresAt: number): Promise<boolean> {
    return this.db.transaction((): boolean => {
      this.db.prepare('DELETE FROM a2a_nonces WHERE tenant_id = ? AND expires_at <= ?').run(tenantId, now);
      const inserted = this.db
        .prepare(
          'INSERT INTO a2a_nonces (tenant_id, agent_id, nonce, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant_id, agent_id, nonce) DO NOTHING',
        )
        .run(tenantId, agentId, nonce, expiresAt);
      return inserted.changes === 1;
    })();
  }

  async observeCapability(tenantId: string, agentId: string, capability: string, now: number): Promise<A2AObservationRow> {
    const row = this.db
      .prepare(
        `INSERT INTO a2a_observations (tenant_id, agent_id, capability, count, first_seen_at, last_seen_at) VALUES (?, ?, ?, 1, ?, ?)
         ON CONFLICT (tenant_id, agent_id, capability) DO UPDATE SET count = a2a_observations.count + 1, last_seen_at = excluded.last_seen_at
         RETURNING *`,
      )
      .get(tenantId, agentId, capability, now, now) as Row;
    return {
      tenantId,
      agentId,
      capability,
      count: row.count,
      firstSeenAt: row.first_seen_at,
      lastSeenAt: row.last_seen_at,
    };
  }

  async createA2AAuthority(row: A2AAuthorityRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO a2a_authorities (id, tenant_id, parent_id, delegator, subject, ceiling, capabilities, authorized_delegators, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.tenantId,
        row.parentId,
        row.delegator,
        row.subject,
        row.ceiling,
        JSON.stringify(row.capabilities),
        JSON.stringify(row.authorizedDelegators),
        row.createdAt,
        row.expiresAt,
      );
  }

  async activeA2AAuthorities(tenantId: string, subject: string, now: number): Promise<A2AAuthorityRow[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM a2a_authorities WHERE tenant_id = ? AND subject = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
         ORDER BY created_at DESC, id DESC`,
      )
      .all(tenantId, subject, now) as Row[];
    return rows.map(authorityOf);
  }

  async revokeA2AAuthorities(tenantId: string, plan: (live: A2AAuthorityRow[]) => string[], now: number): Promise<A2AAuthorityRow[]> {
    return this.db.transaction((): A2AAuthorityRow[] => {
      const live = (this.db.prepare('SELECT * FROM a2a_authorities WHERE tenant_id = ? AND revoked_at IS NULL').all(tenantId) as Row[]).map(
        authorityOf,
      );
      const ids = new Set(plan(live));
      const revoke = this.db.prepare('UPDATE a2a_authorities SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL');
      return live
        .filter((row) => ids.has(row.id) && revoke.run(now, tenantId, row.id).changes === 1)
        .map((row) => ({ ...row, revokedAt: now }));
    })();
  }

  async createFastPathGrant(row: FastPathGrantRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO fast_path_grants (id, tenant_id, agent_id, key_id, token_id, tools, service, ttl_seconds, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.tenantId,
        row.agentId,
        row.keyId,
        row.tokenId,
        JSON.stringify(row.tools),
        row.service,
        row.ttlSeconds,
        row.createdAt,
        row.expiresAt,
      );
  }

  async getFastPathGrant(tenantId: string, id: string): Promise<FastPathGrantRow | null> {
    const row = this.db.prepare('SELECT * FROM fast_path_grants WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      agentId: row.agent_id,
      keyId: row.key_id,
      tokenId: row.token_id,
      tools: JSON.parse(row.tools),
      service: row.service,
      ttlSeconds: row.ttl_seconds,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
    };
  }

  async revokeFastPathGrant(tenantId: string, id: string, reason: string, now: number): Promise<boolean> {
    return (
      this.db
        .prepare('UPDATE fast_path_grants SET revoked_at = ?, revoked_reason = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL')
        .run(now, reason, tenantId, id).changes === 1
    );
  }

  /** Spends a single-use delegation: one UPDATE guarded by `consumed_at IS NULL`. */
  private consume(tenantId: string, id: string, now: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE delegations SET consumed_at = ? WHERE tenant_id = ? AND id = ? AND single_use = 1 AND consumed_at IS NULL AND revoked_at IS NULL',
        )
        .run(now, tenantId, id).changes === 1
    );
  }
}
