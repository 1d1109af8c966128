// Issue 20: agent-to-agent. Agents registered with their capabilities (as identities), message
// nonces refused when replayed or outside the time window, observation of capability use (flagged
// when undeclared), authority with ceilings passed down explicitly (engine `delegateAuthority`),
// and revocation that reaches every descendant in one transaction (engine `authorityCascade`).
import {
  authorityCascade,
  delegateAuthority,
  NONCE_WINDOW_MS,
  nonceWindowProblem,
  scopeCovers,
  type AuthorityGrant,
  type Ceiling,
} from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newIdentityKeyPair } from '../identity/ed25519-keys.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { presentIdentity } from '../identity/present-identity.ts';
import { iso } from '../present.ts';
import { ErrorResponse, errorResponses, ref } from '../schemas.ts';
import {
  A2AAuthority,
  A2AAuthorityRequest,
  A2ANonceAccepted,
  A2ANonceRequest,
  A2AObservation,
  A2AObserveRequest,
  A2ARegisterRequest,
  A2ARevocation,
  A2ARevokeRequest,
} from '../schemas/a2a.ts';
import { IdentityCreated } from '../schemas/identity.ts';
import { AgentIdTaken, type A2AAuthorityRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';
import { newRow } from './identities.ts';

const seconds = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 1000));

