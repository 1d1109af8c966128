// What every route needs, built once in app.ts.
import type { GovernancePolicyCache } from './governance/governance-policy-cache.ts';
import type { TrajectoryStateSource } from './governance/trajectory-state-source.ts';
import type { PlanStateSource } from './governance/plan-state-source.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { resolveSettings, type TenantSettings } from '@actiongate/engine';
import type { Config } from './config.ts';
import type { DecisionService } from './decision-service.ts';
import type { ServerMetrics } from './metrics/server-metrics.ts';
import type { Tracing } from './tracing/tracing.ts';
import type { AgentTokenService } from './identity/agent-token-service.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import type { Store } from './store/store.ts';
import type { WebhookService } from './webhooks/webhook-service.ts';
import type { ClusterNode } from './cluster/cluster-node.ts';

export interface AppContext {
  config: Config;
  store: Store;
  keyRing: SigningKeyRing;
  decisions: DecisionService;
  metrics: ServerMetrics;
  tracing: Tracing;
  /** Issue 20: mints and verifies agent tokens. */
  agentTokens: AgentTokenService;
  clock: () => number;
  /** Issue 14: this node among the nodes on one database (heartbeats, faults, the consensus view). */
  cluster: ClusterNode;
  /** Webhook deliveries (set when the webhook routes are registered); operator actions notify through it. */
  webhooks?: WebhookService;
  /** Issue 21: governance policies as decisions see them; refreshed after each change. */
  governancePolicies?: GovernancePolicyCache;
  trajectories?: TrajectoryStateSource;
  /** Issue 21 item 4: authorized plans for the policy stage's plan hook. */
  plans?: PlanStateSource;
}

export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

/** The tenant's settings with defaults filled in. */
export async function settingsOf(ctx: AppContext, tenantId: string): Promise<TenantSettings> {
  const tenant = await ctx.store.getTenant(tenantId);
  return resolveSettings(tenant?.settings);
}
