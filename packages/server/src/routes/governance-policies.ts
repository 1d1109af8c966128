// Governance policies (issue 21): constraints and exceptions as data, with priorities, parents and
// links; active ones take part in the policy stage of every decision. The evaluate endpoints answer
// the verdict and the policies that decided, explained, and record nothing.
import {
  evaluateGovernance,
  governanceFacts,
  governancePolicyProblem,
  matchingRules,
  normalizeToolPath,
  policyVersion,
  type GovernanceConstraint,
  type GovernanceException,
  type GovernancePolicy as EnginePolicy,
  type AuthorityScope,
} from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, ref } from '../schemas.ts';
import {
  ControlEvaluateRequest,
  GovernanceEvaluateRequest,
  GovernanceEvaluation,
  GovernancePolicy,
  GovernancePolicyCreate,
  GovernancePolicyList,
  GovernancePolicyUpdate,
} from '../schemas/governance.ts';
import type { GovernancePolicyRow } from '../store/governance-store.ts';

function presentPolicy(row: GovernancePolicyRow) {
  return {
    policy_id: row.id,
    name: row.name,
    description: row.description,
    scope: (row.scope as Record<string, unknown> | null) ?? null,
    constraints: row.constraints as unknown as Record<string, unknown>[],
    exceptions: row.exceptions as unknown as Record<string, unknown>[],
    parent_policy_id: row.parentPolicyId,
    linked_policy_id: row.linkedPolicyId,
    priority: row.priority,
    status: row.status,
    version: policyVersion(row.version),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function invalid(field: string, msg: string): never {
  throw new ValidationFailed([{ loc: ['body', field], msg, type: 'value_error' }]);
}

/** Constraints with their conditions defaulted (a constraint without conditions covers its whole scope). */
function constraintsOf(list: Record<string, unknown>[] | null | undefined): GovernanceConstraint[] {
  return (list ?? []).map((item) => ({ conditions: [], ...item }) as unknown as GovernanceConstraint);
}

function exceptionsOf(list: Record<string, unknown>[] | null | undefined): GovernanceException[] {
  return (list ?? []) as unknown as GovernanceException[];
}

function evaluationOf(result: ReturnType<typeof evaluateGovernance>) {
  return {
    verdict: result.verdict,
    detail: result.detail,
    deciding: result.deciding,
    outranked: result.outranked,
    excepted: result.excepted,
    considered: result.considered,
    required_approvers: result.requiredApprovers,
    recorded: false,
  };
}

export function governancePolicyRoutes(app: App, ctx: AppContext): void {
  const refresh = async (tenantId: string) => {
    await ctx.governancePolicies?.refresh(tenantId);
  };

  const checkLinks = async (
    tenantId: string,
    parentId: string | null | undefined,
    linkedId: string | null | undefined,
    selfId?: string,
  ) => {
    for (const [field, id] of [
      ['parent_policy_id', parentId],
      ['linked_policy_id', linkedId],
    ] as const) {
      if (!id) continue;
      if (id === selfId) invalid(field, 'a policy cannot name itself');
      if (!(await ctx.store.governance.getGovernancePolicy(tenantId, id))) invalid(field, `governance policy \`${id}\` not found`);
    }
  };

  app.post(
    '/fabric/governance/policies',
    { schema: { body: GovernancePolicyCreate, response: { 201: ref(GovernancePolicy) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const problem = governancePolicyProblem(body);
      if (problem) invalid('constraints', problem);
      await checkLinks(key.tenantId, body.parent_policy_id, body.linked_policy_id);
      const now = ctx.clock();
      const row: GovernancePolicyRow = {
        id: newId('gp', now),
        tenantId: key.tenantId,
        name: body.name,
        description: body.description ?? '',
        scope: (body.scope as AuthorityScope | null | undefined) ?? null,
        constraints: constraintsOf(body.constraints),
        exceptions: exceptionsOf(body.exceptions),
        parentPolicyId: body.parent_policy_id ?? null,
        linkedPolicyId: body.linked_policy_id ?? null,
        priority: body.priority ?? 100,
        status: 'active',
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await ctx.store.governance.createGovernancePolicy(row);
      await refresh(key.tenantId);
      reply.code(201);
      return presentPolicy(row);
    },
  );

  app.get(
    '/fabric/governance/policies',
    { schema: { response: { 200: ref(GovernancePolicyList) } }, config: { access: 'approver' } },
    async (request) => ({ policies: (await ctx.store.governance.listGovernancePolicies(keyOf(request).tenantId)).map(presentPolicy) }),
  );

  app.get(
    '/fabric/governance/policies/:id',
    { schema: { params: IdParams, response: { 200: ref(GovernancePolicy), ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const row = await ctx.store.governance.getGovernancePolicy(keyOf(request).tenantId, request.params.id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `governance policy \`${request.params.id}\` not found`);
      return presentPolicy(row);
    },
  );

  app.patch(
    '/fabric/governance/policies/:id',
    {
      schema: { params: IdParams, body: GovernancePolicyUpdate, response: { 200: ref(GovernancePolicy), ...errorResponses(404, 409) } },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const current = await ctx.store.governance.getGovernancePolicy(key.tenantId, request.params.id);
      if (!current) throw new ApiError('AG_NOT_FOUND', `governance policy \`${request.params.id}\` not found`);
      const problem = governancePolicyProblem(body);
      if (problem) invalid('constraints', problem);
      const next: GovernancePolicyRow = {
        ...current,
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        scope: body.scope === undefined ? current.scope : ((body.scope as AuthorityScope | null) ?? null),
        constraints: body.constraints === undefined ? current.constraints : constraintsOf(body.constraints),
        exceptions: body.exceptions === undefined ? current.exceptions : exceptionsOf(body.exceptions),
        priority: body.priority ?? current.priority,
        status: body.status ?? current.status,
        version: current.version + 1,
        updatedAt: ctx.clock(),
      };
      if (!(await ctx.store.governance.updateGovernancePolicy(next, current.version)))
        throw new ApiError('AG_CONFLICT', `governance policy \`${current.id}\` changed meanwhile; read it again and retry`);
      await refresh(key.tenantId);
      return presentPolicy(next);
    },
  );

  /** The tenant's policies as the engine takes them; with `only`, that policy and its descendants. */
  const policiesFor = async (tenantId: string, only?: string | null): Promise<EnginePolicy[]> => {
    const rows = await ctx.store.governance.listGovernancePolicies(tenantId);
    if (!only) return rows;
    if (!rows.some((row) => row.id === only)) invalid('linked_policy_id', `governance policy \`${only}\` not found`);
    const keep = new Set([only]);
    for (let grew = true; grew;) {
      grew = false;
      for (const row of rows)
        if (row.parentPolicyId && keep.has(row.parentPolicyId) && !keep.has(row.id)) {
          keep.add(row.id);
          grew = true;
        }
    }
    return rows.filter((row) => keep.has(row.id));
  };

  app.post(
    '/fabric/governance/evaluate',
    { schema: { body: GovernanceEvaluateRequest, response: { 200: ref(GovernanceEvaluation) } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const policies = await policiesFor(key.tenantId, body.linked_policy_id);
      const facts = governanceFacts({
        action: body.action.startsWith('/') ? normalizeToolPath(body.action) : body.action,
        resource: body.resource ?? '',
        agentId: body.agent_id ?? '',
        identity: body.identity_id ?? '',
        args: body.scope ?? {},
        now: ctx.clock(),
      });
      return evaluationOf(evaluateGovernance(policies, facts));
    },
  );

  app.post(
    '/fabric/controls/evaluate',
    { schema: { body: ControlEvaluateRequest, response: { 200: ref(GovernanceEvaluation) } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      const path = normalizeToolPath(body.tool ?? (body.action.startsWith('/') ? body.action : `/tools/${body.action}`));
      const facts = governanceFacts({
        action: path,
        resource: body.resource ?? '',
        agentId: body.agent_id ?? '',
        identity: body.identity_id ?? '',
        args: {},
        now: ctx.clock(),
      });
      const rules = await ctx.store.listToolRules(key.tenantId);
      const matched = matchingRules(rules, { path, agentId: body.agent_id ?? undefined });
      return {
        ...evaluationOf(evaluateGovernance(await ctx.store.governance.listGovernancePolicies(key.tenantId), facts)),
        matched_rules: matched.map(({ rule }) => ({ id: rule.id, name: rule.name, version: rule.version, effect: rule.effect })),
      };
    },
  );
}
