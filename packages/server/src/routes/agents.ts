// Agents: their derived trust state and record, and the operator's overrides.
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError } from '../errors.ts';
import { presentAgent } from '../present.ts';
import { Agent, AgentActionRequest, AgentList } from '../schemas.ts';

const AgentParams = Type.Object({ agent_id: Type.String({ minLength: 1, maxLength: 200 }) });
const OVERRIDES = { suspend: 'suspended', revoke: 'revoked', reinstate: null } as const;

export function agentRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/agents', { schema: { response: { 200: AgentList } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    const [agents, keys, settings] = await Promise.all([
      ctx.store.listAgents(key.tenantId),
      ctx.store.listKeys(key.tenantId, 'agent'),
      settingsOf(ctx, key.tenantId),
    ]);
    const now = ctx.clock();
    return { agents: agents.map((agent) => presentAgent(agent, keys, settings, now)) };
  });

  app.get(
    '/fabric/agents/:agent_id',
    { schema: { params: AgentParams, response: { 200: Agent } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const agentId = request.params.agent_id;
      const agent = await ctx.store.getAgent(key.tenantId, agentId);
      if (!agent || (key.kind === 'agent' && key.agentId !== agentId)) throw new ApiError('AG_NOT_FOUND', `agent \`${agentId}\` not found`);
      const [keys, settings] = await Promise.all([ctx.store.listKeys(key.tenantId, 'agent'), settingsOf(ctx, key.tenantId)]);
      return presentAgent(agent, keys, settings, ctx.clock());
    },
  );

  for (const [action, override] of Object.entries(OVERRIDES)) {
    app.post(
      `/fabric/agents/:agent_id/${action}`,
      { schema: { params: AgentParams, body: AgentActionRequest, response: { 200: Agent } }, config: { access: 'admin' } },
      async (request) => {
        const key = keyOf(request);
        const agentId = request.params.agent_id;
        const existing = await ctx.store.getAgent(key.tenantId, agentId);
        // Overrides apply to agents the tenant has seen; an unknown id is a typo, not a new agent.
        if (!existing) throw new ApiError('AG_NOT_FOUND', `agent \`${agentId}\` not found`);
        const [keysBefore, settings] = await Promise.all([ctx.store.listKeys(key.tenantId, 'agent'), settingsOf(ctx, key.tenantId)]);
        const before = presentAgent(existing, keysBefore, settings, ctx.clock()).state;
        const agent = await ctx.store.setAgentOverride(key.tenantId, agentId, override, request.body.reason, ctx.clock());
        const keys = await ctx.store.listKeys(key.tenantId, 'agent');
        const shown = presentAgent(agent, keys, settings, ctx.clock());
        // Notifying never fails the operator's action: the change is already committed.
        await ctx.webhooks
          ?.agentStateChanged(key.tenantId, {
            agentId,
            from: before,
            to: shown.state,
            cause: `${action} by key ${key.name}: ${request.body.reason}`,
          })
          .catch((error) => request.log.error({ err: error }, 'agent.state_changed webhook'));
        return shown;
      },
    );
  }
}
