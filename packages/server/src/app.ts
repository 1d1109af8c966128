// Builds the Fastify application: error mapping, authentication, and the routes.
import { budgetRoutes } from './routes/budgets.ts'; // issue 19
import { agentControlRoutes } from './routes/agent-controls.ts'; // issue 19
import { evaluationRoutes } from './routes/evaluation.ts'; // issue 19
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authenticateRequest, authorize } from './auth.ts';
import { AgentTokenService } from './identity/agent-token-service.ts';
import type { Config } from './config.ts';
import type { App, AppContext } from './context.ts';
import { DecisionService } from './decision-service.ts';
import { handleError } from './errors.ts';
import { bodyWithoutCoercion, strictBodies } from './strict-bodies.ts';
import { DeferredSchemas } from './lazy-schema-compilers.ts';
import { agentRoutes } from './routes/agents.ts';
import { approvalRoutes } from './routes/approvals.ts';
import { decisionRoutes } from './routes/decisions.ts';
import { keyRoutes } from './routes/keys.ts';
import { publicRoutes } from './routes/public.ts';
import { tenantRoutes } from './routes/tenant.ts';
import { toolRuleRoutes } from './routes/tool-rules.ts';
import { toolRuleSetRoutes } from './routes/tool-rule-set.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { eventRoutes } from './routes/events.ts';
import { haltRoutes } from './routes/halt.ts';
import { traceRoutes } from './routes/traces.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { JournalService } from './journal/journal-service.ts';
import { ServerMetrics } from './metrics/server-metrics.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { requestSpans } from './tracing/request-spans.ts';
import { Tracing } from './tracing/tracing.ts';
import { journalRoutes } from './routes/journal.ts';
import { complianceRoutes } from './routes/compliance.ts';
import { certifyRoutes } from './routes/certify.ts';
import { anchorRoutes } from './routes/anchors.ts';
import { insuranceRoutes } from './routes/insurance.ts';
import { openApiRoutes, registerOpenApi } from './routes/openapi.ts';
import { signupPageRoutes } from './routes/signup-page.ts';
import { tryRoutes } from './routes/try.ts';
import { healthRoutes } from './routes/health.ts';
import { registerLoadShedding } from './load-shedding.ts';
import { registerRateLimits } from './rate-limits.ts';
import { refuseWritesOnStorageFault } from './fail-closed-writes.ts';
import { signingKeyRoutes } from './routes/signing-keys.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { identityFabricRoutes } from './routes/identity-fabric.ts';
import type { Store } from './store/store.ts';
// Issue 18: vault, brokered calls, egress rules, posture, contain and close.
import { CallBroker } from './broker/call-broker.ts';
import type { Enforcement } from './broker/enforcement.ts';
import { PostureCache } from './posture/posture-cache.ts';
import { GovernancePolicyCache } from './governance/governance-policy-cache.ts';
import { governanceRoutes } from './routes/governance.ts';
import { TrajectoryStateSource } from './governance/trajectory-state-source.ts';
import { PlanStateSource } from './governance/plan-state-source.ts';
import { planRoutes } from './routes/plans.ts';
import { callRoutes } from './routes/calls.ts';
import { credentialRoutes } from './routes/credentials.ts';
import { postureRoutes } from './routes/posture.ts';
import { Vault } from './vault/vault.ts';
import { sharesSigningKeys } from './store/signing-key-store.ts';
// Issue 14: the node among the nodes on one database, and the cluster routes.
import { ClusterNode } from './cluster/cluster-node.ts';
import { clusterRoutes, refuseWhileOutOfService } from './routes/cluster.ts';
import { combineStateSources } from './state-sources.ts';
import { logRequests } from './request-log.ts';
import { groupedStdout } from './grouped-log-writer.ts';

export interface BuildOptions {
  config: Config;
  store: Store;
  keyRing: SigningKeyRing;
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Heartbeat interval of open event streams (tests shorten it). */
  eventHeartbeatMs?: number;
}

