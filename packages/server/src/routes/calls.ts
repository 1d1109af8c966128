// Brokered calls (issue 18): decided like any tool call, sent with the vault's secret only when allowed.
import { keyOf } from '../auth.ts';
import type { Enforcement } from '../broker/enforcement.ts';
import type { App, AppContext } from '../context.ts';
import { presentDecision } from '../present.ts';
import { ErrorResponse } from '../schemas.ts';
import { CallRequest, CallResult } from '../schemas/credentials.ts';

/** A call body may be up to 1,000,000 characters, escaped in JSON: room for that beyond the default limit. */
const CALL_BODY_LIMIT = 8 * 1024 * 1024;

export function callRoutes(app: App, _ctx: AppContext, enforcement: Enforcement): void {
  app.post(
    '/fabric/calls',
    {
      schema: { body: CallRequest, response: { 200: CallResult, 403: ErrorResponse, 404: ErrorResponse } },
      config: { access: 'agent' },
      bodyLimit: CALL_BODY_LIMIT,
    },
    async (request) => {
      const result = await enforcement.broker.call(keyOf(request), request.body);
      return { ...result, decision: presentDecision(result.decision) };
    },
  );
}
