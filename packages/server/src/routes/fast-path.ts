// Issue 20: fast-path grants. An agent asks for a list of tool paths; those whose verdict cannot
// depend on the arguments (engine `fastPathEligibility`) go into a snapshot signed with the
// service key, which the SDK checks locally with no round trip until it expires (`ttl_s`),
// refreshing at half-life. Every refresh re-evaluates the grant: a halt, a revoked agent, key or
// token, or a rule change takes effect at the next refresh, and a halt or revocation ends the
// grant for good. Calls made on the fast path are reported afterwards and recorded like any decision.
import { Type } from 'typebox';
import {
  canonicalJson,
  fastPathEligibility,
  fastPathVoid,
  normalizeToolPath,
  signText,
  coveringScope,
  type FastPathState,
} from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { presentDecision } from '../present.ts';
import { DecisionRecord, ErrorResponse, errorResponses, ref } from '../schemas.ts';
import { FastPathCallReport, FastPathGrant, FastPathGrantRequest } from '../schemas/fast-path.ts';
import type { FastPathGrantRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';
import type { TokenPrincipal } from '../identity/agent-token-service.ts';

/** A grant outlives its snapshots but not a day; it is re-evaluated at every refresh anyway. */
const GRANT_MAX_MS = 24 * 3600_000;

const GrantParams = Type.Object({ grant_id: Type.String({ minLength: 1, maxLength: 200 }) });

export function fastPathRoutes(app: App, ctx: AppContext): void {
  const store = ctx.store.identities;

  /** The state the eligibility rules read, fresh from the store. */
  const stateFor = async (key: KeyRow, agentId: string, tokenScopes: readonly string[] | undefined): Promise<FastPathState> => {
    const [tenant, agent, rules, tools] = await Promise.all([
      ctx.store.getTenant(key.tenantId),
      ctx.store.getAgent(key.tenantId, agentId),
      ctx.store.listToolRules(key.tenantId),
      ctx.store.listTools(key.tenantId),
    ]);
    const risks = new Map(tools.map((tool) => [tool.toolName, tool.riskLevel]));
    return {
      halted: tenant?.halted != null,
      agentId,
      agentOverride: agent?.record.override ?? null,
      keyOverride: key.record.override,
      rules,
      registeredRisk: (path) => risks.get(normalizeToolPath(path).split('/').pop() ?? ''),
      tokenScopes,
    };
  };

  /** Why the grant no longer stands (its token revoked or expired, a halt, a revoked agent), or null. */
  const voidReason = async (grant: FastPathGrantRow, state: FastPathState, now: number): Promise<string | null> => {
    if (grant.expiresAt <= now) return 'the grant expired';
    if (grant.tokenId) {
      const token = await store.getAgentToken(grant.tokenId);
      if (!token || token.revokedAt !== null) return `agent token \`${grant.tokenId}\` was revoked`;
      if (token.expiresAt <= now) return `agent token \`${grant.tokenId}\` expired`;
    }
    return fastPathVoid(state);
  };

  /** The grant as answered: re-evaluated now, with a fresh signed snapshot while it stands. */
  const answer = async (key: KeyRow, grant: FastPathGrantRow, token: TokenPrincipal | null) => {
    const now = ctx.clock();
    const tokenScopes = token?.scopes ?? undefined;
    const state = await stateFor(key, grant.agentId, tokenScopes);
    let revokedAt = grant.revokedAt;
    let reason = grant.revokedReason;
    if (revokedAt === null) {
      const voided = await voidReason(grant, state, now);
      // A halt or a revocation ends the grant for good: after a resume the agent asks again.
      if (voided && (await store.revokeFastPathGrant(grant.tenantId, grant.id, voided, now))) {
        revokedAt = now;
        reason = voided;
      }
    }
    const tools = grant.tools.map((tool) => fastPathEligibility(tool, state));
    const base = {
      grant_id: grant.id,
      agent_id: grant.agentId,
      tools,
      grant_expires_at: new Date(grant.expiresAt).toISOString(),
    };
    if (revokedAt !== null) {
      return {
        ...base,
        status: 'revoked',
        detail: `grant revoked: ${reason}; every call goes through the decision chain`,
        snapshot: null,
        snapshot_text: null,
        signature: null,
        revoked_at: new Date(revokedAt).toISOString(),
      };
    }
    const signing = ctx.keyRing.current;
    const expiresAt = Math.min(now + grant.ttlSeconds * 1000, grant.expiresAt);
    const snapshot = {
      v: 1 as const,
      grant_id: grant.id,
      tenant_id: grant.tenantId,
      agent_id: grant.agentId,
      tools: tools.filter((t) => t.granted).map((t) => t.tool),
      service: grant.service,
      issued_at: now,
      refresh_at: now + Math.floor((expiresAt - now) / 2),
      expires_at: expiresAt,
      kid: signing.kid,
    };
    const text = canonicalJson(snapshot);
    const granted = snapshot.tools.length;
    return {
      ...base,
      status: 'active',
      detail: `${granted} of ${tools.length} tools on the fast path until ${new Date(expiresAt).toISOString()}; refresh at half-life`,
      snapshot,
      snapshot_text: text,
      signature: signText(text, signing.privateKey),
      revoked_at: null,
    };
  };

  const ownGrant = async (key: KeyRow, id: string) => {
    const grant = await store.getFastPathGrant(key.tenantId, id);
    if (!grant || (key.kind === 'agent' && key.agentId !== grant.agentId))
      throw new ApiError('AG_NOT_FOUND', `fast-path grant \`${id}\` not found`);
    return grant;
  };

  app.post(
    '/fabric/fast-path/grants',
    { schema: { body: FastPathGrantRequest, response: { 201: FastPathGrant, 403: ref(ErrorResponse) } }, config: { access: 'agent' } },
    async (request, reply) => {
      const key = keyOf(request);
      if (key.kind !== 'agent' || !key.agentId) {
        throw new ApiError('AG_FORBIDDEN', 'fast-path grants are for agents: ask with an agent key or an agent token');
      }
      const now = ctx.clock();
      const token = request.agentToken;
      const tokenRow = token ? await store.getAgentToken(token.id) : null;
      const row: FastPathGrantRow = {
        id: newIdentityId('fpg', now),
        tenantId: key.tenantId,
        agentId: key.agentId,
        keyId: key.id,
        tokenId: token?.id ?? null,
        tools: [...new Set(request.body.tools)],
        service: request.body.service || null,
        ttlSeconds: request.body.ttl_s ?? 120,
        createdAt: now,
        expiresAt: Math.min(now + GRANT_MAX_MS, tokenRow?.expiresAt ?? Infinity),
        revokedAt: null,
        revokedReason: null,
      };
      await store.createFastPathGrant(row);
      reply.code(201).header('cache-control', 'no-store');
      return answer(key, row, token);
    },
  );

  app.get(
    '/fabric/fast-path/grants/:grant_id',
    { schema: { params: GrantParams, response: { 200: FastPathGrant } }, config: { access: 'agent' } },
    async (request, reply) => {
      const key = keyOf(request);
      reply.header('cache-control', 'no-store');
      return answer(key, await ownGrant(key, request.params.grant_id), request.agentToken);
    },
  );

  app.post(
    '/fabric/fast-path/grants/:grant_id/revoke',
    { schema: { params: GrantParams, response: { 200: FastPathGrant, ...errorResponses(409) } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const grant = await ownGrant(key, request.params.grant_id);
      if (!(await store.revokeFastPathGrant(key.tenantId, grant.id, `revoked by key ${key.id}`, ctx.clock()))) {
        throw new ApiError('AG_CONFLICT', `fast-path grant \`${grant.id}\` is already revoked`);
      }
      return answer(key, (await store.getFastPathGrant(key.tenantId, grant.id))!, request.agentToken);
    },
  );

  app.post(
    '/fabric/fast-path/grants/:grant_id/calls',
    { schema: { params: GrantParams, body: FastPathCallReport, response: { 200: DecisionRecord } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const grant = await ownGrant(key, request.params.grant_id);
      if (!grant.tools.some((tool) => coveringScope([tool], request.body.path) || tool === request.body.path)) {
        throw new ApiError('AG_NOT_FOUND', `\`${request.body.path}\` is not a tool of grant \`${grant.id}\``);
      }
      // The call already ran: it is recorded through the same chain as any decision, whose verdict
      // tells the agent (and the record) whether the fast path was still right.
      const row = await ctx.decisions.decide(
        key,
        { path: request.body.path, agent_id: grant.agentId, payload: request.body.payload, trace_id: request.body.trace_id },
        { token: request.agentToken },
      );
      return presentDecision(row, false);
    },
  );
}
