// Customer keys (admin, approver) and per-agent keys. Secrets are shown once, at creation.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newKeyRow } from '../key-rows.ts';
import { iso, presentAgentKey, presentApiKey } from '../present.ts';
import {
  AgentKey,
  AgentKeyCreated,
  AgentKeyList,
  AgentKeyRequest,
  ApiKey,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeyRequest,
  errorResponses,
  IdParams,
} from '../schemas.ts';

export function keyRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/api-keys',
    { schema: { body: ApiKeyRequest, response: { 201: ApiKeyCreated } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const { row, secret } = newKeyRow(
        { tenantId: key.tenantId, kind: 'customer', role: request.body.role, name: request.body.name },
        ctx.clock(),
      );
      await ctx.store.createKey(row);
      reply.code(201);
      return { ...presentApiKey(row), api_key: secret };
    },
  );

  app.get('/fabric/api-keys', { schema: { response: { 200: ApiKeyList } }, config: { access: 'admin' } }, async (request) => ({
    keys: (await ctx.store.listKeys(keyOf(request).tenantId, 'customer')).map(presentApiKey),
  }));

  app.delete(
    '/fabric/api-keys/:id',
    { schema: { params: IdParams, response: { 200: ApiKey, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      if (request.params.id === key.id) throw new ApiError('AG_CONFLICT', 'a key cannot revoke itself; use another admin key');
      const revoked = await ctx.store.revokeKey(key.tenantId, 'customer', request.params.id, ctx.clock());
      if (!revoked) throw new ApiError('AG_NOT_FOUND', `API key \`${request.params.id}\` not found`);
      return presentApiKey(revoked);
    },
  );

  app.post(
    '/fabric/agent-keys',
    { schema: { body: AgentKeyRequest, response: { 201: AgentKeyCreated } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const { row, secret } = newKeyRow(
        {
          tenantId: key.tenantId,
          kind: 'agent',
          role: 'agent',
          name: request.body.name,
          agentId: request.body.agent_id ?? request.body.name,
          budgetUsd: request.body.budget_usd ?? null,
        },
        ctx.clock(),
      );
      await ctx.store.createKey(row);
      reply.code(201);
      return {
        agent_key_id: row.id,
        agent_key: secret,
        agent_id: row.agentId,
        name: row.name,
        budget_usd: row.budgetUsd,
        created_at: iso(row.createdAt),
      };
    },
  );

  app.get('/fabric/agent-keys', { schema: { response: { 200: AgentKeyList } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    const settings = await settingsOf(ctx, key.tenantId);
    return { agent_keys: (await ctx.store.listKeys(key.tenantId, 'agent')).map((row) => presentAgentKey(row, settings)) };
  });

  app.delete(
    '/fabric/agent-keys/:id',
    { schema: { params: IdParams, response: { 200: AgentKey } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const revoked = await ctx.store.revokeKey(key.tenantId, 'agent', request.params.id, ctx.clock());
      if (!revoked) throw new ApiError('AG_NOT_FOUND', `agent key \`${request.params.id}\` not found`);
      return presentAgentKey(revoked, await settingsOf(ctx, key.tenantId));
    },
  );
}
