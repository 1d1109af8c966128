// Agent tokens: short-lived JWTs (EdDSA, signed with the service's current key, `kid` published
// at `GET /fabric/keys/public`) bound to one identity, scoped to tool paths, carrying the
// delegation chain they were minted under. Every use is checked against the store as well as the
// signature, so a revocation, an expired identity or a revoked minting key stops the token at once.
import type { KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { minimalScopes, scopesWithin } from '@actiongate/engine';
import { ApiError } from '../errors.ts';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { AgentTokenRow, DelegationRow, IdentityRow } from '../store/identity-store.ts';
import type { KeyRow, Store } from '../store/store.ts';
import { identityStatus } from './identity-status.ts';
import { newIdentityId } from './identity-ids.ts';
import { delegationStatus } from './present-identity.ts';
import { VerifiedTokens } from './verified-tokens.ts';
import type { AgentTokenRequest } from '../schemas/identity.ts';

export const TOKEN_ISSUER = 'actiongate';
export const TOKEN_AUDIENCE = 'actiongate';
/** Audience of action tokens (`TokenReq`), which only `POST /fabric/tokens/execute` accepts. */
export const ACTION_AUDIENCE = 'actiongate:execute';

/** The one call an action token allows. */
export interface ActionBinding {
  path: string;
  action: string;
  resource: string;
  arguments_hash: string;
  grant_id: string;
}
/** How fresh a proof of possession must be to use a delegation marked `pop`. */
export const POP_FRESH_MS = 5 * 60_000;

/** What a verified token lets a request do: act as its agent, within its scopes. */
export interface TokenPrincipal {
  id: string;
  identityId: string;
  agentId: string;
  scopes: string[];
  chain: string[];
  /** What scopes the call, in the identity stage's words (default: `agent token <id>`). */
  label?: string;
}

export interface MintedToken {
  token: string;
  row: AgentTokenRow;
  identity: IdentityRow;
  kid: string;
}

export class AgentTokenService {
  /** Bearer tokens whose signature and claims were checked (issue 15: once per token, not per request). */
  private readonly bearerTokens = new VerifiedTokens();

  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly clock: () => number,
  ) {}

  /** The identity `agentId` names in the tenant (its `agent_id`, else its `identity_id`), active. */
  async activeIdentity(tenantId: string, agentId: string, now: number): Promise<IdentityRow> {
    const identity =
      (await this.store.identities.findIdentityByAgent(tenantId, agentId)) ?? (await this.store.identities.getIdentity(tenantId, agentId));
    if (!identity) throw new ApiError('AG_NOT_FOUND', `no identity for agent \`${agentId}\`; register it at \`POST /fabric/identities\``);
    const status = identityStatus(identity, now);
    if (status !== 'active') throw new ApiError('AG_CONFLICT', `identity \`${identity.id}\` is ${status}`);
    return identity;
  }

  /**
   * The delegations of `chain`, checked: each exists and is active, each derives from the one
   * before, the last one delegates to `identity`, and a `pop` delegation has a fresh proof.
   */
  async checkedChain(tenantId: string, chain: readonly string[], identity: IdentityRow, now: number): Promise<DelegationRow[]> {
    const rows: DelegationRow[] = [];
    for (const [i, id] of chain.entries()) {
      const row = await this.store.identities.getDelegation(tenantId, id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `delegation \`${id}\` not found`);
      const status = delegationStatus(row, now);
      if (status !== 'active') throw new ApiError('AG_CONFLICT', `delegation \`${id}\` is ${status}`);
      if (i > 0 && row.parentId !== chain[i - 1]) {
        throw new ApiError('AG_CONFLICT', `delegation \`${id}\` does not derive from \`${chain[i - 1]}\`; list the chain root first`);
      }
      if (row.pop && (identity.verifiedAt === null || identity.verifiedAt < now - POP_FRESH_MS)) {
        throw new ApiError(
          'AG_FORBIDDEN',
          `delegation \`${id}\` needs a proof of possession within ${POP_FRESH_MS / 60_000} min: \`POST /fabric/identities/${identity.id}/challenge\`, then \`/verify\``,
        );
      }
      rows.push(row);
    }
    const last = rows[rows.length - 1];
    if (last && last.delegateId !== identity.id) {
      throw new ApiError('AG_FORBIDDEN', `delegation \`${last.id}\` delegates to \`${last.delegateId}\`, not to \`${identity.id}\``);
    }
    return rows;
  }

  async mint(key: KeyRow, request: AgentTokenRequest): Promise<MintedToken> {
    const now = this.clock();
    const identity = await this.activeIdentity(key.tenantId, request.agent_id, now);
    const scopes = minimalScopes(request.scopes);
    const chainIds = request.chain ?? [];
    const chain = await this.checkedChain(key.tenantId, chainIds, identity, now);
    const last = chain[chain.length - 1];
    if (last && !scopesWithin(scopes, last.capabilities)) {
      const outside = scopes.filter((scope) => !scopesWithin([scope], last.capabilities));
      throw new ApiError(
        'AG_FORBIDDEN',
        `scopes ${outside.map((s) => `\`${s}\``).join(', ')} are not delegated by \`${last.id}\` (capabilities: ${last.capabilities.map((c) => `\`${c}\``).join(', ')})`,
      );
    }
    const limits = [now + (request.ttl_seconds ?? 900) * 1000, ...chain.map((row) => row.expiresAt)];
    if (identity.expiresAt !== null) limits.push(identity.expiresAt);
    // JWT times are whole seconds; the stored expiry is the token's.
    const exp = Math.floor(Math.min(...limits) / 1000);
    const iat = Math.floor(now / 1000);
    if (exp <= iat) throw new ApiError('AG_CONFLICT', 'the identity or its delegation expires within a second; nothing to mint');
    const audience = chain.map((row) => row.audience).find((a): a is string => a !== null);
    const { token, row, kid } = await this.signed(key, identity, now, exp, {
      claims: { scopes, chain: chainIds },
      audience: audience && audience !== TOKEN_AUDIENCE ? [TOKEN_AUDIENCE, audience] : TOKEN_AUDIENCE,
    });
    const stored = await this.store.identities.createAgentToken(row, last?.singleUse ? last.id : undefined);
    if (!stored) throw new ApiError('AG_CONFLICT', `single-use delegation \`${last!.id}\` was already used`);
    return { token, row, identity, kid };
  }

  /**
   * An action token (`TokenReq`): a JWT bound to one call (`act`: path, action, resource, arguments
   * hash, grant), scoped to its path, stored like any agent token so a revocation cascade reaches it.
   * Spent at `POST /fabric/tokens/execute`; never accepted as a Bearer credential.
   */
  async mintAction(
    key: KeyRow,
    identity: IdentityRow,
    binding: ActionBinding,
    options: { chain: string[]; expiresAt: number },
  ): Promise<MintedToken> {
    const now = this.clock();
    const exp = Math.floor(options.expiresAt / 1000);
    const iat = Math.floor(now / 1000);
    if (exp <= iat) throw new ApiError('AG_CONFLICT', 'the grant or identity expires within a second; nothing to mint');
    const { token, row, kid } = await this.signed(key, identity, now, exp, {
      claims: { scopes: [binding.path], chain: options.chain, act: binding },
      audience: ACTION_AUDIENCE,
    });
    await this.store.identities.createAgentToken(row);
    return { token, row, identity, kid };
  }

  /** A JWT signed with the current key for `identity`, and the row that records it (not yet stored). */
  private async signed(
    key: KeyRow,
    identity: IdentityRow,
    now: number,
    exp: number,
    token: { claims: { scopes: string[]; chain: string[]; act?: ActionBinding }; audience: string | string[] },
  ): Promise<{ token: string; row: AgentTokenRow; kid: string }> {
    const signing = this.keyRing.current;
    const id = newIdentityId('atk', now);
    const jwt = await new SignJWT({ tid: key.tenantId, idn: identity.id, ...token.claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: signing.kid, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(token.audience)
      .setSubject(identity.agentId)
      .setJti(id)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(exp)
      .sign(signing.privateKey);
    const row: AgentTokenRow = {
      id,
      tenantId: key.tenantId,
      identityId: identity.id,
      agentId: identity.agentId,
      keyId: key.id,
      keyHash: key.keyHash,
      scopes: token.claims.scopes,
      chain: [...token.claims.chain],
      createdAt: now,
      expiresAt: exp * 1000,
      revokedAt: null,
      revokedReason: null,
    };
    return { token: jwt, row, kid: signing.kid };
  }

  /** The live row and binding of an action token; 401 like `verify` when it is not one, or not live. */
  async verifyAction(token: string): Promise<{ key: KeyRow; row: AgentTokenRow; binding: ActionBinding }> {
    const { key, row, payload } = await this.verified(token, ACTION_AUDIENCE);
    const act = payload.act as ActionBinding | undefined;
    if (!act || typeof act.path !== 'string') throw new ApiError('AG_INVALID_TOKEN', 'invalid action token: it binds no call');
    return { key, row, binding: act };
  }

  /**
   * The key and principal a bearer token stands for; 401 when the token is malformed, tampered,
   * signed by an unknown key, expired, revoked, or its identity or minting key no longer active.
   */
  async verify(token: string): Promise<{ key: KeyRow; principal: TokenPrincipal }> {
    const { key, row } = await this.verified(token, TOKEN_AUDIENCE, this.bearerTokens);
    return {
      // The token acts as an agent key bound to its agent, under the minting key's record.
      key: { ...key, kind: 'agent', role: 'agent', agentId: row.agentId },
      principal: { id: row.id, identityId: row.identityId, agentId: row.agentId, scopes: row.scopes, chain: row.chain },
    };
  }

  /**
   * `verifiedTokens`: tokens of this audience already checked, whose signature and claims need no
   * second check (verified-tokens.ts); the store's rows below are read every time all the same.
   */
  private async verified(
    token: string,
    audience: string,
    verifiedTokens?: VerifiedTokens,
  ): Promise<{ key: KeyRow; row: AgentTokenRow; payload: JWTPayload }> {
    const invalid = (why: string) => new ApiError('AG_INVALID_TOKEN', `invalid agent token: ${why}`);
    if (token.length > 4096) throw invalid('too long');
    const now = this.clock();
    const publicKeyOf = (kid: string) => this.keyRing.byKid(kid)?.publicKey;
    let payload = verifiedTokens?.payload(token, now, publicKeyOf);
    if (payload === undefined) {
      // The key that verified the signature, kept with the token.
      let verifiedBy: { kid: string; publicKey: KeyObject } | undefined;
      try {
        const verified = await jwtVerify(
          token,
          (header) => {
            const publicKey = header.kid ? publicKeyOf(header.kid) : undefined;
            if (!publicKey) throw new Error('unknown kid');
            verifiedBy = { kid: header.kid!, publicKey };
            return publicKey;
          },
          {
            algorithms: ['EdDSA'],
            issuer: TOKEN_ISSUER,
            // Action tokens carry their own audience, so one is never taken for a Bearer credential.
            audience,
            currentDate: new Date(now),
            requiredClaims: ['jti', 'exp', 'sub'],
          },
        );
        payload = Object.freeze(verified.payload);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw invalid(code === 'ERR_JWT_EXPIRED' ? 'expired' : 'signature or claims do not verify');
      }
      if (verifiedBy) verifiedTokens?.keep(token, verifiedBy.kid, verifiedBy.publicKey, payload);
    }
    const row = await this.store.identities.getAgentToken(String(payload.jti));
    if (!row || row.tenantId !== payload.tid || row.agentId !== payload.sub) throw invalid('unknown token');
    if (row.revokedAt !== null) throw invalid('revoked');
    if (row.expiresAt <= now) throw invalid('expired');
    const identity = await this.store.identities.getIdentity(row.tenantId, row.identityId);
    if (!identity || identityStatus(identity, now) !== 'active') throw invalid(`identity \`${row.identityId}\` is not active`);
    const key = await this.store.findKeyByHash(row.keyHash);
    if (!key || key.revokedAt !== null || key.id !== row.keyId) throw invalid('the key that minted it was revoked');
    return { key, row, payload };
  }
}
