// Routes without a key: the service's public keys, and signup when open (health: health.ts).
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { errorResponses, PublicKeyList, SignupRequest, SignupResponse } from '../schemas.ts';
import { createTenantWithAdmin } from '../tenants.ts';
import { publishedKeys } from '../store/signing-key-store.ts';

export function publicRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/keys/public', { schema: { response: { 200: PublicKeyList } }, config: { access: 'agent' } }, async () => ({
    keys: await publishedKeys(ctx.store, ctx.keyRing),
  }));

  app.post(
    '/signup',
    { schema: { body: SignupRequest, response: { 201: SignupResponse, ...errorResponses(404) } }, config: { public: true } },
    async (request, reply) => {
      if (!ctx.config.signupOpen) throw new ApiError('AG_NOT_FOUND', 'signup is not enabled on this service');
      const created = await createTenantWithAdmin(ctx.store, { name: request.body.name, email: request.body.email ?? null }, ctx.clock());
      reply.code(201);
      return { tenant_id: created.tenantId, key_id: created.keyId, api_key: created.apiKey };
    },
  );
}
