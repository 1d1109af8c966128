// Budgets (issue 19): create, list, read, change and delete them; reserve an amount against one
// (and its parents), then commit what was spent or release it. A reservation that would pass a hard
// limit is refused (409) with the budget, its spend and the amount named; nothing is held.
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { describeExcess } from '@actiongate/engine';
import { errorResponses, NoContent } from '../schemas.ts';
import {
  Budget,
  BudgetList,
  BudgetUpdate,
  CommitRequest,
  CreateBudgetRequest,
  Reservation,
  ReservationList,
  ReserveRequest,
} from '../schemas/budgets.ts';
import { presentBudget, presentReservation } from '../budgets/present-budget.ts';
import type { BudgetRow, BudgetStore, SettleResult } from '../store/budget-store.ts';
import { MAX_BUDGET_DEPTH } from '../store/budget-plan.ts';

const BudgetParams = Type.Object({ budget_id: Type.String({ minLength: 1, maxLength: 200 }) });
const ReservationParams = Type.Object({
  budget_id: Type.String({ minLength: 1, maxLength: 200 }),
  reservation_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const ReservationQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
  { additionalProperties: false },
);

/** Refuses a scope and scope_id that do not fit together. */
function checkScope(scope: BudgetRow['scope'], scopeId: string | null): void {
  if (scope === 'tenant' && scopeId !== null)
    throw new ValidationFailed([
      { loc: ['body', 'scope_id'], msg: 'a `tenant` budget covers the whole tenant: leave scope_id out', type: 'value_error' },
    ]);
  if (scope !== 'tenant' && scopeId === null)
    throw new ValidationFailed([
      {
        loc: ['body', 'scope_id'],
        msg: `a \`${scope}\` budget needs scope_id (the ${scope === 'tool' ? 'tool name' : `${scope} id`})`,
        type: 'missing',
      },
    ]);
}

/** Refuses a parent that is missing, in another currency, or would make a cycle (or nest too deep). */
async function checkParent(
  budgets: BudgetStore,
  tenantId: string,
  child: Pick<BudgetRow, 'id' | 'currency'>,
  parentId: string | null,
  now: number,
) {
  if (parentId === null) return;
  let depth = 0;
  for (let id: string | null = parentId; id !== null; depth++) {
    if (id === child.id)
      throw new ValidationFailed([
        { loc: ['body', 'parent_id'], msg: `budget \`${parentId}\` is nested in this one: a cycle`, type: 'value_error' },
      ]);
    if (depth >= MAX_BUDGET_DEPTH)
      throw new ValidationFailed([
        { loc: ['body', 'parent_id'], msg: `budgets nest at most ${MAX_BUDGET_DEPTH} deep`, type: 'value_error' },
      ]);
    const budget = await budgets.getBudget(tenantId, id, now);
    if (!budget) throw new ValidationFailed([{ loc: ['body', 'parent_id'], msg: `unknown budget \`${id}\``, type: 'value_error' }]);
    if (id === parentId && budget.currency !== child.currency)
      throw new ValidationFailed([
        {
          loc: ['body', 'parent_id'],
          msg: `parent \`${parentId}\` counts ${budget.currency}, this budget ${child.currency}`,
          type: 'value_error',
        },
      ]);
    id = budget.parentId;
  }
}

export function budgetRoutes(app: App, ctx: AppContext): void {
  const budgets = ctx.store.budgets;

  const find = async (tenantId: string, id: string) => {
    const budget = await budgets.getBudget(tenantId, id, ctx.clock());
    if (!budget) throw new ApiError('AG_NOT_FOUND', `budget \`${id}\` not found`);
    return budget;
  };

  app.post(
    '/fabric/budgets',
    { schema: { body: CreateBudgetRequest, response: { 201: Budget } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const row: BudgetRow = {
        id: newId('bgt', now),
        tenantId: key.tenantId,
        name: body.name,
        description: body.description ?? '',
        scope: body.scope ?? 'tenant',
        scopeId: body.scope_id ?? null,
        parentId: body.parent_id ?? null,
        period: body.period ?? 'monthly',
        limitCents: body.limit_cents,
        hardLimit: body.hard_limit ?? true,
        onExceed: body.on_exceed ?? 'hold',
        softLimitPct: body.soft_limit_pct ?? 80,
        alertThresholdPct: body.alert_threshold_pct ?? 50,
        currency: body.currency ?? 'USD',
        metadata: (body.metadata ?? null) as Record<string, unknown> | null,
        spentCents: 0,
        periodStart: 0,
        alertLevel: 0,
        alertPeriodStart: 0,
        createdAt: now,
        updatedAt: now,
      };
      checkScope(row.scope, row.scopeId);
      await checkParent(budgets, key.tenantId, row, row.parentId, now);
      await budgets.createBudget(row);
      reply.code(201);
      return presentBudget(await find(key.tenantId, row.id), now);
    },
  );

  app.get('/fabric/budgets', { schema: { response: { 200: BudgetList } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    const now = ctx.clock();
    return { budgets: (await budgets.listBudgets(key.tenantId, now)).map((budget) => presentBudget(budget, now)) };
  });

  app.get(
    '/fabric/budgets/:budget_id',
    { schema: { params: BudgetParams, response: { 200: Budget } }, config: { access: 'approver' } },
    async (request) => presentBudget(await find(keyOf(request).tenantId, request.params.budget_id), ctx.clock()),
  );

  app.patch(
    '/fabric/budgets/:budget_id',
    { schema: { params: BudgetParams, body: BudgetUpdate, response: { 200: Budget } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const current = await find(key.tenantId, request.params.budget_id);
      const body = request.body;
      const next: BudgetRow = {
        ...current,
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        parentId: body.parent_id === undefined ? current.parentId : body.parent_id,
        period: body.period ?? current.period,
        limitCents: body.limit_cents ?? current.limitCents,
        hardLimit: body.hard_limit ?? current.hardLimit,
        onExceed: body.on_exceed ?? current.onExceed,
        softLimitPct: body.soft_limit_pct ?? current.softLimitPct,
        alertThresholdPct: body.alert_threshold_pct ?? current.alertThresholdPct,
        currency: body.currency ?? current.currency,
        metadata: body.metadata === undefined ? current.metadata : (body.metadata as Record<string, unknown> | null),
        updatedAt: now,
      };
      await checkParent(budgets, key.tenantId, next, next.parentId, now);
      await budgets.updateBudget(next);
      return presentBudget(await find(key.tenantId, next.id), now);
    },
  );

  app.delete(
    '/fabric/budgets/:budget_id',
    { schema: { params: BudgetParams, response: { 204: NoContent, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const result = await budgets.deleteBudget(key.tenantId, request.params.budget_id);
      if (result === 'not_found') throw new ApiError('AG_NOT_FOUND', `budget \`${request.params.budget_id}\` not found`);
      if (result === 'has_children')
        throw new ApiError('AG_CONFLICT', `budget \`${request.params.budget_id}\` has nested budgets; delete or move them first`);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/fabric/budgets/:budget_id/reservations',
    {
      schema: { params: BudgetParams, body: ReserveRequest, response: { 201: Reservation, ...errorResponses(409) } },
      config: { access: 'agent' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      // An agent key reserves for its own agent only.
      if (key.kind === 'agent' && body.agent_id && body.agent_id !== key.agentId)
        throw new ApiError(
          'AG_FORBIDDEN',
          `this agent key belongs to agent \`${key.agentId}\`; it may not reserve for \`${body.agent_id}\``,
        );
      const now = ctx.clock();
      const result = await budgets.reserve(key.tenantId, request.params.budget_id, {
        id: newId('res', now),
        amountCents: body.amount_cents,
        agentId: body.agent_id ?? (key.kind === 'agent' ? key.agentId : null),
        decisionId: body.decision_id ?? null,
        now,
        expiresAt: now + (body.ttl_seconds ?? 900) * 1000,
      });
      if (!result.ok && result.reason === 'not_found')
        throw new ApiError('AG_NOT_FOUND', `budget \`${request.params.budget_id}\` not found`);
      if (!result.ok) throw new ApiError('AG_CONFLICT', `not reserved: ${describeExcess(result.excess)}`);
      reply.code(201);
      return presentReservation(result.reservation, now);
    },
  );

  app.get(
    '/fabric/budgets/:budget_id/reservations',
    { schema: { params: BudgetParams, querystring: ReservationQuery, response: { 200: ReservationList } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      await find(key.tenantId, request.params.budget_id);
      const now = ctx.clock();
      const rows = await budgets.listReservations(key.tenantId, request.params.budget_id, request.query.limit ?? 100);
      return { reservations: rows.map((row) => presentReservation(row, now)) };
    },
  );

  const settled = (result: SettleResult, params: { budget_id: string; reservation_id: string }, now: number) => {
    if (result.ok) return presentReservation(result.reservation, now);
    const id = `\`${params.reservation_id}\``;
    if (result.reason === 'not_found') throw new ApiError('AG_NOT_FOUND', `reservation ${id} of budget \`${params.budget_id}\` not found`);
    if (result.reason === 'expired') throw new ApiError('AG_CONFLICT', `reservation ${id} expired; its amount was freed, reserve again`);
    throw new ApiError('AG_CONFLICT', `reservation ${id} is already ${result.reservation?.status}`);
  };

  app.post(
    '/fabric/budgets/:budget_id/reservations/:reservation_id/commit',
    {
      schema: { params: ReservationParams, body: CommitRequest, response: { 200: Reservation, ...errorResponses(409) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const { budget_id, reservation_id } = request.params;
      const result = await budgets.settleReservation(
        key.tenantId,
        budget_id,
        reservation_id,
        { kind: 'commit', actualCents: request.body.actual_cost_cents ?? null },
        now,
      );
      return settled(result, request.params, now);
    },
  );

  app.post(
    '/fabric/budgets/:budget_id/reservations/:reservation_id/release',
    { schema: { params: ReservationParams, response: { 200: Reservation, ...errorResponses(409) } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const { budget_id, reservation_id } = request.params;
      return settled(
        await budgets.settleReservation(key.tenantId, budget_id, reservation_id, { kind: 'release' }, now),
        request.params,
        now,
      );
    },
  );
}
