// Plans (issue 21 item 4): POST /fabric/plans commits a plan (each step risk-scored as a call; over
// the cumulative budget or above the authority ceiling it is refused, naming the step); another key
// authorizes it at POST /fabric/plans/{plan_id}/authorize, after which the plan hook of the policy
// stage holds the agent's off-plan calls. POST /fabric/plans/verify checks a computer-use plan
// against action rules, recording nothing.
import {
  actionRuleProblem,
  assessPlan,
  ceilingRisk,
  KNOWN_CEILINGS,
  stepsInOrder,
  verifyActions,
  type RiskClass,
} from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { ErrorResponse, errorResponses, IdParams, ref } from '../schemas.ts';
import {
  ActionVerifyRequest,
  ActionVerifyResult,
  AuthorizePlanRequest,
  CommitPlanRequest,
  Plan,
  PlanList,
  PlanListQuery,
} from '../schemas/plans.ts';
import type { PlanRow, PlanStatus } from '../store/plan-store.ts';

/** How long an authorized plan governs its agent's calls. */
export const PLAN_LIFETIME_MS = 24 * 3600 * 1000;

function presentPlan(row: PlanRow) {
  return {
    plan_id: row.id,
    tenant: row.tenantId,
    agent_id: row.agentId,
    goal: row.goal,
    status: row.status,
    steps: row.steps,
    cumulative_risk: row.cumulativeRisk,
    max_cumulative_risk_budget: row.maxCumulativeRiskBudget,
    authorized_authority_ceiling: row.authorizedAuthorityCeiling,
    committed_by_key_id: row.committedByKeyId,
    authorized_by_key_id: row.authorizedByKeyId,
    authorized_by: row.authorizedBy,
    comments: row.comments,
    created_at: iso(row.createdAt),
    authorized_at: row.authorizedAt === null ? null : iso(row.authorizedAt),
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    steps_used: row.stepsUsed,
    next_step_index:
      row.status === 'pending_authorization' || row.status === 'authorized'
        ? (stepsInOrder(row.steps)[row.stepsUsed]?.index ?? null)
        : null,
    completed_at: row.completedAt === null ? null : iso(row.completedAt),
  };
}

