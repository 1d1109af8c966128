// Issue 20: delegation. Authority only narrows on the way down (engine `attenuate`): capabilities
// are the intersection with the parent's, the expiry never passes the parent's, the depth never
// passes the smallest `max_depth` above, an audience stays bound. A single-use parent is spent by
// the one sub-delegation (or token) that uses it, atomically; a `pop` parent needs a fresh proof
// of possession by its delegate. Revoking a delegation revokes everything derived from it.
import { Type } from 'typebox';
import { attenuate, intersectScopes, MAX_DELEGATION_DEPTH, revocationCascade, type DelegationGrant } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { POP_FRESH_MS } from '../identity/agent-token-service.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { identityStatus } from '../identity/identity-status.ts';
import { delegationStatus, presentDelegation } from '../identity/present-identity.ts';
import { iso } from '../present.ts';
import { ErrorResponse, errorResponses, ref } from '../schemas.ts';
import { Delegation, DelegationCreateRequest, DelegationList, RevocationResult } from '../schemas/identity.ts';
import type { DelegationRow, IdentityRow } from '../store/identity-store.ts';

const DelegationParams = Type.Object({ delegation_id: Type.String({ minLength: 1, maxLength: 200 }) });
const DelegationListQuery = Type.Object(
  {
    identity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);

const grantOf = (row: DelegationRow): DelegationGrant => ({
  capabilities: row.capabilities,
  expiresAt: row.expiresAt,
  depth: row.depth,
  maxDepth: row.maxDepth,
  audience: row.audience,
});

export function delegationRoutes(app: App, ctx: AppContext): void {
  const store = ctx.store.identities;

  app.post(
    '/fabric/delegations',
    {
      schema: { body: DelegationCreateRequest, response: { 201: Delegation, 403: ref(ErrorResponse), ...errorResponses(404, 409) } },
      config: { access: 'agent' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const constraints = body.constraints ?? null;
      const delegate = await store.getIdentity(key.tenantId, body.delegate_id);
      if (!delegate) throw new ApiError('AG_NOT_FOUND', `identity \`${body.delegate_id}\` not found`);
      const delegateStatus = identityStatus(delegate, now);
      if (delegateStatus !== 'active') throw new ApiError('AG_CONFLICT', `delegate \`${delegate.id}\` is ${delegateStatus}`);

      // Who delegates, and from which grant: a parent delegation, the caller's own identity, or the tenant.
      let delegator: IdentityRow | null = null;
      if (key.kind === 'agent') {
        delegator = await store.findIdentityByAgent(key.tenantId, key.agentId ?? '');
        if (!delegator || identityStatus(delegator, now) !== 'active') {
          throw new ApiError('AG_FORBIDDEN', `agent \`${key.agentId}\` has no active identity to delegate from`);
        }
      }
      let parent: DelegationRow | null = null;
      let grant: DelegationGrant;
      const parentId = constraints?.parent_delegation_id ?? null;
      if (parentId) {
        parent = await store.getDelegation(key.tenantId, parentId);
        if (!parent) throw new ApiError('AG_NOT_FOUND', `delegation \`${parentId}\` not found`);
        const status = delegationStatus(parent, now);
        if (status !== 'active') throw new ApiError('AG_CONFLICT', `parent delegation \`${parent.id}\` is ${status}`);
        if (delegator && parent.delegateId !== delegator.id) {
          throw new ApiError(
            'AG_FORBIDDEN',
            `delegation \`${parent.id}\` was given to \`${parent.delegateId}\`, not to \`${delegator.id}\``,
          );
        }
        const holder = delegator ?? (await store.getIdentity(key.tenantId, parent.delegateId));
        if (!holder || identityStatus(holder, now) !== 'active')
          throw new ApiError('AG_CONFLICT', `the holder of \`${parent.id}\` is not active`);
        if (parent.pop && (holder.verifiedAt === null || holder.verifiedAt < now - POP_FRESH_MS)) {
          throw new ApiError('AG_FORBIDDEN', `delegation \`${parent.id}\` needs a fresh proof of possession by \`${holder.id}\``);
        }
        delegator = holder;
        grant = grantOf(parent);
      } else if (delegator) {
        // An agent delegates from what it holds itself: its capabilities, within its token's scopes.
        const own = delegator.capabilities ?? [];
        grant = {
          capabilities: request.agentToken ? intersectScopes(own, request.agentToken.scopes) : own,
          expiresAt: delegator.expiresAt,
          depth: 0,
          maxDepth: MAX_DELEGATION_DEPTH,
          audience: null,
        };
      } else {
        // The tenant (a customer key) is the root of authority: it may grant what it asks.
        grant = { capabilities: body.capabilities, expiresAt: null, depth: 0, maxDepth: MAX_DELEGATION_DEPTH, audience: null };
      }
      if (key.kind === 'customer' && key.role !== 'admin') throw new ApiError('AG_FORBIDDEN', 'delegating needs an admin key or an agent');

      const result = attenuate(
        grant,
        {
          capabilities: body.capabilities,
          ttlSeconds: body.ttl_seconds ?? 3600,
          maxDepth: body.max_depth ?? 3,
          audience: constraints?.audience,
        },
        now,
      );
      if (!result.ok) {
        throw new ApiError(
          result.reason === 'no_capabilities' || result.reason === 'audience_mismatch' ? 'AG_FORBIDDEN' : 'AG_CONFLICT',
          result.detail,
        );
      }
      const row: DelegationRow = {
        id: newIdentityId('dlg', now),
        tenantId: key.tenantId,
        parentId: parent?.id ?? null,
        delegatorId: delegator?.id ?? null,
        delegateId: delegate.id,
        capabilities: result.grant.capabilities as string[],
        constraints: constraints as Record<string, unknown> | null,
        audience: result.grant.audience,
        depth: result.grant.depth,
        maxDepth: result.grant.maxDepth,
        singleUse: constraints?.single_use ?? false,
        pop: constraints?.pop ?? false,
        createdByKeyId: key.id,
        createdAt: now,
        expiresAt: result.grant.expiresAt!,
        consumedAt: null,
        revokedAt: null,
        revokedReason: null,
      };
      const stored = await store.createDelegation(row, parent?.singleUse ? parent.id : undefined);
      if (!stored) throw new ApiError('AG_CONFLICT', `single-use delegation \`${parent!.id}\` was already used`);
      reply.code(201);
      return presentDelegation(row, now, result.dropped);
    },
  );

  app.get(
    '/fabric/delegations',
    { schema: { querystring: DelegationListQuery, response: { 200: DelegationList } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const rows = await store.listDelegations(key.tenantId, { identityId: request.query.identity_id, limit: request.query.limit ?? 100 });
      return { delegations: rows.map((row) => presentDelegation(row, now)) };
    },
  );

  app.get(
    '/fabric/delegations/:delegation_id',
    { schema: { params: DelegationParams, response: { 200: Delegation } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const row = await store.getDelegation(key.tenantId, request.params.delegation_id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `delegation \`${request.params.delegation_id}\` not found`);
      return presentDelegation(row, ctx.clock());
    },
  );

  app.post(
    '/fabric/delegations/:delegation_id/revoke',
    { schema: { params: DelegationParams, response: { 200: RevocationResult, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const row = await store.getDelegation(key.tenantId, request.params.delegation_id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `delegation \`${request.params.delegation_id}\` not found`);
      if (row.revokedAt !== null) throw new ApiError('AG_CONFLICT', `delegation \`${row.id}\` is already revoked`);
      const now = ctx.clock();
      const done = await store.revokeCascade(key.tenantId, (graph) => revocationCascade(graph, { delegationIds: [row.id] }), null, now);
      return {
        revoked_identities: done.identityIds,
        revoked_delegations: done.delegationIds,
        revoked_tokens: done.tokenIds,
        reason: null,
        revoked_at: iso(now),
      };
    },
  );
}