export function a2aRoutes(app: App, ctx: AppContext): void {
  const store = ctx.store.identities;
  /** Agent keys and tokens speak only for their own agent. */
  const ownAgent = (key: KeyRow, agentId: string) => {
    if (key.kind === 'agent' && key.agentId !== agentId)
      throw new ApiError('AG_FORBIDDEN', `this key speaks for \`${key.agentId}\`, not \`${agentId}\``);
  };

  app.post(
    '/fabric/a2a/agents',
    { schema: { body: A2ARegisterRequest, response: { 201: IdentityCreated, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const pair = newIdentityKeyPair();
      const row = newRow(key, {
        id: newIdentityId('idn', now),
        kind: 'agent',
        displayName: request.body.agent_id,
        agentId: request.body.agent_id,
        publicKey: pair.publicKey,
        capabilities: request.body.capabilities,
        metadata: request.body.endpoint_url ? { endpoint_url: request.body.endpoint_url } : null,
        parentId: null,
        expiresAt: now + 86400_000,
        now,
      });
      try {
        await store.createIdentity(row);
      } catch (error) {
        if (error instanceof AgentIdTaken) throw new ApiError('AG_CONFLICT', `agent \`${error.agentId}\` is already registered`);
        throw error;
      }
      reply.code(201);
      return { identity: presentIdentity(row, now), private_key: pair.privateKey };
    },
  );

  app.post(
    '/fabric/a2a/nonces',
    {
      schema: { body: A2ANonceRequest, response: { 200: A2ANonceAccepted, 403: ref(ErrorResponse), ...errorResponses(409) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      ownAgent(key, body.agent_id);
      const now = ctx.clock();
      const problem = nonceWindowProblem(body.timestamp * 1000, now);
      if (problem) throw new ValidationFailed([{ loc: ['body', 'timestamp'], msg: problem, type: 'value_error' }]);
      // Remembered for as long as a message with this timestamp could still be accepted.
      const until = body.timestamp * 1000 + NONCE_WINDOW_MS;
      if (!(await store.useA2ANonce(key.tenantId, body.agent_id, body.nonce, now, until))) {
        throw new ApiError('AG_CONFLICT', `nonce \`${body.nonce}\` of agent \`${body.agent_id}\` was already used (replay refused)`);
      }
      return { agent_id: body.agent_id, nonce: body.nonce, accepted: true, remembered_until: iso(until) };
    },
  );

  app.post(
    '/fabric/a2a/observations',
    { schema: { body: A2AObserveRequest, response: { 200: A2AObservation, 403: ref(ErrorResponse) } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const { agent_id, capability } = request.body;
      ownAgent(key, agent_id);
      const now = ctx.clock();
      const identity = await store.findIdentityByAgent(key.tenantId, agent_id);
      const declared = (identity?.capabilities ?? []).some((c) => c === capability || scopeCovers(c, capability));
      const seen = await store.observeCapability(key.tenantId, agent_id, capability, now);
      return {
        agent_id,
        capability,
        declared,
        count: seen.count,
        first_seen_at: iso(seen.firstSeenAt),
        last_seen_at: iso(seen.lastSeenAt),
        detail: declared
          ? `\`${capability}\` is among the capabilities \`${agent_id}\` registered`
          : identity
            ? `undeclared: \`${agent_id}\` did not register \`${capability}\``
            : `undeclared: \`${agent_id}\` is not a registered agent`,
      };
    },
  );

  app.post(
    '/fabric/a2a/authority',
    { schema: { body: A2AAuthorityRequest, response: { 201: A2AAuthority, 403: ref(ErrorResponse) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      // When the root's subject already holds an authority, that one is the parent and bounds the root.
      const held = (await store.activeA2AAuthorities(key.tenantId, body.root.subject, now))[0] ?? null;
      const asserted: AuthorityGrant = {
        subject: body.root.subject,
        ceiling: body.root.ceiling as Ceiling,
        capabilities: body.root.capabilities ?? [],
        expiresAt: seconds(body.root.expires_at),
      };
      let parent: A2AAuthorityRow;
      if (held) {
        parent = held;
      } else {
        parent = {
          id: `auth_${newIdentityId('idn', now).slice(4)}`,
          tenantId: key.tenantId,
          parentId: null,
          delegator: `key:${key.id}`,
          subject: asserted.subject,
          ceiling: asserted.ceiling,
          capabilities: [...asserted.capabilities],
          authorizedDelegators: [asserted.subject],
          createdAt: now,
          expiresAt: asserted.expiresAt,
          revokedAt: null,
        };
      }
      const result = delegateAuthority(
        { subject: parent.subject, ceiling: parent.ceiling as Ceiling, capabilities: parent.capabilities, expiresAt: parent.expiresAt },
        {
          delegatee: body.delegatee,
          ceiling: body.requested_ceiling as Ceiling,
          capabilities: body.requested_capabilities,
          authorizedDelegators: body.authorized_delegators,
          expiresAt: seconds(body.expires_at),
        },
        now,
      );
      if (!result.ok) {
        if (result.reason === 'wildcard_delegators' || result.reason === 'no_delegators') {
          throw new ValidationFailed([{ loc: ['body', 'authorized_delegators'], msg: result.detail, type: 'value_error' }]);
        }
        throw new ApiError('AG_FORBIDDEN', result.detail);
      }
      if (!held) await store.createA2AAuthority(parent);
      const row: A2AAuthorityRow = {
        id: `auth_${newIdentityId('idn', now).slice(4)}`,
        tenantId: key.tenantId,
        parentId: parent.id,
        delegator: parent.subject,
        subject: result.grant.subject,
        ceiling: result.grant.ceiling,
        capabilities: [...result.grant.capabilities],
        authorizedDelegators: [...body.authorized_delegators],
        createdAt: now,
        expiresAt: result.grant.expiresAt,
        revokedAt: null,
      };
      await store.createA2AAuthority(row);
      reply.code(201);
      return {
        authority_id: row.id,
        parent_id: row.parentId,
        delegator: row.delegator,
        subject: row.subject,
        ceiling: row.ceiling,
        capabilities: row.capabilities,
        dropped_capabilities: result.dropped,
        authorized_delegators: row.authorizedDelegators,
        expires_at: iso(row.expiresAt),
      };
    },
  );

  app.post(
    '/fabric/a2a/revocations',
    { schema: { body: A2ARevokeRequest, response: { 200: A2ARevocation, ...errorResponses(404) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const revoked = await store.revokeA2AAuthorities(
        key.tenantId,
        (live) => authorityCascade(live, request.body.subject, request.body.root.subject),
        now,
      );
      if (revoked.length === 0) {
        throw new ApiError('AG_NOT_FOUND', `no live authority of \`${request.body.subject}\` under root \`${request.body.root.subject}\``);
      }
      return {
        revoked: revoked.map((row) => ({ authority_id: row.id, subject: row.subject, delegator: row.delegator })),
        revoked_at: iso(now),
      };
    },
  );
}
