// Issue 20: delegation between A2A agent cards (`A2ADelegationRequest`). The cards name registered
// agents; what a card claims is checked against the registry, never trusted. The delegatee gets the
// intersection of what was asked and what the delegator holds (engine `attenuate`), for the task, as
// a delegation like any other: revocable, cascading, usable in a token's chain.
import { attenuate, intersectScopes, MAX_DELEGATION_DEPTH, scopesWithin } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { identityStatus } from '../identity/identity-status.ts';
import { presentDelegation } from '../identity/present-identity.ts';
import { ErrorResponse, errorResponses, ref } from '../schemas.ts';
import { A2ADelegation, A2ADelegationRequest } from '../schemas/a2a.ts';
import type { DelegationRow, IdentityRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';

/** Lifetime of an A2A delegation (capped by the delegator's own expiry). */
const A2A_DELEGATION_TTL_SECONDS = 3600;
const A2A_DELEGATION_MAX_DEPTH = 3;

/** The agent a card names: its `agent_id`, else its `name`. */
function cardAgent(card: Record<string, unknown>, field: string): string {
  const name = typeof card.agent_id === 'string' ? card.agent_id : typeof card.name === 'string' ? card.name : null;
  if (!name || name.length > 200) {
    throw new ValidationFailed([
      { loc: ['body', field, 'agent_id'], msg: 'the card must name its agent in `agent_id` (or `name`)', type: 'missing' },
    ]);
  }
  return name;
}

/** Capabilities a card claims that the registry does not give its agent. */
function unverifiedClaims(card: Record<string, unknown>, identity: IdentityRow): string[] {
  const claimed = Array.isArray(card.capabilities) ? card.capabilities.filter((c): c is string => typeof c === 'string') : [];
  return claimed.filter((c) => !scopesWithin([c], identity.capabilities ?? []));
}

export function a2aDelegationRoutes(app: App, ctx: AppContext): void {
  const store = ctx.store.identities;

  const registered = async (key: KeyRow, name: string, now: number): Promise<IdentityRow> => {
    const row = (await store.findIdentityByAgent(key.tenantId, name)) ?? (await store.getIdentity(key.tenantId, name));
    if (!row) throw new ApiError('AG_NOT_FOUND', `agent \`${name}\` is not registered (\`POST /fabric/a2a/agents\`)`);
    const status = identityStatus(row, now);
    if (status !== 'active') throw new ApiError('AG_CONFLICT', `agent \`${name}\` is ${status}`);
    return row;
  };

  app.post(
    '/fabric/a2a/delegations',
    {
      schema: {
        summary: 'Delegate a task from one agent card to another (A2ADelegationRequest)',
        body: A2ADelegationRequest,
        response: { 201: A2ADelegation, 403: ref(ErrorResponse), ...errorResponses(404, 409) },
      },
      config: { access: 'agent' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const delegatorCard = body.delegator_card as Record<string, unknown>;
      const delegateeCard = body.delegatee_card as Record<string, unknown>;
      const now = ctx.clock();
      if (key.kind === 'customer' && key.role !== 'admin')
        throw new ApiError('AG_FORBIDDEN', 'delegating needs an admin key or the delegating agent');
      const delegator = await registered(key, cardAgent(delegatorCard, 'delegator_card'), now);
      const delegatee = await registered(key, cardAgent(delegateeCard, 'delegatee_card'), now);
      // An agent key or token delegates only as its own agent, and only within its token's scopes.
      if (key.kind === 'agent' && key.agentId !== delegator.agentId) {
        throw new ApiError('AG_FORBIDDEN', `this key speaks for \`${key.agentId}\`; it may not delegate as \`${delegator.agentId}\``);
      }
      if (delegator.id === delegatee.id) throw new ApiError('AG_CONFLICT', 'an agent cannot delegate to itself');
      const own = delegator.capabilities ?? [];
      const held = request.agentToken ? intersectScopes(own, request.agentToken.scopes) : own;
      const result = attenuate(
        { capabilities: held, expiresAt: delegator.expiresAt, depth: 0, maxDepth: MAX_DELEGATION_DEPTH, audience: null },
        { capabilities: body.requested_capabilities, ttlSeconds: A2A_DELEGATION_TTL_SECONDS, maxDepth: A2A_DELEGATION_MAX_DEPTH },
        now,
      );
      if (!result.ok) throw new ApiError(result.reason === 'no_capabilities' ? 'AG_FORBIDDEN' : 'AG_CONFLICT', result.detail);
      const row: DelegationRow = {
        id: newIdentityId('dlg', now),
        tenantId: key.tenantId,
        parentId: null,
        delegatorId: delegator.id,
        delegateId: delegatee.id,
        capabilities: result.grant.capabilities as string[],
        constraints: { task: body.requested_task, a2a: true },
        audience: null,
        depth: result.grant.depth,
        maxDepth: result.grant.maxDepth,
        singleUse: false,
        pop: false,
        createdByKeyId: key.id,
        createdAt: now,
        expiresAt: result.grant.expiresAt!,
        consumedAt: null,
        revokedAt: null,
        revokedReason: null,
      };
      await store.createDelegation(row);
      reply.code(201);
      return {
        delegation: presentDelegation(row, now, result.dropped),
        task: body.requested_task,
        delegator: delegator.id,
        delegatee: delegatee.id,
        granted: row.capabilities,
        dropped: result.dropped,
        unverified_claims: [...unverifiedClaims(delegatorCard, delegator), ...unverifiedClaims(delegateeCard, delegatee)],
      };
    },
  );
}
