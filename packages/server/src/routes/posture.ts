// A tenant's enforcement state (issue 18): egress rules, the security posture (tool path lists),
// containment (`POST /fabric/contain` with `action: contain | release`) and closure for good
// (`POST /fabric/close`, which seals the journal with a final signed tree head).
import { keyOf } from '../auth.ts';
import type { Enforcement } from '../broker/enforcement.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import type { JournalService } from '../journal/journal-service.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, NoContent } from '../schemas.ts';
import { CloseRequest, ContainRequest, EgressRule, EgressRuleList, EgressRuleRequest, Posture, PostureUpdate } from '../schemas/posture.ts';
import type { EgressRuleRow, TenantPostureRow } from '../store/posture-store.ts';
import { refuseIfClosed } from './credentials.ts';

function presentRule(rule: EgressRuleRow) {
  return {
    id: rule.id,
    target: rule.target,
    ports: rule.ports,
    schemes: rule.schemes,
    created_at: iso(rule.createdAt),
    created_by_key_id: rule.createdByKeyId,
  };
}

function presentPosture(tenantId: string, row: TenantPostureRow) {
  return {
    tenant: tenantId,
    allowed_tools: row.allowedTools,
    denied_tools: row.deniedTools,
    updated_at: iso(row.postureUpdatedAt),
    egress_rules: row.egressRules.length,
    contained: row.containment !== null,
    containment: row.containment
      ? { since: iso(row.containment.since), reason: row.containment.reason, by_key_id: row.containment.byKeyId }
      : null,
    closed: row.closure !== null,
    closure: row.closure
      ? {
          since: iso(row.closure.since),
          reason: row.closure.reason,
          final_disposition: row.closure.finalDisposition,
          by_key_id: row.closure.byKeyId,
          final_tree_head: row.closure.finalTreeHead,
        }
      : null,
  };
}

/** The body names the tenant as a safeguard: it must be the key's own (another tenant is never revealed). */
function checkTenant(tenantId: string, named: string): void {
  if (named !== tenantId) throw new ApiError('AG_NOT_FOUND', `tenant \`${named}\` not found`);
}

