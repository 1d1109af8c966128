// Issue 20: `POST /fabric/try/authorize` (`AuthorizeReq`), the no-key demo of an authorize call. It
// runs the real decision chain against a throwaway tenant made for the run and deleted after it
// (as `POST /fabric/try` does): the visitor is an agent with a clean record (trust state normal)
// under an established key, and `elevated` authority meets a tenant rule that always wants a human.
import type { App, AppContext } from '../context.ts';
import { runScenario } from '../demo/run-scenario.ts';
import type { DemoScenario } from '../demo/scenarios.ts';
import { ApiError } from '../errors.ts';
import { formPayload, toolPathOf } from '../identity/acting-authority.ts';
import { ErrorResponse, ref } from '../schemas.ts';
import { AuthorizeReq, TryAuthorizeResult } from '../schemas/token-forms.ts';
import { Throttle } from '../throttle.ts';

const CLEAN = { approved: 12, blocked: 0 };

export function tryAuthorizeRoutes(app: App, ctx: AppContext): void {
  const perMinute = ctx.config.tryPerMinute;
  const perClient = new Throttle({ capacity: perMinute, refillPerSecond: perMinute / 60 });

  app.post(
    '/fabric/try/authorize',
    {
      schema: {
        tags: ['demo'],
        summary: 'Authorize one call against a throwaway tenant, no key needed (AuthorizeReq)',
        body: AuthorizeReq,
        response: { 200: TryAuthorizeResult, 429: ref(ErrorResponse) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const taken = perClient.take(request.ip, ctx.clock());
      if (!taken.ok) {
        throw new ApiError('AG_THROTTLED', `too many demo runs; retry in ${taken.retryAfterSeconds} s`, {
          'retry-after': String(taken.retryAfterSeconds),
        });
      }
      const body = request.body;
      const authority = body.requested_authority ?? 'standard';
      const path = toolPathOf(body.tool ?? 'demo_tool');
      const scenario: DemoScenario = {
        id: 'authorize',
        title: 'authorize',
        description: 'an authorize call from the demo',
        request: {
          path,
          agent_id: body.client_id ?? 'visitor',
          payload: formPayload(body.action, body.resource, {}, { requested_authority: authority }),
        },
        expected_verdict: 'ALLOWED',
        seed: {
          agent: CLEAN,
          key: CLEAN,
          rules:
            authority === 'elevated'
              ? [
                  {
                    name: 'elevated authority needs a human',
                    effect: 'require_approval',
                    match_path: path,
                    description: 'the demo tenant holds every call asking for elevated authority',
                  },
                ]
              : [],
        },
      };
      const row = await runScenario(ctx, scenario);
      reply.header('cache-control', 'no-store');
      return {
        verdict: row.verdict,
        blocked: row.blocked,
        decision_id: row.id,
        detail: row.detail,
        path,
        requested_authority: authority,
        chain: row.stages,
      };
    },
  );
}
