// The no-account demo: list the fixed scenarios, and run one through the real decision chain
// against a throwaway tenant. Throttled per client address, since anyone can call it.
import type { App, AppContext } from '../context.ts';
import { runScenario } from '../demo/run-scenario.ts';
import { DEMO_SCENARIOS, presentScenario } from '../demo/scenarios.ts';
import { ApiError } from '../errors.ts';
import { ErrorResponse, ref, TryQuery, TryResult, TryScenarioList } from '../schemas.ts';
import { Throttle } from '../throttle.ts';

/** Runs the whole service may do per minute across all addresses, so many addresses cannot flood it either. */
const GLOBAL_PER_MINUTE_FACTOR = 30;

export function tryRoutes(app: App, ctx: AppContext): void {
  const perMinute = ctx.config.tryPerMinute;
  const perClient = new Throttle({ capacity: perMinute, refillPerSecond: perMinute / 60 });
  const overall = new Throttle({
    capacity: perMinute * GLOBAL_PER_MINUTE_FACTOR,
    refillPerSecond: (perMinute * GLOBAL_PER_MINUTE_FACTOR) / 60,
    maxClients: 1,
  });

  app.get(
    '/fabric/try',
    { schema: { tags: ['demo'], summary: 'List the demo scenarios', response: { 200: ref(TryScenarioList) } }, config: { public: true } },
    async () => ({ scenarios: DEMO_SCENARIOS.map(presentScenario) }),
  );

  app.post(
    '/fabric/try',
    {
      schema: {
        tags: ['demo'],
        summary: 'Run a demo scenario against a throwaway tenant',
        querystring: TryQuery,
        response: { 200: ref(TryResult), 404: ref(ErrorResponse), 429: ref(ErrorResponse) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const scenario = DEMO_SCENARIOS.find((s) => s.id === request.query.scenario);
      if (!scenario) {
        const known = DEMO_SCENARIOS.map((s) => `\`${s.id}\``).join(', ');
        throw new ApiError('AG_NOT_FOUND', `unknown scenario \`${request.query.scenario}\`; known: ${known}`);
      }
      const now = ctx.clock();
      for (const [throttle, client] of [
        [perClient, request.ip],
        [overall, '*'],
      ] as const) {
        const taken = throttle.take(client, now);
        if (!taken.ok) {
          throw new ApiError('AG_THROTTLED', `too many demo runs; retry in ${taken.retryAfterSeconds} s`, {
            'retry-after': String(taken.retryAfterSeconds),
          });
        }
      }
      const row = await runScenario(ctx, scenario);
      reply.header('cache-control', 'no-store');
      return {
        scenario: presentScenario(scenario),
        verdict: row.verdict,
        blocked: row.blocked,
        decision_id: row.id,
        detail: row.detail,
        chain: row.stages,
      };
    },
  );
}
