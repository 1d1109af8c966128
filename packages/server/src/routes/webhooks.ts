// Webhooks: register a URL for events, list and delete them, and read each one's delivery log.
// Sending is the WebhookService's job, in the background; these routes never wait on a receiver.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, NoContent, ref } from '../schemas.ts';
import { WebhookCreated, WebhookDeliveryList, WebhookDeliveryQuery, WebhookList, WebhookRequest } from '../schemas/webhooks.ts';
import type { DeliveryRow, WebhookRow } from '../store/webhook-store.ts';
import { outboundUrlProblem } from '../webhooks/outbound-address.ts';
import { newWebhookSecret } from '../webhooks/sign-body.ts';
import { WebhookService } from '../webhooks/webhook-service.ts';

function presentWebhook(row: WebhookRow) {
  return { id: row.id, url: row.url, events: row.events, format: row.format, created_at: iso(row.createdAt) };
}

function presentDelivery(row: DeliveryRow) {
  const last = row.attemptLog[row.attemptLog.length - 1];
  return {
    delivery_id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.nextAttemptAt),
    created_at: iso(row.createdAt),
    finished_at: iso(row.finishedAt),
    last_status_code: last?.statusCode ?? null,
    last_error: last?.error ?? null,
    attempt_log: row.attemptLog.map((a) => ({ at: iso(a.at), status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
    body: row.body,
  };
}

/** The routes, and the delivery service they feed (started with the server, stopped before the store closes). */
export function webhookRoutes(app: App, ctx: AppContext): WebhookService {
  const service = new WebhookService(ctx.store, {
    allowPrivate: ctx.config.webhookAllowPrivate,
    publicUrl: ctx.config.publicUrl,
    retry: { baseDelayMs: ctx.config.webhookRetryBaseMs },
    clock: ctx.clock,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  ctx.webhooks = service;
  app.addHook('onReady', async () => service.start());
  app.addHook('preClose', async () => service.stop());

  app.post(
    '/fabric/webhooks',
    { schema: { body: WebhookRequest, response: { 201: ref(WebhookCreated) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const problem = await outboundUrlProblem(body.url, ctx.config.webhookAllowPrivate);
      if (problem) throw new ValidationFailed([{ loc: ['body', 'url'], msg: problem, type: 'url_refused' }]);
      const row: WebhookRow = {
        id: newId('wh'),
        tenantId: key.tenantId,
        url: body.url,
        events: [...new Set(body.events)],
        format: body.format ?? 'json',
        secret: body.secret ?? newWebhookSecret(),
        createdAt: ctx.clock(),
      };
      await ctx.store.webhooks.createWebhook(row);
      await service.refreshTenant(key.tenantId);
      reply.code(201);
      return { ...presentWebhook(row), secret: row.secret };
    },
  );

  app.get('/fabric/webhooks', { schema: { response: { 200: ref(WebhookList) } }, config: { access: 'admin' } }, async (request) => ({
    webhooks: (await ctx.store.webhooks.listWebhooks(keyOf(request).tenantId)).map(presentWebhook),
  }));

  app.delete(
    '/fabric/webhooks/:id',
    { schema: { params: IdParams, response: { 204: NoContent } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      if (!(await ctx.store.webhooks.deleteWebhook(key.tenantId, request.params.id))) {
        throw new ApiError('AG_NOT_FOUND', `webhook \`${request.params.id}\` not found`);
      }
      await service.refreshTenant(key.tenantId);
      reply.code(204);
    },
  );

  app.get(
    '/fabric/webhooks/:id/deliveries',
    {
      schema: { params: IdParams, querystring: WebhookDeliveryQuery, response: { 200: ref(WebhookDeliveryList), ...errorResponses(404) } },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      if (!(await ctx.store.webhooks.getWebhook(key.tenantId, request.params.id))) {
        throw new ApiError('AG_NOT_FOUND', `webhook \`${request.params.id}\` not found`);
      }
      const rows = await ctx.store.webhooks.listDeliveries(key.tenantId, request.params.id, request.query.limit ?? 100);
      return { deliveries: rows.map(presentDelivery) };
    },
  );
  return service;
}
