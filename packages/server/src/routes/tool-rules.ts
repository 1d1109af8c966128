// Tool rules: list, create, read, edit (each edit bumps the version), delete.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { presentRule } from '../present.ts';
import { IdParams, ToolRulePatch, ToolRuleRequest } from '../schemas.ts';

export function toolRuleRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/tool-rules', { config: { access: 'approver' } }, async (request) => ({
    rules: (await ctx.store.listToolRules(keyOf(request).tenantId)).map(presentRule),
  }));

  app.post('/fabric/tool-rules', { schema: { body: ToolRuleRequest }, config: { access: 'admin' } }, async (request, reply) => {
    const key = keyOf(request);
    const now = ctx.clock();
    const body = request.body;
    const rule = {
      id: newId('tr'),
      tenantId: key.tenantId,
      name: body.name,
      effect: body.effect,
      match_path: body.match_path,
      description: body.description ?? '',
      enabled: body.enabled ?? true,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await ctx.store.createToolRule(rule);
    reply.code(201);
    return presentRule(rule);
  });

  const findRule = async (tenantId: string, id: string) => {
    const rule = await ctx.store.getToolRule(tenantId, id);
    if (!rule) throw new ApiError('AG_NOT_FOUND', `tool rule \`${id}\` not found`);
    return rule;
  };

  app.get('/fabric/tool-rules/:id', { schema: { params: IdParams }, config: { access: 'approver' } }, async (request) =>
    presentRule(await findRule(keyOf(request).tenantId, request.params.id)),
  );

  app.patch(
    '/fabric/tool-rules/:id',
    { schema: { params: IdParams, body: ToolRulePatch }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const rule = await findRule(key.tenantId, request.params.id);
      const patch = request.body;
      const updated = {
        ...rule,
        name: patch.name ?? rule.name,
        effect: patch.effect ?? rule.effect,
        match_path: patch.match_path ?? rule.match_path,
        description: patch.description ?? rule.description,
        enabled: patch.enabled ?? rule.enabled,
        version: rule.version + 1,
        updatedAt: ctx.clock(),
      };
      await ctx.store.updateToolRule(updated);
      return presentRule(updated);
    },
  );

  app.delete('/fabric/tool-rules/:id', { schema: { params: IdParams }, config: { access: 'admin' } }, async (request, reply) => {
    const key = keyOf(request);
    if (!(await ctx.store.deleteToolRule(key.tenantId, request.params.id))) {
      throw new ApiError('AG_NOT_FOUND', `tool rule \`${request.params.id}\` not found`);
    }
    reply.code(204);
  });
}