export function buildApp(options: BuildOptions): { app: App; ctx: AppContext; schemas: DeferredSchemas } {
  const clock = options.clock ?? Date.now;
  const schemas = new DeferredSchemas();
  const app = Fastify({
    // Issue 15: log lines written in groups, not one thread-pool write per request (grouped-log-writer.ts).
    logger: options.logger ?? { level: options.config.logLevel, stream: groupedStdout() },
    // One line per request instead of Fastify's two (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.config.bodyLimit,
    // removeAdditional off: an unknown field is refused (strict-bodies.ts), not silently dropped;
    // verbose: errors carry their schema, so validation-messages.ts can say what is allowed.
    ajv: { customOptions: { allErrors: true, removeAdditional: false, verbose: true } },
    schemaController: {
      compilersFactory: { buildValidator: schemas.validators(bodyWithoutCoercion), buildSerializer: schemas.serializers() },
    },
    return503OnClosing: true,
    // Behind a reverse proxy the client's address comes from X-Forwarded-For (throttles are per address).
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: options.config.trustProxy as boolean | string[],
    // Loading the OpenAPI plugins can take seconds on a busy machine; a slow start is not a failure.
    pluginTimeout: 120_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const tracing = new Tracing({ endpoint: options.config.otlpEndpoint });
  const posture = new PostureCache(options.store.posture);
  const stopPostureEvents = posture.listen((listener) => options.store.onEvents(listener));
  app.addHook('onClose', async () => stopPostureEvents());
  const cluster = new ClusterNode(options.store.cluster, {
    nodeId: options.config.nodeId,
    heartbeatMs: options.config.heartbeatMs,
    unhealthyAfterMs: options.config.nodeUnhealthyMs,
    forgetAfterMs: options.config.nodeForgetMs,
    clock,
    onError: (error) => app.log.warn({ err: error }, 'cluster heartbeat failed'),
  });
  const governancePolicies = new GovernancePolicyCache(options.store.governance, clock); // issue 21
  const trajectories = new TrajectoryStateSource(options.store, clock); // issue 21
  const plans = new PlanStateSource(options.store.plans, clock); // issue 21 item 4
  const ctx: AppContext = {
    config: options.config,
    store: options.store,
    keyRing: options.keyRing,
    decisions: new DecisionService(
      options.store,
      options.keyRing,
      clock,
      tracing.tracer,
      combineStateSources(posture, cluster, governancePolicies, trajectories, plans),
    ),
    cluster,
    metrics: new ServerMetrics(options.store, clock),
    tracing,
    agentTokens: new AgentTokenService(options.store, options.keyRing, clock),
    clock,
    governancePolicies,
    trajectories,
    plans,
  };
  app.addHook('onClose', async () => ctx.metrics.close());
  const vault = new Vault(options.store.credentials, { environmentKey: options.config.vaultKey, dataDir: options.config.dataDir });
  const enforcement: Enforcement = {
    vault,
    posture,
    broker: new CallBroker({
      store: options.store,
      decisions: ctx.decisions,
      vault,
      posture,
      clock,
      limits: {
        connectTimeoutMs: options.config.callConnectTimeoutMs,
        timeoutMs: options.config.callTimeoutMs,
        maxResponseBytes: options.config.callMaxResponseBytes,
        maxRedirects: 5,
      },
    }),
  };
  app.addHook('onClose', async () => enforcement.broker.close());
  // A missing or wrong vault key stops the start (listen rejects): secrets are never served unchecked.
  app.addHook('onReady', async () => {
    const opened = await vault.open();
    app.log.info({ source: opened.source }, 'vault key checked');
  });

  app.decorateRequest('key', null);
  logRequests(app);
  strictBodies(app);
  requestSpans(app, tracing);
  // Only JSON bodies: a text/plain body is a 415, not a string that fails as "must be object".
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('agentToken', null);
  app.setErrorHandler(handleError);
  // The hot paths compile before the first call (the rest on first use: lazy-schema-compilers.ts),
  // and before load shedding arms itself, so the compile's stall is not read as load.
  app.addHook('onReady', async () => schemas.warm(['/fabric/decisions', '/fabric/approvals', '/fabric/calls', '/healthz', '/readyz']));
  // Issue 23, in this order on every request: shed when overloaded, throttle keyless callers, refuse
  // writes while the store has a fault; then the key check below.
  registerLoadShedding(app, options.config.shedding);
  registerRateLimits(app, options.config);
  refuseWritesOnStorageFault(app, ctx);
  refuseWhileOutOfService(app, cluster);
  // The first heartbeat is in before the node serves; the node leaves the membership when it closes.
  app.addHook('onReady', async () => cluster.start());
  app.addHook('onClose', async () => cluster.stop());
  const unwatch = options.store.onStorageFault((fault) => {
    if (fault) app.log.error({ fault }, `storage fault, not deciding: ${fault.detail}`);
    else app.log.info('storage recovered, deciding again');
  });
  app.addHook('onClose', async () => unwatch());
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `no route for ${request.method} \`${request.url.split('?')[0]}\``, code: 'AG_NOT_FOUND' });
  });
  // Every /fabric route needs a key unless it is marked public; the check runs before the body is read.
  app.addHook('onRequest', async (request) => {
    // One read: Fastify builds a new `routeOptions` object on every read.
    const route = request.routeOptions;
    const config = route.config ?? {};
    // The matched route decides, not the raw URL: `/%66abric/...` or an absolute-form URL reach the same route.
    const path = route.url ?? request.url;
    if (config.public || !path.startsWith('/fabric')) return;
    const auth = await authenticateRequest(ctx.store, ctx.agentTokens, request.headers, config.keyCheckedInTransaction);
    request.key = auth.key;
    request.agentToken = auth.token;
    authorize(request.key, config.access ?? 'agent');
  });

  // The OpenAPI plugins load first; routes are added once they have, so each one is documented.
  registerOpenApi(app);
  app.after((error) => {
    if (error) throw error;
    registerRoutes(app, ctx, options, enforcement);
  });
  return { app, ctx, schemas };
}

