// Trajectory policies (issue 21): ordered patterns over an agent's recent calls, matched in the
// policy stage of every decision (e.g. a secret read followed by an outbound send is held).
import { trajectoryRulesProblem, type TrajectoryRule } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { ref } from '../schemas.ts';
import { TrajectoryPolicy, TrajectoryPolicyCreate, TrajectoryPolicyList } from '../schemas/governance.ts';
import type { TrajectoryPolicyRow } from '../store/governance-store.ts';

function presentPolicy(row: TrajectoryPolicyRow) {
  return {
    policy_id: row.id,
    name: row.name,
    description: row.description,
    rules: row.rules as unknown as Record<string, unknown>[],
    created_at: iso(row.createdAt),
  };
}

export function trajectoryPolicyRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/trajectory-policies',
    { schema: { body: TrajectoryPolicyCreate, response: { 201: ref(TrajectoryPolicy) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const problem = trajectoryRulesProblem(request.body.rules);
      if (problem) throw new ValidationFailed([{ loc: ['body', 'rules'], msg: problem, type: 'value_error' }]);
      const rules = (request.body.rules ?? []).map((rule, index) => ({ id: `r${index + 1}`, ...rule }) as unknown as TrajectoryRule);
      const row: TrajectoryPolicyRow = {
        id: newId('tp'),
        tenantId: key.tenantId,
        name: request.body.name,
        description: request.body.description ?? '',
        rules,
        createdAt: ctx.clock(),
      };
      await ctx.store.governance.createTrajectoryPolicy(row);
      await ctx.trajectories?.refresh(key.tenantId);
      reply.code(201);
      return presentPolicy(row);
    },
  );

  app.get(
    '/fabric/trajectory-policies',
    { schema: { response: { 200: ref(TrajectoryPolicyList) } }, config: { access: 'approver' } },
    async (request) => ({
      policies: (await ctx.store.governance.listTrajectoryPolicies(keyOf(request).tenantId)).map(presentPolicy),
    }),
  );
}
