// Rotation of the service's signing key. The ring is the service's, shared by every tenant, so only
// the operator may rotate it (see operator.ts).
import type { App, AppContext } from '../context.ts';
import { requireOperator } from '../operator.ts';
import { KeyRotation } from '../journal/journal-schemas.ts';
import { ErrorResponse, ref } from '../schemas.ts';
import { SECURITY_SCHEME } from './openapi.ts';
import { publicJwk } from '../signing-keys.ts';
import { publishedKeys, sharesSigningKeys } from '../store/signing-key-store.ts';

export function signingKeyRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/keys/rotate',
    {
      schema: {
        security: [{ [SECURITY_SCHEME]: [] }],
        response: { 201: KeyRotation, 401: ref(ErrorResponse), 403: ref(ErrorResponse) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      // Public to the key check of app.ts because the operator key may be a configured key, not a stored one.
      await requireOperator(ctx, request, "rotating the service's signing key");
      const added = ctx.keyRing.rotate(ctx.clock());
      request.log.info({ kid: added.kid }, 'signing key rotated');
      // With several nodes, the new key is in the shared set before anything it signs is answered.
      if (sharesSigningKeys(ctx.store)) await ctx.store.publishSigningKeys(ctx.config.nodeId, ctx.keyRing.publicKeys(), ctx.clock());
      reply.code(201);
      return { rotated: publicJwk(added), keys: await publishedKeys(ctx.store, ctx.keyRing) };
    },
  );
}