export function planRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/plans',
    { schema: { body: CommitPlanRequest, response: { 201: ref(Plan), 403: ErrorResponse, ...errorResponses(404) } } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      if (body.tenant !== key.tenantId) throw new ApiError('AG_NOT_FOUND', `tenant \`${body.tenant}\` not found`);
      if (key.agentId !== null && key.agentId !== body.agent_id) {
        throw new ApiError('AG_FORBIDDEN', `agent key of \`${key.agentId}\` may not commit a plan for \`${body.agent_id}\``);
      }
      if (ceilingRisk(body.authorized_authority_ceiling) === undefined) {
        throw new ValidationFailed([
          {
            loc: ['body', 'authorized_authority_ceiling'],
            msg: `unknown ceiling \`${body.authorized_authority_ceiling}\` (known: ${KNOWN_CEILINGS.join(', ')})`,
            type: 'value_error',
          },
        ]);
      }
      const seen = new Set<number>();
      for (const [position, step] of body.steps.entries()) {
        if (seen.has(step.index)) {
          throw new ValidationFailed([
            { loc: ['body', 'steps', position, 'index'], msg: `step index ${step.index} repeats`, type: 'value_error' },
          ]);
        }
        seen.add(step.index);
      }
      // The tenant's registered tool risk is a floor, as for a decision.
      const tools = await ctx.store.listTools(key.tenantId);
      const registered = new Map(tools.map((tool) => [`/tools/${tool.toolName}`, tool.riskLevel as RiskClass]));
      const assessment = assessPlan(body.steps, body.max_cumulative_risk_budget, body.authorized_authority_ceiling, {
        registeredRisk: (path) => registered.get(path),
      });
      if (!assessment.accepted) {
        throw new ValidationFailed([
          { loc: ['body', 'steps', assessment.position], msg: `plan refused: ${assessment.reason}`, type: 'plan_refused' },
        ]);
      }
      const row: PlanRow = {
        id: newId('plan'),
        tenantId: key.tenantId,
        agentId: body.agent_id,
        goal: body.goal,
        steps: assessment.steps,
        maxCumulativeRiskBudget: body.max_cumulative_risk_budget,
        authorizedAuthorityCeiling: body.authorized_authority_ceiling,
        cumulativeRisk: assessment.cumulativeRisk,
        status: 'pending_authorization',
        committedByKeyId: key.id,
        authorizedByKeyId: null,
        authorizedBy: null,
        comments: null,
        createdAt: ctx.clock(),
        authorizedAt: null,
        expiresAt: null,
        stepsUsed: 0,
        completedAt: null,
      };
      await ctx.store.plans.createPlan(row);
      reply.code(201);
      return presentPlan(row);
    },
  );

  app.get('/fabric/plans', { schema: { querystring: PlanListQuery, response: { 200: ref(PlanList) } } }, async (request) => {
    const key = keyOf(request);
    const query = request.query;
    // An agent key sees its own agent's plans only.
    if (key.agentId !== null && query.agent_id !== undefined && query.agent_id !== key.agentId) return { plans: [] };
    const rows = await ctx.store.plans.listPlans(key.tenantId, {
      status: query.status as PlanStatus | undefined,
      agentId: key.agentId ?? query.agent_id,
      limit: query.limit,
    });
    return { plans: rows.map(presentPlan) };
  });

  app.get('/fabric/plans/:id', { schema: { params: IdParams, response: { 200: ref(Plan), ...errorResponses(404) } } }, async (request) => {
    const key = keyOf(request);
    const row = await ctx.store.plans.getPlan(key.tenantId, request.params.id);
    if (!row || (key.agentId !== null && row.agentId !== key.agentId))
      throw new ApiError('AG_NOT_FOUND', `plan \`${request.params.id}\` not found`);
    return presentPlan(row);
  });

  app.post(
    '/fabric/plans/:id/authorize',
    {
      schema: {
        params: IdParams,
        body: AuthorizePlanRequest,
        response: { 200: ref(Plan), 403: ErrorResponse, ...errorResponses(404, 409) },
      },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const id = request.params.id;
      const row = await ctx.store.plans.getPlan(key.tenantId, id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `plan \`${id}\` not found`);
      // Separation of duties: the key that committed a plan never authorizes it.
      if (row.committedByKeyId === key.id)
        throw new ApiError('AG_FORBIDDEN', `key \`${key.id}\` committed plan \`${id}\` and may not authorize it`);
      const at = ctx.clock();
      const done = await ctx.store.plans.authorizePlan(key.tenantId, id, {
        keyId: key.id,
        authorizedBy: request.body.authorized_by ?? null,
        comments: request.body.comments ?? null,
        at,
        expiresAt: at + PLAN_LIFETIME_MS,
      });
      if (!done) throw new ApiError('AG_CONFLICT', `plan \`${id}\` is already ${row.status.replace('_', ' ')}`);
      await ctx.plans?.refresh(key.tenantId);
      const stored = await ctx.store.plans.getPlan(key.tenantId, id);
      if (!stored) throw new ApiError('AG_NOT_FOUND', `plan \`${id}\` not found`);
      return presentPlan(stored);
    },
  );

  app.post(
    '/fabric/plans/verify',
    { schema: { body: ActionVerifyRequest, response: { 200: ref(ActionVerifyResult) } } },
    async (request) => {
      const { plan, rules } = request.body;
      for (const [position, rule] of rules.entries()) {
        const problem = actionRuleProblem(rule);
        if (problem) throw new ValidationFailed([{ loc: ['body', 'rules', position], msg: problem, type: 'value_error' }]);
      }
      const steps = verifyActions(plan, rules);
      const violationCount = steps.reduce((sum, step) => sum + step.violations.length, 0);
      return {
        agent_id: request.body.agent_id ?? 'computer-use-agent',
        valid: violationCount === 0,
        violation_count: violationCount,
        steps,
      };
    },
  );
}