/** Every route of the service. Runs after the OpenAPI plugins loaded (see `registerOpenApi`). */
function registerRoutes(app: App, ctx: AppContext, options: BuildOptions, enforcement: Enforcement): void {
  const clock = ctx.clock;
  healthRoutes(app, ctx);
  publicRoutes(app, ctx);
  decisionRoutes(app, ctx);
  approvalRoutes(app, ctx);
  toolRuleRoutes(app, ctx);
  toolRuleSetRoutes(app, ctx); // issue 16: PUT /fabric/tool-rules
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
  credentialRoutes(app, ctx, enforcement);
  callRoutes(app, ctx, enforcement);
  postureRoutes(app, ctx, enforcement, journal);
  const compliance = complianceRoutes(app, ctx, journal);
  certifyRoutes(app, ctx, compliance);
  anchorRoutes(app, ctx, compliance);
  insuranceRoutes(app, ctx, compliance);
  signingKeyRoutes(app, ctx);
  tryRoutes(app, ctx);
  identityFabricRoutes(app, ctx); // issue 20
  governanceRoutes(app, ctx); // issue 21
  planRoutes(app, ctx); // issue 21 item 4
  signupPageRoutes(app, ctx);
  webhookRoutes(app, ctx);
  clusterRoutes(app, ctx, ctx.cluster, journal); // issue 14
  budgetRoutes(app, ctx); // issue 19
  agentControlRoutes(app, ctx); // issue 19
  evaluationRoutes(app, ctx); // issue 19
  openApiRoutes(app, ctx);
  metricsRoutes(app, ctx);
}
