// Issue 20: minting agent tokens. A customer key mints a short-lived JWT for one identity, scoped to
// tool paths and, when given, bounded by the delegation chain it was granted under. The agent
// then sends decisions with `Authorization: Bearer <token>` instead of `X-API-Key`.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { iso } from '../present.ts';
import { errorResponses } from '../schemas.ts';
import { AgentToken, AgentTokenRequest } from '../schemas/identity.ts';

export function agentTokenRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/agent-tokens',
    { schema: { body: AgentTokenRequest, response: { 201: AgentToken, ...errorResponses(404, 409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const minted = await ctx.agentTokens.mint(keyOf(request), request.body);
      reply.code(201).header('cache-control', 'no-store');
      return {
        token: minted.token,
        token_id: minted.row.id,
        token_type: 'Bearer' as const,
        agent_id: minted.row.agentId,
        identity_id: minted.row.identityId,
        scopes: minted.row.scopes,
        chain: minted.row.chain,
        kid: minted.kid,
        issued_at: iso(minted.row.createdAt),
        expires_at: iso(minted.row.expiresAt),
      };
    },
  );
}
