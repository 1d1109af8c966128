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
import { dashboardRoutes } from './routes/dashboard.ts';
import { eventRoutes } from './routes/events.ts';
import { haltRoutes } from './routes/halt.ts';
import { traceRoutes } from './routes/traces.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { JournalService } from './journal/journal-service.ts';
import { journalRoutes } from './routes/journal.ts';
import { openApiRoutes, registerOpenApi } from './routes/openapi.ts';
import { signupPageRoutes } from './routes/signup-page.ts';
import { tryRoutes } from './routes/try.ts';
import { signingKeyRoutes } from './routes/signing-keys.ts';
import type { Store } from './store/store.ts';
import { sharesSigningKeys } from './store/signing-key-store.ts';

export interface BuildOptions {
  config: Config;
  store: Store;
  keyRing: SigningKeyRing;
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Heartbeat interval of open event streams (tests shorten it). */
  eventHeartbeatMs?: number;
}

export function buildApp(options: BuildOptions): { app: App; ctx: AppContext } {
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel },
    bodyLimit: options.config.bodyLimit,
    ajv: { customOptions: { allErrors: true } },
    return503OnClosing: true,
    // Loading the OpenAPI plugins can take seconds on a busy machine; a slow start is not a failure.
    pluginTimeout: 120_000,
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
    // The matched route decides, not the raw URL: `/%66abric/...` or an absolute-form URL reach the same route.
    const path = request.routeOptions.url ?? request.url;
    if (config.public || !path.startsWith('/fabric')) return;
    request.key = await authenticate(ctx.store, request.headers['x-api-key']);
    authorize(request.key, config.access ?? 'agent');
  });

  // The OpenAPI plugins load first; routes are added once they have, so each one is documented.
  registerOpenApi(app);
  app.after((error) => {
    if (error) throw error;
    registerRoutes(app, ctx, options);
  });
  return { app, ctx };
}

/** Every route of the service. Runs after the OpenAPI plugins loaded (see `registerOpenApi`). */
function registerRoutes(app: App, ctx: AppContext, options: BuildOptions): void {
  const clock = ctx.clock;
  publicRoutes(app, ctx);
  decisionRoutes(app, ctx);
  approvalRoutes(app, ctx);
  toolRuleRoutes(app, ctx);
  keyRoutes(app, ctx);
  agentRoutes(app, ctx);
  tenantRoutes(app, ctx);
  haltRoutes(app, ctx);
  eventRoutes(app, ctx, { heartbeatMs: options.eventHeartbeatMs });
  traceRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  // Signed tree heads of the journals: one a second while they grow, stopped before the store closes.
  const journal = new JournalService(options.store, options.keyRing, clock, (error) => app.log.error({ err: error }, 'journal tree head'));
  app.addHook('onReady', async () => journal.start());
  // Several nodes: this node's public keys join the set every node publishes before it serves.
  const store = options.store;
  if (sharesSigningKeys(store))
    app.addHook('onReady', async () => store.publishSigningKeys(ctx.config.nodeId, ctx.keyRing.publicKeys(), clock()));
  app.addHook('onClose', async () => journal.stop());
  journalRoutes(app, ctx, journal);
  signingKeyRoutes(app, ctx);
  tryRoutes(app, ctx);
  signupPageRoutes(app, ctx);
  openApiRoutes(app, ctx);
}
