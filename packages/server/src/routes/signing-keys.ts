// Rotation of the service's signing key. The ring is the service's, shared by every tenant, so only
// the operator may rotate it: an admin key of the default tenant (`tn_default`, made on first start).
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { KeyRotation } from '../journal/journal-schemas.ts';
import { publicJwk } from '../signing-keys.ts';

export const OPERATOR_TENANT = 'tn_default';

export function signingKeyRoutes(app: App, ctx: AppContext): void {
  app.post('/fabric/keys/rotate', { schema: { response: { 201: KeyRotation } }, config: { access: 'admin' } }, async (request, reply) => {
    const key = keyOf(request);
    if (key.tenantId !== OPERATOR_TENANT) {
      throw new ApiError(
        'AG_FORBIDDEN',
        `the signing key is the service's; only an admin key of the operator tenant \`${OPERATOR_TENANT}\` may rotate it`,
      );
    }
    const added = ctx.keyRing.rotate(ctx.clock());
    request.log.info({ kid: added.kid, by: key.id }, 'signing key rotated');
    reply.code(201);
    return { rotated: publicJwk(added), keys: ctx.keyRing.publicKeys() };
  });
}
