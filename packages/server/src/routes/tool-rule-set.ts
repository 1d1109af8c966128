// `PUT /fabric/tool-rules` (issue 16, rules as code): replaces the tenant's whole rule set in one
// transaction, validated first, versions kept as PATCH keeps them (a changed rule gets the next
// version, an unchanged one keeps its own). `?dry_run=true` answers the plan and changes nothing.
import { conditionProblem, type ArgCondition } from '@actiongate/engine';
import { approversProblem } from './tool-rules.ts';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { presentRule } from '../present.ts';
import { duplicateNames, planRuleSet, type DeclaredRule } from '../rules/rule-set-plan.ts';
import { errorResponses } from '../schemas.ts';
import { ToolRuleSetQuery, ToolRuleSetRequest, ToolRuleSetResult } from '../schemas/tool-rule-set.ts';

/** Every problem of the declared set at once: repeated names and conditions that could never be evaluated. */
function checkRuleSet(rules: readonly DeclaredRule[]): void {
  const items = [
    ...duplicateNames(rules).flatMap(({ name, indexes }) =>
      indexes.slice(1).map((i) => ({
        loc: ['body', 'rules', i, 'name'],
        msg: `rule name \`${name}\` is declared more than once (first at rules[${indexes[0]}]); names identify rules in a set`,
        type: 'value_error',
      })),
    ),
    ...rules.flatMap((rule, i) =>
      (rule.match_args ?? []).flatMap((condition, j) => {
        const problem = conditionProblem(condition as ArgCondition);
        return problem ? [{ loc: ['body', 'rules', i, 'match_args', j], msg: problem, type: 'value_error' }] : [];
      }),
    ),
    // Issue 21: several approvers only on a rule that holds.
    ...rules.flatMap((rule, i) => {
      const problem = approversProblem(rule.effect, rule.min_distinct_approvers);
      return problem ? [{ loc: ['body', 'rules', i, 'min_distinct_approvers'], msg: problem, type: 'value_error' }] : [];
    }),
  ];
  if (items.length) throw new ValidationFailed(items);
}

export function toolRuleSetRoutes(app: App, ctx: AppContext): void {
  app.put(
    '/fabric/tool-rules',
    {
      schema: { body: ToolRuleSetRequest, querystring: ToolRuleSetQuery, response: { 200: ToolRuleSetResult, ...errorResponses(409) } },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      const declared = request.body.rules as DeclaredRule[];
      checkRuleSet(declared);
      const now = ctx.clock();
      const stored = await ctx.store.listToolRules(key.tenantId);
      const plan = planRuleSet(key.tenantId, stored, declared, now, () => newId('tr', now));
      const dryRun = request.query.dry_run === true;
      const changed = plan.create.length + plan.update.length + plan.delete.length > 0;
      if (!dryRun && changed && !(await ctx.store.replaceToolRules(key.tenantId, plan))) {
        throw new ApiError('AG_CONFLICT', 'the tool rules changed while the set was being applied; nothing was changed, apply it again');
      }
      if (!dryRun && changed) {
        request.log.info(
          { tenant: key.tenantId, key: key.id, created: plan.create.length, updated: plan.update.length, deleted: plan.delete.length },
          'tool rule set applied',
        );
      }
      const count = (action: string) => plan.changes.filter((change) => change.action === action).length;
      return {
        applied: !dryRun,
        changes: plan.changes,
        summary: { created: count('create'), updated: count('update'), deleted: count('delete'), unchanged: count('unchanged') },
        rules: plan.result.map(presentRule),
      };
    },
  );
}
