// Agent controls (issue 19): how many actions an agent may run per sliding hour and at once. A
// decision past a limit is held (REQUIRE_APPROVAL) with the limit named in the policy stage.
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { AgentControlRequest, AgentControls } from '../schemas/budgets.ts';
import { presentAgentControls } from '../budgets/present-budget.ts';

const AgentParams = Type.Object({ agent_id: Type.String({ minLength: 1, maxLength: 200 }) });

export function agentControlRoutes(app: App, ctx: AppContext): void {
  const budgets = ctx.store.budgets;

  const shown = async (tenantId: string, agentId: string) => {
    const [row, activity] = await Promise.all([
      budgets.getAgentControls(tenantId, agentId),
      budgets.agentActivity(tenantId, agentId, ctx.clock()),
    ]);
    return presentAgentControls(agentId, row, activity);
  };

  app.put(
    '/fabric/agents/:agent_id/controls',
    { schema: { params: AgentParams, body: AgentControlRequest, response: { 200: AgentControls } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const agentId = request.params.agent_id;
      // Controls apply to agents the tenant has seen (as overrides do): an unknown id is a typo.
      if (!(await ctx.store.getAgent(key.tenantId, agentId))) throw new ApiError('AG_NOT_FOUND', `agent \`${agentId}\` not found`);
      await budgets.setAgentControls({
        tenantId: key.tenantId,
        agentId,
        maxActionsPerHour: request.body.max_actions_per_hour ?? null,
        maxConcurrentActions: request.body.max_concurrent_actions ?? null,
        updatedAt: ctx.clock(),
      });
      return shown(key.tenantId, agentId);
    },
  );

  app.get(
    '/fabric/agents/:agent_id/controls',
    { schema: { params: AgentParams, response: { 200: AgentControls } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const agentId = request.params.agent_id;
      if ((key.kind === 'agent' && key.agentId !== agentId) || !(await ctx.store.getAgent(key.tenantId, agentId)))
        throw new ApiError('AG_NOT_FOUND', `agent \`${agentId}\` not found`);
      return shown(key.tenantId, agentId);
    },
  );
}
