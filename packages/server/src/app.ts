// Builds the Fastify application: error mapping, authentication, and the routes.
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authenticate, authorize } from './auth.ts';
import type { Config } from './config.ts';
import type { App, AppContext } from './context.ts';
import { DecisionService } from './decision-service.ts';
import { handleError } from './errors.ts';
import { agentRoutes } from './routes/agents.ts';
import { approvalRoutes } from './routes/approvals.ts';
import { decisionRoutes } from './routes/decisions.ts';
import { keyRoutes } from './routes/keys.ts';
import { publicRoutes } from './routes/public.ts';
import { tenantRoutes } from './routes/tenant.ts';
import { toolRuleRoutes } from './routes/tool-rules.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import type { Store } from './store/store.ts';

export interface BuildOptions {
  config: Config;
  store: Store;
  keyRing: SigningKeyRing;
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
}

export function buildApp(options: BuildOptions): { app: App; ctx: AppContext } {
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel },
    bodyLimit: options.config.bodyLimit,
    ajv: { customOptions: { allErrors: true } },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const ctx: AppContext = {
    config: options.config,
    store: options.store,
    keyRing: options.keyRing,
    decisions: new DecisionService(options.store, options.keyRing, clock),
    clock,
  };

  app.decorateRequest('key', null);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `no route for ${request.method} \`${request.url.split('?')[0]}\``, code: 'AG_NOT_FOUND' });
  });
  // Every /fabric route needs a key unless it is marked public; the check runs before the body is read.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config ?? {};
    if (config.public || !request.url.startsWith('/fabric')) return;
    request.key = await authenticate(ctx.store, request.headers['x-api-key']);
    authorize(request.key, config.access ?? 'agent');
  });

  publicRoutes(app, ctx);
  decisionRoutes(app, ctx);
  approvalRoutes(app, ctx);
  toolRuleRoutes(app, ctx);
  keyRoutes(app, ctx);
  agentRoutes(app, ctx);
  tenantRoutes(app, ctx);
  return { app, ctx };
}
