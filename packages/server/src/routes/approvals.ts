// The review queue: held calls wait here for a human with a key other than the one that asked.
import { agentScope, keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError } from '../errors.ts';
import { ApprovalVoting } from '../governance/approval-voting.ts';
import { presentApproval } from '../present.ts';
import type { ApprovalRow } from '../store/store.ts';
import { ApprovalDecisionRequest, ApprovalList, ApprovalListQuery, ApprovalRecord, IdParams, errorResponses } from '../schemas.ts';

export function approvalRoutes(app: App, ctx: AppContext): void {
  const voting = new ApprovalVoting(ctx.store, ctx.clock);
  /** Approvals with the names of the keys that asked and decided: people know keys by name, not id. */
  const withKeyNames = async (tenantId: string, rows: ApprovalRow[]) => {
    const keys = [...(await ctx.store.listKeys(tenantId, 'customer')), ...(await ctx.store.listKeys(tenantId, 'agent'))];
    const names = new Map(keys.map((key) => [key.id, key.name]));
    return rows.map((row) => ({
      ...presentApproval(row),
      requested_by_key_name: names.get(row.requestedByKeyId) ?? null,
      decided_by_key_name: row.decidedByKeyId ? (names.get(row.decidedByKeyId) ?? null) : null,
    }));
  };

  app.get(
    '/fabric/approvals',
    { schema: { querystring: ApprovalListQuery, response: { 200: ApprovalList } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const scope = agentScope(key);
      const { status, agent_id, limit = 100 } = request.query;
      if (scope && agent_id && agent_id !== scope) return { approvals: [] };
      const rows = await ctx.store.listApprovals(key.tenantId, { status, agentId: scope ?? agent_id, limit }, ctx.clock());
      return { approvals: await withKeyNames(key.tenantId, rows) };
    },
  );

  app.get(
    '/fabric/approvals/:id',
    { schema: { params: IdParams, response: { 200: ApprovalRecord } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const row = await ctx.store.getApproval(key.tenantId, request.params.id, ctx.clock());
      const scope = agentScope(key);
      if (!row || (scope && row.agentId !== scope)) throw new ApiError('AG_NOT_FOUND', `approval \`${request.params.id}\` not found`);
      return (await withKeyNames(key.tenantId, [row]))[0];
    },
  );

  for (const action of ['approve', 'deny'] as const) {
    app.post(
      `/fabric/approvals/:id/${action}`,
      {
        schema: { params: IdParams, body: ApprovalDecisionRequest, response: { 200: ApprovalRecord, ...errorResponses(409) } },
        config: { access: 'approver' },
        // The body is optional (`{note?}`): a POST with no body at all approves without a note.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      },
      async (request) => {
        const key = keyOf(request);
        const settings = await settingsOf(ctx, key.tenantId);
        // Issue 21: through the vote, so authorities and multi-party approvals apply here too.
        const approval = await voting.cast(
          key,
          request.params.id,
          { approved: action === 'approve', reason: request.body?.note ?? '' },
          settings.approvalTtlSeconds * 1000,
        );
        return (await withKeyNames(key.tenantId, [approval]))[0];
      },
    );
  }
}
