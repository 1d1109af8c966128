// Issue 20: the token-based forms of authorize, evaluate, assess, execute and delegate. Each form
// that acts runs the real decision chain (identity, trust, policy, approval) and is recorded, signed
// and journaled like `POST /fabric/decisions`; the authority it acts under (an agent token, a
// delegation chain, an action token) scopes the call in the identity stage. Assess only reads.
import { attenuate, classifyRisk, coveringScope, intersectScopes, MAX_DELEGATION_DEPTH, revocationCascade } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import {
  ancestryOf,
  argumentsHash,
  chainIdsOf,
  checkActionAllowed,
  formPayload,
  liveTokenById,
  mayActFor,
  proveInline,
  sameTenant,
  toolPathOf,
} from '../identity/acting-authority.ts';
import { POP_FRESH_MS, type TokenPrincipal } from '../identity/agent-token-service.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { presentDelegation } from '../identity/present-identity.ts';
import { iso, presentDecision } from '../present.ts';
import { DecisionRecord, ErrorResponse, errorResponses, ref } from '../schemas.ts';
import {
  ActionToken,
  AssessReq,
  AuthorizeRequest,
  DelegatedToken,
  DelegateReq,
  EvalReq,
  ExecReq,
  ExecResult,
  TokenAssessment,
  TokenReq,
} from '../schemas/token-forms.ts';
import type { DelegationRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';

/** Spec defaults of `EvalReq` and `DelegateReq` that stand for "the token's own". */
const DEFAULT_AGENT = 'agent';
const DEFAULT_TENANT = 't1';
const DEFAULT_SUBJECT = 'sub';

export function tokenFormRoutes(app: App, ctx: AppContext): void {
  const identities = ctx.store.identities;
  const forbidden = { 403: ref(ErrorResponse) };

  /** Runs the chain for `agentId` on `path` and commits the record; `scope` narrows it in the identity stage. */
  const decideFor = (
    key: KeyRow,
    agentId: string,
    path: string,
    payload: Record<string, unknown>,
    scope: TokenPrincipal | null,
    traceId?: string,
  ) => {
    // A customer key speaks for the agent here; the record stays the agent's.
    return ctx.decisions.decide(key, { path, agent_id: agentId, payload, ...(traceId ? { trace_id: traceId } : {}) }, { token: scope });
  };

  app.post(
    '/fabric/authorize',
    {
      schema: {
        summary: 'Decide a call for an agent, under the delegation chain it names (AuthorizeRequest)',
        body: AuthorizeRequest,
        response: { 200: DecisionRecord, ...forbidden, ...errorResponses(404, 409, 503) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      sameTenant(key, body.tenant);
      mayActFor(key, body.agent);
      const identity = await ctx.agentTokens.activeIdentity(key.tenantId, body.agent, now);
      if (body.pop) await proveInline(identities, identity, body.pop, now);
      const ids = chainIdsOf(body.chain);
      const chain = await ctx.agentTokens.checkedChain(key.tenantId, ids, identity, now);
      checkActionAllowed(chain, body.action);
      const last = chain[chain.length - 1];
      // A bearer token keeps its own scopes; a chain narrows further to its last delegation.
      let scope: TokenPrincipal | null = request.agentToken;
      if (last) {
        const scopes = scope ? intersectScopes(scope.scopes, last.capabilities) : last.capabilities;
        scope = {
          id: last.id,
          identityId: identity.id,
          agentId: identity.agentId,
          scopes,
          chain: ids,
          label: `delegation ${last.id}`,
        };
      }
      const path = toolPathOf(body.tool);
      const row = await decideFor(key, identity.agentId, path, formPayload(body.action, body.resource, body.args), scope, body.session);
      return presentDecision(row);
    },
  );

  app.post(
    '/fabric/tokens/evaluate',
    {
      schema: {
        summary: 'Decide a call under an agent token named by id (EvalReq)',
        body: EvalReq,
        response: { 200: DecisionRecord, ...forbidden, ...errorResponses(404, 409, 503) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      sameTenant(key, body.tenant, DEFAULT_TENANT);
      const { row: token, identity } = await liveTokenById(ctx.store, key, request.agentToken, body.token, now);
      const agent = body.agent ?? DEFAULT_AGENT;
      if (agent !== DEFAULT_AGENT && agent !== token.agentId && agent !== identity.id) {
        throw new ApiError('AG_FORBIDDEN', `agent token \`${token.id}\` is for agent \`${token.agentId}\`, not \`${agent}\``);
      }
      if (body.chain && body.chain.length > 0) {
        const stated = chainIdsOf(body.chain);
        if (stated.join(' ') !== token.chain.join(' ')) {
          throw new ApiError(
            'AG_FORBIDDEN',
            `the chain is not the one agent token \`${token.id}\` was minted under (${token.chain.join(', ') || 'none'})`,
          );
        }
      }
      if (body.pop) await proveInline(identities, identity, body.pop, now);
      // Every link is checked live again: a revoked or spent link stops the token's use at once.
      const chain = await ctx.agentTokens.checkedChain(key.tenantId, token.chain, identity, now);
      checkActionAllowed(chain, body.action);
      const payload = formPayload(body.action, body.resource, body.args, body.memory_ids ? { memory_ids: body.memory_ids } : {});
      const scope: TokenPrincipal = {
        id: token.id,
        identityId: identity.id,
        agentId: token.agentId,
        scopes: token.scopes,
        chain: token.chain,
      };
      const row = await decideFor(key, token.agentId, toolPathOf(body.tool), payload, scope, body.session ?? 'S1');
      return presentDecision(row);
    },
  );

  app.post(
    '/fabric/tokens/assess',
    {
      schema: {
        summary: 'What an agent token covers and how risky an action is; nothing recorded (AssessReq)',
        body: AssessReq,
        response: { 200: TokenAssessment, ...forbidden, ...errorResponses(404) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const { row: token } = await liveTokenById(ctx.store, key, request.agentToken, body.token, now);
      const path = toolPathOf(body.resource ?? 'r');
      const matched = coveringScope(token.scopes, path) ?? null;
      const risk = classifyRisk({ path, payload: { action: body.action, resource: body.resource ?? 'r' } });
      return {
        token_id: token.id,
        agent_id: token.agentId,
        path,
        action: body.action,
        in_scope: matched !== null,
        matched_scope: matched,
        risk: risk.class,
        risk_reasons: [...risk.reasons],
        detail:
          matched !== null
            ? `scope \`${matched}\` of agent token ${token.id} covers \`${path}\`; \`${body.action}\` is ${risk.class} risk`
            : `agent token ${token.id} is not scoped to \`${path}\` (scopes: ${token.scopes.map((s) => `\`${s}\``).join(', ')}); a call would be denied in the identity stage`,
      };
    },
  );

  app.post(
    '/fabric/tokens',
    {
      schema: {
        summary: 'Decide one call and, when it is allowed, mint a single-use action token bound to it (TokenReq)',
        body: TokenReq,
        response: { 200: ActionToken, ...forbidden, ...errorResponses(404, 409, 503) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      sameTenant(key, body.tenant);
      mayActFor(key, body.agent_id);
      const identity = await ctx.agentTokens.activeIdentity(key.tenantId, body.agent_id, now);
      const path = toolPathOf(body.tool);
      // The grant: a delegation given to the agent, or one of its live agent tokens.
      let scopes: string[];
      let chainIds: string[];
      let grantExpiry: number;
      let label: string;
      if (body.grant_id.startsWith('atk_')) {
        const { row } = await liveTokenById(ctx.store, key, request.agentToken, body.grant_id, now);
        if (row.identityId !== identity.id) throw new ApiError('AG_FORBIDDEN', `agent token \`${row.id}\` is not \`${body.agent_id}\`'s`);
        const chain = await ctx.agentTokens.checkedChain(key.tenantId, row.chain, identity, now);
        checkActionAllowed(chain, body.action);
        scopes = row.scopes;
        chainIds = row.chain;
        grantExpiry = row.expiresAt;
        label = `agent token ${row.id}`;
      } else {
        const grant = await identities.getDelegation(key.tenantId, body.grant_id);
        if (!grant)
          throw new ApiError('AG_NOT_FOUND', `grant \`${body.grant_id}\` not found (a \`dlg_\` delegation or an \`atk_\` agent token)`);
        chainIds = await ancestryOf(identities, grant);
        const chain = await ctx.agentTokens.checkedChain(key.tenantId, chainIds, identity, now);
        checkActionAllowed(chain, body.action);
        scopes = request.agentToken ? intersectScopes(request.agentToken.scopes, grant.capabilities) : grant.capabilities;
        grantExpiry = grant.expiresAt;
        label = `delegation ${grant.id}`;
      }
      const payload = formPayload(body.action, body.resource, body.arguments ?? {}, { intent: body.intent, context: body.context ?? {} });
      const scope: TokenPrincipal = {
        id: body.grant_id,
        identityId: identity.id,
        agentId: identity.agentId,
        scopes,
        chain: chainIds,
        label,
      };
      const decision = await decideFor(key, identity.agentId, path, payload, scope);
      const binding = {
        path,
        action: body.action,
        resource: body.resource,
        arguments_hash: argumentsHash(body.arguments ?? {}),
        grant_id: body.grant_id,
      };
      if (decision.blocked) return { decision: presentDecision(decision), token: null, token_id: null, expires_at: null, binding };
      const limits = [now + Math.round((body.ttl_seconds ?? 30) * 1000), grantExpiry];
      if (identity.expiresAt !== null) limits.push(identity.expiresAt);
      const minted = await ctx.agentTokens.mintAction(key, identity, binding, { chain: chainIds, expiresAt: Math.min(...limits) });
      return {
        decision: presentDecision(decision),
        token: minted.token,
        token_id: minted.row.id,
        expires_at: iso(minted.row.expiresAt),
        binding,
      };
    },
  );

  app.post(
    '/fabric/tokens/execute',
    {
      schema: {
        summary: 'Redeem an action token for exactly the call it binds, once; decided and recorded again (ExecReq)',
        body: ExecReq,
        response: { 200: ExecResult, ...forbidden, ...errorResponses(409, 503) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const { row, binding } = await ctx.agentTokens.verifyAction(body.token);
      if (row.tenantId !== key.tenantId) throw new ApiError('AG_INVALID_TOKEN', 'invalid action token: unknown token');
      mayActFor(key, row.agentId);
      sameTenant(key, body.caller_tenant);
      if (body.caller_agent_id !== row.agentId) {
        throw new ApiError('AG_FORBIDDEN', `action token \`${row.id}\` was minted for \`${row.agentId}\`, not \`${body.caller_agent_id}\``);
      }
      const path = toolPathOf(body.tool);
      const args = body.arguments ?? {};
      const mismatch = [
        path !== binding.path && `tool \`${path}\` (bound: \`${binding.path}\`)`,
        body.action !== binding.action && `action \`${body.action}\` (bound: \`${binding.action}\`)`,
        body.resource !== binding.resource && `resource \`${body.resource}\` (bound: \`${binding.resource}\`)`,
        argumentsHash(args) !== binding.arguments_hash && 'arguments (their hash differs from the bound one)',
      ].filter((item): item is string => typeof item === 'string');
      if (mismatch.length > 0) {
        throw new ApiError('AG_FORBIDDEN', `action token \`${row.id}\` does not cover this call: ${mismatch.join('; ')}`);
      }
      // The grant is checked live again: revoking it, or the agent token it came from, stops the token.
      const identity = await ctx.agentTokens.activeIdentity(key.tenantId, row.agentId, now);
      if (binding.grant_id.startsWith('atk_')) await liveTokenById(ctx.store, key, null, binding.grant_id, now);
      const chain = await ctx.agentTokens.checkedChain(key.tenantId, row.chain, identity, now);
      checkActionAllowed(chain, body.action);
      // Spent before the decision: a concurrent second use finds it revoked (one of them wins, atomically).
      const spent = await identities.revokeCascade(
        key.tenantId,
        () => ({ identityIds: [], delegationIds: [], tokenIds: [row.id] }),
        'spent by `POST /fabric/tokens/execute`',
        now,
      );
      if (!spent.tokenIds.includes(row.id)) throw new ApiError('AG_CONFLICT', `action token \`${row.id}\` was already used`);
      const payload = formPayload(body.action, body.resource, args, { context: body.context ?? {}, action_token: row.id });
      const scope: TokenPrincipal = {
        id: row.id,
        identityId: identity.id,
        agentId: row.agentId,
        scopes: row.scopes,
        chain: row.chain,
        label: `action token ${row.id}`,
      };
      const decision = await decideFor(key, row.agentId, path, payload, scope);
      return { decision: presentDecision(decision), token_id: row.id, spent: true, run: !decision.blocked };
    },
  );

  app.post(
    '/fabric/tokens/delegate',
    {
      schema: {
        summary: 'Delegate downward from an agent token: an attenuated delegation and a token for the subject (DelegateReq)',
        body: DelegateReq,
        response: { 201: DelegatedToken, ...forbidden, ...errorResponses(404, 409) },
      },
      config: { access: 'agent' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const { row: token, identity: holder } = await liveTokenById(ctx.store, key, request.agentToken, body.token, now);
      const holderName = body.holder ?? DEFAULT_AGENT;
      if (holderName !== DEFAULT_AGENT && holderName !== token.agentId) {
        throw new ApiError('AG_FORBIDDEN', `agent token \`${token.id}\` is held by \`${token.agentId}\`, not \`${holderName}\``);
      }
      const ids = chainIdsOf(body.chain);
      if (token.chain.length > 0 && ids.join(' ') !== token.chain.join(' ')) {
        throw new ApiError(
          'AG_FORBIDDEN',
          `the chain is not the one agent token \`${token.id}\` was minted under (${token.chain.join(', ')})`,
        );
      }
      const chain = await ctx.agentTokens.checkedChain(key.tenantId, ids, holder, now);
      const parent: DelegationRow = chain[chain.length - 1]!;
      const subjectName = body.subject ?? DEFAULT_SUBJECT;
      const subject = await ctx.agentTokens.activeIdentity(key.tenantId, subjectName, now);
      if (subject.id === holder.id) throw new ApiError('AG_CONFLICT', 'an agent cannot delegate to itself');
      // What the holder may pass on: the parent delegation within the token's scopes, narrowed to `resource`.
      const held = intersectScopes(parent.capabilities, token.scopes);
      const asked = body.resource ? [toolPathOf(body.resource)] : held;
      const parentActions = parent.constraints?.actions;
      if (body.actions && Array.isArray(parentActions)) {
        const beyond = body.actions.filter((a) => !parentActions.includes(a));
        if (beyond.length > 0) {
          throw new ApiError(
            'AG_FORBIDDEN',
            `delegation \`${parent.id}\` does not allow the actions ${beyond.map((a) => `\`${a}\``).join(', ')}`,
          );
        }
      }
      const result = attenuate(
        {
          capabilities: held,
          expiresAt: Math.min(parent.expiresAt, token.expiresAt),
          depth: parent.depth,
          maxDepth: parent.maxDepth,
          audience: parent.audience,
        },
        {
          capabilities: asked,
          ttlSeconds: body.ttl ?? Math.max(1, Math.ceil((Math.min(parent.expiresAt, token.expiresAt) - now) / 1000)),
          maxDepth: MAX_DELEGATION_DEPTH,
          audience: body.audience ?? null,
        },
        now,
      );
      if (!result.ok) {
        throw new ApiError(
          result.reason === 'no_capabilities' || result.reason === 'audience_mismatch' ? 'AG_FORBIDDEN' : 'AG_CONFLICT',
          result.detail,
        );
      }
      const actions = body.actions ?? (Array.isArray(parentActions) ? (parentActions as string[]) : null);
      const constraints: Record<string, unknown> = { parent_delegation_id: parent.id, via_token: token.id };
      if (actions) constraints.actions = actions;
      if (body.audience) constraints.audience = body.audience;
      if (body.single_use) constraints.single_use = true;
      if (body.pop) constraints.pop = true;
      const row: DelegationRow = {
        id: newIdentityId('dlg', now),
        tenantId: key.tenantId,
        parentId: parent.id,
        delegatorId: holder.id,
        delegateId: subject.id,
        capabilities: result.grant.capabilities as string[],
        constraints,
        audience: result.grant.audience,
        depth: result.grant.depth,
        maxDepth: result.grant.maxDepth,
        singleUse: body.single_use ?? false,
        pop: body.pop ?? false,
        createdByKeyId: key.id,
        createdAt: now,
        expiresAt: result.grant.expiresAt!,
        consumedAt: null,
        revokedAt: null,
        revokedReason: null,
      };
      if (!(await identities.createDelegation(row, parent.singleUse ? parent.id : undefined))) {
        throw new ApiError('AG_CONFLICT', `single-use delegation \`${parent.id}\` was already used`);
      }
      reply.code(201);
      // A `pop` delegation waits for the subject's own proof before any token is minted under it.
      if (row.pop && (subject.verifiedAt === null || subject.verifiedAt < now - POP_FRESH_MS)) {
        return { delegation: presentDelegation(row, now, result.dropped), token: null };
      }
      let minted;
      try {
        minted = await ctx.agentTokens.mint(key, {
          agent_id: subject.id,
          scopes: row.capabilities,
          ttl_seconds: Math.max(1, Math.min(3600, Math.ceil((row.expiresAt - now) / 1000))),
          chain: [...ids, row.id],
        });
      } catch (error) {
        // Nothing half done: without its token the delegation goes too.
        await identities.revokeCascade(
          key.tenantId,
          (graph) => revocationCascade(graph, { delegationIds: [row.id] }),
          'its token could not be minted',
          now,
        );
        throw error;
      }
      return {
        delegation: presentDelegation(row, now, result.dropped),
        token: {
          token: minted.token,
          token_id: minted.row.id,
          token_type: 'Bearer' as const,
          agent_id: minted.identity.agentId,
          identity_id: minted.identity.id,
          scopes: minted.row.scopes,
          chain: minted.row.chain,
          kid: minted.kid,
          issued_at: iso(minted.row.createdAt),
          expires_at: iso(minted.row.expiresAt),
        },
      };
    },
  );
}
