// GET /metrics: Prometheus text for a scraper. Service-wide numbers (all tenants), so only the
// operator may read them: the operator key, or an admin key of the operator's own (default)
// tenant; or anyone when ACTIONGATE_METRICS=open, for a scraper on a private network.
import { Type } from 'typebox';
import { authenticate } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ERRORS } from '../errors.ts';
import { DEFAULT_TENANT, requireOperator } from '../operator.ts';
import { ErrorResponse, ref } from '../schemas.ts';
import { SECURITY_SCHEME } from './openapi.ts';

const PrometheusText = Type.String({ description: 'Prometheus text exposition format 0.0.4' });

export function metricsRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['meta'],
        summary: 'Prometheus metrics: decisions, latency, approvals, WAL sync time, process (operator or default-tenant admin key)',
        security: [{ [SECURITY_SCHEME]: [] }],
        response: {
          200: { description: 'Prometheus text', content: { 'text/plain; version=0.0.4': { schema: PrometheusText } } },
          401: { ...ref(ErrorResponse), description: ERRORS.AG_MISSING_KEY.message },
          403: { ...ref(ErrorResponse), description: 'not the operator key nor an admin key of the default tenant' },
        },
      },
      config: { public: true },
    },
    async (request, reply) => {
      if (!ctx.config.metricsOpen) {
        const key = await authenticate(ctx.store, request.headers['x-api-key']).catch(() => null);
        const defaultAdmin = key !== null && key.tenantId === DEFAULT_TENANT && key.kind === 'customer' && key.role === 'admin';
        if (!defaultAdmin) await requireOperator(ctx, request, 'metrics');
      }
      reply.type(ctx.metrics.registry.contentType);
      return ctx.metrics.text();
    },
  );
}
