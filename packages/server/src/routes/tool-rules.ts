// Tool rules: list, create, read, edit (each edit bumps the version), delete.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { presentRule } from '../present.ts';
import { IdParams, NoContent, ToolRule, ToolRuleList, ToolRulePatch, ToolRuleRequest } from '../schemas.ts';
import { ValidationFailed } from '../errors.ts';
import { conditionProblem, type ArgCondition } from '@actiongate/engine';

/** Rejects conditions that could never be evaluated (bad path, wrong value type, invalid RE2 regex). */
function checkConditions(conditions: ArgCondition[] | null | undefined): void {
  const items = (conditions ?? []).flatMap((condition, i) => {
    const problem = conditionProblem(condition);
    return problem ? [{ loc: ['body', 'match_args', i], msg: problem, type: 'value_error' }] : [];
  });
  if (items.length) throw new ValidationFailed(items);
}

/** Issue 21: several approvers are asked for on a rule that holds, and only there. */
export function approversProblem(effect: string, approvers: number | null | undefined): string | null {
  if (approvers == null || approvers === 1 || effect === 'require_approval') return null;
  return `min_distinct_approvers applies to effect \`require_approval\` only, not \`${effect}\``;
}

function checkApprovers(effect: string, approvers: number | null | undefined): void {
  const problem = approversProblem(effect, approvers);
  if (problem) throw new ValidationFailed([{ loc: ['body', 'min_distinct_approvers'], msg: problem, type: 'value_error' }]);
}

export function toolRuleRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/tool-rules', { schema: { response: { 200: ToolRuleList } }, config: { access: 'approver' } }, async (request) => ({
    rules: (await ctx.store.listToolRules(keyOf(request).tenantId)).map(presentRule),
  }));

  app.post(
    '/fabric/tool-rules',
    { schema: { body: ToolRuleRequest, response: { 201: ToolRule } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const body = request.body;
      checkConditions(body.match_args as ArgCondition[] | null | undefined);
      checkApprovers(body.effect, body.min_distinct_approvers);
      const rule = {
        id: newId('tr'),
        tenantId: key.tenantId,
        name: body.name,
        effect: body.effect,
        match_path: body.match_path,
        match_args: (body.match_args as ArgCondition[] | null | undefined) ?? null,
        agent_ids: body.agent_ids ?? null,
        risk_at_least: body.risk_at_least ?? null,
        min_distinct_approvers: body.min_distinct_approvers ?? null,
        description: body.description ?? '',
        enabled: body.enabled ?? true,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await ctx.store.createToolRule(rule);
      reply.code(201);
      return presentRule(rule);
    },
  );

  const findRule = async (tenantId: string, id: string) => {
    const rule = await ctx.store.getToolRule(tenantId, id);
    if (!rule) throw new ApiError('AG_NOT_FOUND', `tool rule \`${id}\` not found`);
    return rule;
  };

  app.get(
    '/fabric/tool-rules/:id',
    { schema: { params: IdParams, response: { 200: ToolRule } }, config: { access: 'approver' } },
    async (request) => presentRule(await findRule(keyOf(request).tenantId, request.params.id)),
  );

  app.patch(
    '/fabric/tool-rules/:id',
    { schema: { params: IdParams, body: ToolRulePatch, response: { 200: ToolRule } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const rule = await findRule(key.tenantId, request.params.id);
      const patch = request.body;
      checkConditions(patch.match_args as ArgCondition[] | null | undefined);
      const updated = {
        ...rule,
        name: patch.name ?? rule.name,
        effect: patch.effect ?? rule.effect,
        match_path: patch.match_path ?? rule.match_path,
        match_args: patch.match_args === undefined ? rule.match_args : ((patch.match_args as ArgCondition[] | null) ?? null),
        agent_ids: patch.agent_ids === undefined ? rule.agent_ids : patch.agent_ids,
        risk_at_least: patch.risk_at_least === undefined ? rule.risk_at_least : patch.risk_at_least,
        min_distinct_approvers: patch.min_distinct_approvers === undefined ? rule.min_distinct_approvers : patch.min_distinct_approvers,
        description: patch.description ?? rule.description,
        enabled: patch.enabled ?? rule.enabled,
        version: rule.version + 1,
        updatedAt: ctx.clock(),
      };
      checkApprovers(updated.effect, updated.min_distinct_approvers);
      await ctx.store.updateToolRule(updated);
      return presentRule(updated);
    },
  );

  app.delete(
    '/fabric/tool-rules/:id',
    { schema: { params: IdParams, response: { 204: NoContent } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      if (!(await ctx.store.deleteToolRule(key.tenantId, request.params.id))) {
        throw new ApiError('AG_NOT_FOUND', `tool rule \`${request.params.id}\` not found`);
      }
      reply.code(204);
    },
  );
}
