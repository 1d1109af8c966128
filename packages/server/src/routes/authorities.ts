// Approver authorities (issue 21): which key may approve, delegate or override, within which
// scope, up to which amount, until when. Once a tenant grants any, approving needs one.
import { authorityScopeProblem, type AuthorityScope } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, NoContent, ref } from '../schemas.ts';
import { Authority, AuthorityCreate, AuthorityList } from '../schemas/governance.ts';
import type { AuthorityRow } from '../store/governance-store.ts';

export function presentAuthority(row: AuthorityRow, now: number) {
  return {
    authority_id: row.id,
    identity_id: row.identityId,
    role: row.role,
    identity_type: row.identityType,
    scope: (row.scope as Record<string, unknown> | null) ?? null,
    can_approve: row.canApprove,
    can_delegate: row.canDelegate,
    can_override: row.canOverride,
    max_approval_amount_cents: row.maxApprovalAmountCents,
    max_budget_cents: row.maxBudgetCents,
    budget_id: row.budgetId,
    expires_at: iso(row.expiresAt),
    active: row.expiresAt === null || row.expiresAt > now,
    created_at: iso(row.createdAt),
  };
}

export function authorityRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/authorities',
    { schema: { body: AuthorityCreate, response: { 201: ref(Authority) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const problem = authorityScopeProblem(body.scope);
      if (problem) throw new ValidationFailed([{ loc: ['body', 'scope'], msg: problem, type: 'value_error' }]);
      const now = ctx.clock();
      const expiresAt = body.expires_at ? Date.parse(body.expires_at) : null;
      if (expiresAt !== null && expiresAt <= now)
        throw new ValidationFailed([{ loc: ['body', 'expires_at'], msg: `\`${body.expires_at}\` is in the past`, type: 'value_error' }]);
      const row: AuthorityRow = {
        id: newId('auth'),
        tenantId: key.tenantId,
        identityId: body.identity_id,
        role: body.role,
        identityType: body.identity_type ?? 'user',
        scope: (body.scope as AuthorityScope | null | undefined) ?? null,
        canApprove: body.can_approve ?? true,
        canDelegate: body.can_delegate ?? false,
        canOverride: body.can_override ?? false,
        maxApprovalAmountCents: body.max_approval_amount_cents ?? null,
        maxBudgetCents: body.max_budget_cents ?? null,
        budgetId: body.budget_id ?? null,
        expiresAt,
        createdAt: now,
        createdByKeyId: key.id,
      };
      await ctx.store.governance.createAuthority(row);
      reply.code(201);
      return presentAuthority(row, now);
    },
  );

  app.get('/fabric/authorities', { schema: { response: { 200: ref(AuthorityList) } }, config: { access: 'approver' } }, async (request) => {
    const now = ctx.clock();
    return { authorities: (await ctx.store.governance.listAuthorities(keyOf(request).tenantId)).map((row) => presentAuthority(row, now)) };
  });

  app.delete(
    '/fabric/authorities/:id',
    { schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(404) } }, config: { access: 'admin' } },
    async (request, reply) => {
      if (!(await ctx.store.governance.deleteAuthority(keyOf(request).tenantId, request.params.id)))
        throw new ApiError('AG_NOT_FOUND', `authority \`${request.params.id}\` not found`);
      reply.code(204);
    },
  );
}