export function postureRoutes(app: App, ctx: AppContext, enforcement: Enforcement, journal: JournalService): void {
  const cache = enforcement.posture;

  app.post(
    '/fabric/egress-rules',
    { schema: { body: EgressRuleRequest, response: { 201: EgressRule, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      await refuseIfClosed(enforcement, key.tenantId);
      const body = request.body;
      const target = body.target.trim().toLowerCase();
      if (!/^(\*\.|\.)?[a-z0-9_.:-]+$/.test(target) || target === '.' || target === '*.') {
        throw new ValidationFailed([
          { loc: ['body', 'target'], msg: `\`${body.target}\` is not a host, IP literal or \`*.suffix\``, type: 'value_error' },
        ]);
      }
      const now = ctx.clock();
      const rule: EgressRuleRow = {
        id: newId('egr', now),
        tenantId: key.tenantId,
        target,
        ports: [...new Set(body.ports ?? [])],
        schemes: [...new Set(body.schemes ?? [])],
        createdAt: now,
        createdByKeyId: key.id,
      };
      await ctx.store.posture.createEgressRule(rule);
      await cache.refresh(key.tenantId);
      await ctx.store.appendEvent(key.tenantId, 'egress_rule.created', { ...presentRule(rule), key_id: key.id }, now);
      reply.code(201);
      return presentRule(rule);
    },
  );

  app.get('/fabric/egress-rules', { schema: { response: { 200: EgressRuleList } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    return { egress_rules: (await cache.get(key.tenantId)).egressRules.map(presentRule) };
  });

  app.delete(
    '/fabric/egress-rules/:id',
    { schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      await refuseIfClosed(enforcement, key.tenantId);
      if (!(await ctx.store.posture.deleteEgressRule(key.tenantId, request.params.id))) {
        throw new ApiError('AG_NOT_FOUND', `egress rule \`${request.params.id}\` not found`);
      }
      await cache.refresh(key.tenantId);
      await ctx.store.appendEvent(key.tenantId, 'egress_rule.deleted', { id: request.params.id, key_id: key.id }, ctx.clock());
      reply.code(204);
    },
  );

  app.get('/fabric/posture', { schema: { response: { 200: Posture } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    return presentPosture(key.tenantId, await cache.get(key.tenantId));
  });

  app.put(
    '/fabric/posture',
    { schema: { body: PostureUpdate, response: { 200: Posture, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      await refuseIfClosed(enforcement, key.tenantId);
      const body = request.body;
      const problems = (['allowed_tools', 'denied_tools'] as const).flatMap((field) =>
        (body[field] ?? []).flatMap((pattern, i) =>
          pattern.startsWith('/')
            ? []
            : [{ loc: ['body', field, i], msg: `\`${pattern}\` is not a tool path (starts with \`/\`)`, type: 'value_error' }],
        ),
      );
      if (problems.length) throw new ValidationFailed(problems);
      const now = ctx.clock();
      await ctx.store.posture.setToolPosture(key.tenantId, {
        allowedTools: body.allowed_tools ?? null,
        deniedTools: body.denied_tools ?? null,
        at: now,
      });
      const posture = presentPosture(key.tenantId, await cache.refresh(key.tenantId));
      await ctx.store.appendEvent(
        key.tenantId,
        'posture.updated',
        { allowed_tools: posture.allowed_tools, denied_tools: posture.denied_tools, key_id: key.id, at: iso(now) },
        now,
      );
      return posture;
    },
  );

  app.post(
    '/fabric/contain',
    { schema: { body: ContainRequest, response: { 200: Posture, ...errorResponses(404, 409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      checkTenant(key.tenantId, request.body.tenant);
      await refuseIfClosed(enforcement, key.tenantId);
      const now = ctx.clock();
      if ((request.body.action ?? 'contain') === 'contain') {
        const done = await ctx.store.posture.contain(key.tenantId, { reason: `contained by key ${key.id}`, since: now, byKeyId: key.id });
        if (!done) throw new ApiError('AG_CONFLICT', 'the tenant is already contained; release it with `action: release`');
        request.log.warn({ tenant: key.tenantId, key: key.id }, 'tenant contained');
        const posture = presentPosture(key.tenantId, await cache.refresh(key.tenantId));
        await ctx.store.appendEvent(key.tenantId, 'tenant.contained', { ...posture.containment!, key_id: key.id }, now);
        return posture;
      }
      const before = (await cache.get(key.tenantId)).containment;
      if (!(await ctx.store.posture.release(key.tenantId))) throw new ApiError('AG_CONFLICT', 'the tenant is not contained');
      request.log.warn({ tenant: key.tenantId, key: key.id }, 'tenant released from containment');
      const posture = presentPosture(key.tenantId, await cache.refresh(key.tenantId));
      await ctx.store.appendEvent(
        key.tenantId,
        'tenant.released',
        { contained_since: before ? iso(before.since) : null, contained_reason: before?.reason ?? null, key_id: key.id, at: iso(now) },
        now,
      );
      return posture;
    },
  );

  app.post(
    '/fabric/close',
    { schema: { body: CloseRequest, response: { 200: Posture, ...errorResponses(404, 409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const body = request.body;
      checkTenant(key.tenantId, body.tenant);
      const now = ctx.clock();
      const closed = await ctx.store.posture.close(key.tenantId, {
        reason: body.reason,
        finalDisposition: body.final_disposition,
        since: now,
        byKeyId: key.id,
      });
      if (!closed) throw new ApiError('AG_CONFLICT', 'the tenant is already closed');
      // From here every decision of the tenant is denied by the identity stage.
      await cache.refresh(key.tenantId);
      // Its open approvals fell due at closing: journal their expiry, then seal with a signed head.
      await ctx.store.expireDueApprovals(now);
      const head = await journal.head(key.tenantId);
      await ctx.store.posture.sealClosure(key.tenantId, head);
      request.log.warn({ tenant: key.tenantId, key: key.id, tree_size: head.tree_size }, 'tenant closed for good; journal sealed');
      const posture = presentPosture(key.tenantId, await cache.refresh(key.tenantId));
      await ctx.store.appendEvent(key.tenantId, 'tenant.closed', { ...posture.closure!, key_id: key.id }, now);
      return posture;
    },
  );
}
