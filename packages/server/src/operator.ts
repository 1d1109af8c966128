// The operator: whoever runs the service. `ACTIONGATE_OPERATOR_KEY` when set, otherwise the first
// admin key of the default tenant made on first start. Service-wide things (the full schema, the
// signing key) are theirs alone.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { authenticate } from './auth.ts';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';
import { hashSecret } from './ids.ts';

export const DEFAULT_TENANT = 'tn_default';

function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(hashSecret(a), 'hex'), Buffer.from(hashSecret(b), 'hex'));
}

/** Lets only the operator through: 401 without a valid key, 403 with any other valid key. */
export async function requireOperator(ctx: AppContext, request: FastifyRequest, what: string): Promise<void> {
  const header = request.headers['x-api-key'];
  const presented = Array.isArray(header) ? header[0] : header;
  if (!presented) throw new ApiError('AG_MISSING_KEY');
  if (ctx.config.operatorKey !== null && sameSecret(presented, ctx.config.operatorKey)) return;
  const key = await authenticate(ctx.store, presented);
  if (ctx.config.operatorKey === null) {
    const admins = (await ctx.store.listKeys(DEFAULT_TENANT, 'customer')).filter((k) => k.role === 'admin' && k.revokedAt === null);
    if (admins[0]?.id === key.id) return;
  }
  throw new ApiError('AG_FORBIDDEN', `${what} is for the operator key only; key ${key.id} is not it`);
}
