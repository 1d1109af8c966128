// The kill switch. Halting takes a single-use confirmation token issued to an admin key a moment
// before (`POST /fabric/halt/token`); with the tenant setting `halt_quorum: 2` the token must come
// from a different admin key, so no one key can stop the tenant alone. While halted, the identity
// stage denies every decision of the tenant.
import { randomBytes } from 'node:crypto';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { ApiError } from '../errors.ts';
import { hashSecret } from '../ids.ts';
import { iso } from '../present.ts';
import { EmergencyHaltRequest, errorResponses, HaltStarted, HaltState, HaltToken, ResumeRequest, ResumeResult } from '../schemas.ts';

/** A token is for an operator about to halt, not for keeping in a drawer. */
const TOKEN_TTL_MS = 5 * 60_000;

const REFUSALS = {
  token_unknown: 'unknown confirmation token; get one from `POST /fabric/halt/token`',
  token_expired: 'the confirmation token expired; get a new one',
  token_used: 'the confirmation token was already used; get a new one',
  same_key: 'halt quorum is 2: the confirmation token must be issued to a different admin key than the one halting',
  wrong_key: 'the confirmation token was issued to another key; with halt quorum 1 halt with the key that got the token',
} as const;

export function haltRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/halt', { schema: { response: { 200: HaltState } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    const [tenant, settings] = await Promise.all([ctx.store.getTenant(key.tenantId), settingsOf(ctx, key.tenantId)]);
    const halted = tenant?.halted ?? null;
    return {
      halted: halted !== null,
      reason: halted?.reason ?? null,
      since: iso(halted?.since),
      operator_id: halted?.operatorId ?? null,
      halt_quorum: settings.haltQuorum,
    };
  });

  app.post('/fabric/halt/token', { schema: { response: { 201: HaltToken } }, config: { access: 'admin' } }, async (request, reply) => {
    const key = keyOf(request);
    const settings = await settingsOf(ctx, key.tenantId);
    const token = `hlt_${randomBytes(24).toString('base64url')}`;
    const now = ctx.clock();
    await ctx.store.createHaltToken({
      tokenHash: hashSecret(token),
      tenantId: key.tenantId,
      keyId: key.id,
      createdAt: now,
      expiresAt: now + TOKEN_TTL_MS,
    });
    reply.code(201);
    return {
      confirmation_token: token,
      issued_to_key_id: key.id,
      expires_at: iso(now + TOKEN_TTL_MS),
      halt_quorum: settings.haltQuorum,
      detail:
        settings.haltQuorum === 2
          ? 'halt quorum is 2: another admin key must send `POST /fabric/halt` with this token'
          : 'send `POST /fabric/halt` with this token from this key',
    };
  });

  app.post(
    '/fabric/halt',
    { schema: { body: EmergencyHaltRequest, response: { 200: HaltStarted, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const settings = await settingsOf(ctx, key.tenantId);
      const body = request.body;
      const result = await ctx.store.halt(key.tenantId, {
        tokenHash: hashSecret(body.confirmation_token),
        keyId: key.id,
        requireOtherKey: settings.haltQuorum === 2,
        reason: body.reason,
        operatorId: body.operator_id,
        now: ctx.clock(),
      });
      if (!result.ok) {
        if (result.reason === 'already_halted') throw new ApiError('AG_CONFLICT', 'the tenant is already halted; resume it first');
        throw new ApiError('AG_FORBIDDEN', REFUSALS[result.reason]);
      }
      request.log.warn({ tenant: key.tenantId, key: key.id, operator: body.operator_id }, 'tenant halted by the kill switch');
      return {
        halted: true,
        reason: result.halted.reason,
        since: iso(result.halted.since),
        operator_id: result.halted.operatorId,
        halted_by_key_id: key.id,
        confirmed_by_key_id: result.tokenKeyId,
        halt_quorum: settings.haltQuorum,
      };
    },
  );

  app.post(
    '/fabric/resume',
    {
      schema: { body: ResumeRequest, response: { 200: ResumeResult, ...errorResponses(409) } },
      config: { access: 'admin' },
      // The body is optional: resuming needs nothing but an admin key.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const key = keyOf(request);
      const resumed = await ctx.store.resume(key.tenantId, {
        keyId: key.id,
        operatorId: request.body?.operator_id ?? null,
        now: ctx.clock(),
      });
      if (!resumed) throw new ApiError('AG_CONFLICT', 'the tenant is not halted');
      request.log.warn({ tenant: key.tenantId, key: key.id }, 'tenant resumed');
      return { halted: false, resumed_at: iso(ctx.clock()), resumed_by_key_id: key.id };
    },
  );
}
