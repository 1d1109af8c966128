// Issue 20: the identity registry. Identities of every kind (agent, human, service, mcp_server,
// tool, sub_agent) with capabilities, metadata, a parent and a lifetime; Ed25519 key material
// (issued by the service, or the caller's own public key through `register`), rotation with a
// grace period for the old key, proof of possession by single-use challenges, and revocation that
// takes down descendants, their tokens and delegations in the same transaction.
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { minimalScopes, revocationCascade, scopesWithin } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { canonicalPublicKey, newIdentityKeyPair, verifyEd25519 } from '../identity/ed25519-keys.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { identityStatus } from '../identity/identity-status.ts';
import { presentIdentity } from '../identity/present-identity.ts';
import { iso } from '../present.ts';
import { errorResponses, ref } from '../schemas.ts';
import {
  Identity,
  IdentityChallenge,
  IdentityCreated,
  IdentityCreateRequest,
  IdentityList,
  IdentityListQuery,
  IdentityReq,
  IdentityRevokeRequest,
  IdentityRotateRequest,
  IdentityRotation,
  IdentityVerification,
  IdentityVerifyRequest,
  RevocationResult,
} from '../schemas/identity.ts';
import { AgentIdTaken, type IdentityKind, type IdentityRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';

/** How long a challenge nonce may be signed and sent back. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** How long the key a rotation replaced still verifies, so holders can switch without a gap. */
export const ROTATION_GRACE_MS = 10 * 60_000;

const IdentityParams = Type.Object({ identity_id: Type.String({ minLength: 1, maxLength: 200 }) });

export function identityRoutes(app: App, ctx: AppContext): void {
  const store = ctx.store.identities;

  const checkTenant = (key: KeyRow, tenant: string | null | undefined) => {
    if (tenant !== undefined && tenant !== null && tenant !== key.tenantId) {
      throw new ApiError('AG_FORBIDDEN', `tenant \`${tenant}\` is not this key's tenant (\`${key.tenantId}\`)`);
    }
  };

  /** The parent, active, and the capabilities and expiry a child may have under it. */
  const underParent = async (
    key: KeyRow,
    parentId: string | null | undefined,
    capabilities: string[] | null,
    expiresAt: number | null,
    now: number,
  ) => {
    if (!parentId) return { parentId: null, capabilities, expiresAt };
    const parent = await store.getIdentity(key.tenantId, parentId);
    if (!parent)
      throw new ValidationFailed([{ loc: ['body', 'parent_id'], msg: `no identity \`${parentId}\` in this tenant`, type: 'value_error' }]);
    const status = identityStatus(parent, now);
    if (status !== 'active') throw new ApiError('AG_CONFLICT', `parent identity \`${parentId}\` is ${status}`);
    if (parent.capabilities !== null && capabilities !== null && !scopesWithin(capabilities, parent.capabilities)) {
      const outside = capabilities.filter((c) => !scopesWithin([c], parent.capabilities!));
      throw new ValidationFailed([
        {
          loc: ['body', 'capabilities'],
          msg: `a child cannot hold more than its parent: ${outside.map((c) => `\`${c}\``).join(', ')} not held by \`${parentId}\``,
          type: 'value_error',
        },
      ]);
    }
    // A child lives no longer than its parent, and without its own list inherits the parent's.
    const capped = parent.expiresAt === null ? expiresAt : expiresAt === null ? parent.expiresAt : Math.min(expiresAt, parent.expiresAt);
    return { parentId: parent.id, capabilities: capabilities ?? parent.capabilities, expiresAt: capped };
  };

  const create = async (row: IdentityRow) => {
    try {
      await store.createIdentity(row);
    } catch (error) {
      if (error instanceof AgentIdTaken) throw new ApiError('AG_CONFLICT', `agent \`${error.agentId}\` already has an identity`);
      throw error;
    }
  };

  app.post(
    '/fabric/identities',
    { schema: { body: IdentityCreateRequest, response: { 201: IdentityCreated, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      checkTenant(key, body.tenant);
      const now = ctx.clock();
      const ttl = body.ttl_seconds === undefined ? 86400 : body.ttl_seconds;
      const placed = await underParent(
        key,
        body.parent_id,
        body.capabilities ? minimalScopes(body.capabilities) : null,
        ttl === null ? null : now + ttl * 1000,
        now,
      );
      const pair = newIdentityKeyPair();
      const id = newIdentityId('idn', now);
      const row = newRow(key, {
        id,
        kind: body.kind as IdentityKind,
        displayName: body.display_name,
        agentId: id,
        publicKey: pair.publicKey,
        metadata: (body.metadata ?? null) as Record<string, unknown> | null,
        now,
        ...placed,
      });
      await create(row);
      reply.code(201);
      return { identity: presentIdentity(row, now), private_key: pair.privateKey };
    },
  );

  app.post(
    '/fabric/identities/register',
    { schema: { body: IdentityReq, response: { 201: IdentityCreated, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      checkTenant(key, body.tenant);
      const publicKey = canonicalPublicKey(body.agent_public_key);
      if (!publicKey) {
        throw new ValidationFailed([
          { loc: ['body', 'agent_public_key'], msg: 'not an Ed25519 public key (base64url of 32 raw bytes)', type: 'value_error' },
        ]);
      }
      const now = ctx.clock();
      const id = newIdentityId('idn', now);
      const row = newRow(key, {
        id,
        kind: 'agent',
        displayName: body.agent_id,
        agentId: body.agent_id,
        organization: body.organization,
        publicKey,
        capabilities: minimalScopes(body.capabilities ?? []),
        authorityScope: (body.authority_scope ?? {}) as Record<string, unknown>,
        metadata: null,
        parentId: null,
        expiresAt: now + Math.round((body.ttl_seconds ?? 3600) * 1000),
        now,
      });
      await create(row);
      reply.code(201);
      return { identity: presentIdentity(row, now), private_key: null };
    },
  );

  app.get(
    '/fabric/identities',
    { schema: { querystring: IdentityListQuery, response: { 200: IdentityList } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const rows = await store.listIdentities(key.tenantId, {
        kind: request.query.kind as IdentityKind | undefined,
        limit: request.query.limit ?? 100,
      });
      return { identities: rows.map((row) => presentIdentity(row, now)) };
    },
  );

  /** The identity, 404 when missing, another tenant's, or (for agent keys and tokens) another agent's. */
  const find = async (key: KeyRow, id: string) => {
    const row = await store.getIdentity(key.tenantId, id);
    if (!row || (key.kind === 'agent' && key.agentId !== row.agentId)) throw new ApiError('AG_NOT_FOUND', `identity \`${id}\` not found`);
    return row;
  };
  const findActive = async (key: KeyRow, id: string, now: number) => {
    const row = await find(key, id);
    const status = identityStatus(row, now);
    if (status !== 'active') throw new ApiError('AG_CONFLICT', `identity \`${id}\` is ${status}`);
    return row;
  };

  app.get(
    '/fabric/identities/:identity_id',
    { schema: { params: IdentityParams, response: { 200: Identity } }, config: { access: 'approver' } },
    async (request) => presentIdentity(await find(keyOf(request), request.params.identity_id), ctx.clock()),
  );

  app.post(
    '/fabric/identities/:identity_id/revoke',
    {
      schema: {
        params: IdentityParams,
        body: Type.Optional(IdentityRevokeRequest),
        response: { 200: RevocationResult, ...errorResponses(409) },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      const identity = await find(key, request.params.identity_id);
      if (identity.revokedAt !== null) throw new ApiError('AG_CONFLICT', `identity \`${identity.id}\` is already revoked`);
      const now = ctx.clock();
      const reason = request.body?.reason ?? null;
      const done = await store.revokeCascade(
        key.tenantId,
        (graph) => revocationCascade(graph, { identityIds: [identity.id] }),
        reason,
        now,
      );
      request.log.info({ identity_id: identity.id, ...done }, 'identity revoked');
      return {
        revoked_identities: done.identityIds,
        revoked_delegations: done.delegationIds,
        revoked_tokens: done.tokenIds,
        reason,
        revoked_at: iso(now),
      };
    },
  );

  app.post(
    '/fabric/identities/:identity_id/rotate',
    {
      schema: {
        params: IdentityParams,
        body: Type.Optional(IdentityRotateRequest),
        response: { 200: IdentityRotation, ...errorResponses(409) },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const identity = await findActive(key, request.params.identity_id, now);
      const ttl = request.body?.ttl_seconds === undefined ? 86400 : request.body.ttl_seconds;
      let expiresAt = ttl === null ? null : now + ttl * 1000;
      if (identity.parentId) {
        const parent = await store.getIdentity(key.tenantId, identity.parentId);
        if (parent?.expiresAt != null) expiresAt = expiresAt === null ? parent.expiresAt : Math.min(expiresAt, parent.expiresAt);
      }
      const pair = newIdentityKeyPair();
      const previousKeyValidUntil = now + ROTATION_GRACE_MS;
      const rotated = await store.rotateIdentityKey(key.tenantId, identity.id, {
        publicKey: pair.publicKey,
        previousKeyValidUntil,
        expiresAt,
        now,
      });
      if (!rotated) throw new ApiError('AG_CONFLICT', `identity \`${identity.id}\` was revoked meanwhile`);
      request.log.info(
        { identity_id: identity.id, key_version: rotated.keyVersion, reason: request.body?.reason ?? null },
        'identity key rotated',
      );
      return {
        identity: presentIdentity(rotated, now),
        private_key: pair.privateKey,
        previous_key_valid_until: iso(previousKeyValidUntil),
      };
    },
  );

  app.post(
    '/fabric/identities/:identity_id/challenge',
    { schema: { params: IdentityParams, response: { 201: IdentityChallenge, ...errorResponses(409) } }, config: { access: 'agent' } },
    async (request, reply) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const identity = await findActive(key, request.params.identity_id, now);
      const nonce = `chl_${randomBytes(32).toString('base64url')}`;
      await store.createChallenge({
        nonce,
        tenantId: key.tenantId,
        identityId: identity.id,
        createdAt: now,
        expiresAt: now + CHALLENGE_TTL_MS,
        usedAt: null,
      });
      reply.code(201);
      return { identity_id: identity.id, challenge: nonce, expires_at: iso(now + CHALLENGE_TTL_MS) };
    },
  );

  app.post(
    '/fabric/identities/:identity_id/verify',
    {
      schema: { params: IdentityParams, body: IdentityVerifyRequest, response: { 200: IdentityVerification, ...errorResponses(409) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const identity = await findActive(key, request.params.identity_id, now);
      const body = request.body;
      // The nonce is spent first, whatever the outcome: one signature attempt per challenge.
      const used = await store.useChallenge(key.tenantId, identity.id, body.challenge, now);
      if (!used.ok) {
        const why = {
          unknown: 'unknown challenge for this identity',
          expired: 'the challenge expired',
          used: 'the challenge was already used (replay refused)',
        };
        throw new ApiError(
          used.reason === 'unknown' ? 'AG_NOT_FOUND' : 'AG_CONFLICT',
          `${why[used.reason]}; get a new one from \`POST /fabric/identities/${identity.id}/challenge\``,
        );
      }
      const presented = canonicalPublicKey(body.public_key);
      const inGrace =
        identity.previousPublicKey !== null && identity.previousKeyValidUntil !== null && identity.previousKeyValidUntil > now;
      const version =
        presented === identity.publicKey
          ? identity.keyVersion
          : inGrace && presented === identity.previousPublicKey
            ? identity.keyVersion - 1
            : null;
      const answer = (verified: boolean, detail: string) => ({
        identity_id: identity.id,
        verified,
        key_version: version ?? identity.keyVersion,
        detail,
        verified_at: verified ? iso(now) : null,
      });
      if (version === null) {
        return answer(
          false,
          `the public key is not the identity's current key (version ${identity.keyVersion})${identity.previousPublicKey ? ' nor its previous key within the grace period' : ''}`,
        );
      }
      if (!verifyEd25519(presented!, body.challenge, body.signature))
        return answer(false, 'the signature does not verify over the challenge');
      await store.markVerified(key.tenantId, identity.id, now);
      return answer(
        true,
        version === identity.keyVersion
          ? 'proof of possession verified with the current key'
          : 'proof of possession verified with the previous key (grace period)',
      );
    },
  );
}

/** A fresh identity row of this key's tenant. */
export function newRow(
  key: KeyRow,
  fields: {
    id: string;
    kind: IdentityKind;
    displayName: string;
    agentId: string;
    organization?: string | null;
    publicKey: string;
    capabilities: string[] | null;
    authorityScope?: Record<string, unknown> | null;
    metadata: Record<string, unknown> | null;
    parentId: string | null;
    expiresAt: number | null;
    now: number;
  },
): IdentityRow {
  return {
    id: fields.id,
    tenantId: key.tenantId,
    kind: fields.kind,
    displayName: fields.displayName,
    agentId: fields.agentId,
    organization: fields.organization ?? null,
    capabilities: fields.capabilities,
    authorityScope: fields.authorityScope ?? null,
    metadata: fields.metadata,
    parentId: fields.parentId,
    publicKey: fields.publicKey,
    previousPublicKey: null,
    previousKeyValidUntil: null,
    keyVersion: 1,
    revokedAt: null,
    revokedReason: null,
    createdAt: fields.now,
    expiresAt: fields.expiresAt,
    rotatedAt: null,
    verifiedAt: null,
  };
}
