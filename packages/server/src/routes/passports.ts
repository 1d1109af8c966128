// Issued passports (issue 21): listed and read as recorded, revoked by an admin, and checked online
// (`POST /fabric/passports/verify`): the offline check plus "issued here and not revoked", which a
// relying service that must honour revocations asks for.
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { checkPassport } from '../governance/passport-verification.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, ref } from '../schemas.ts';
import {
  PassportList,
  PassportListQuery,
  PassportRecord,
  PassportRevokeRequest,
  PassportVerification,
  PassportVerifyRequest,
} from '../schemas/trajectories.ts';
import type { PassportRow } from '../store/passport-rows.ts';

export function presentPassport(row: PassportRow, now: number) {
  return {
    passport_id: row.id,
    trajectory_id: row.trajectoryId,
    identity_id: row.identityId,
    agent_id: row.agentId,
    kid: row.kid,
    status: row.revokedAt !== null ? 'revoked' : row.expiresAt <= now ? 'expired' : 'valid',
    issued_by_key_id: row.issuedByKeyId,
    issued_at: iso(row.issuedAt),
    expires_at: iso(row.expiresAt),
    revoked_at: row.revokedAt === null ? null : iso(row.revokedAt),
    revoked_by_key_id: row.revokedByKeyId,
    revoked_reason: row.revokedReason,
    summary: row.summary,
  };
}

export function passportRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/fabric/passports',
    { schema: { querystring: PassportListQuery, response: { 200: ref(PassportList) } }, config: { access: 'approver' } },
    async (request) => {
      const { trajectory_id, agent_id, limit } = request.query;
      const rows = await ctx.store.trajectories.listPassports(keyOf(request).tenantId, {
        trajectoryId: trajectory_id,
        agentId: agent_id,
        limit,
      });
      const now = ctx.clock();
      return { passports: rows.map((row) => presentPassport(row, now)) };
    },
  );

  app.get(
    '/fabric/passports/:id',
    { schema: { params: IdParams, response: { 200: ref(PassportRecord), ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const row = await ctx.store.trajectories.getPassport(keyOf(request).tenantId, request.params.id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `passport \`${request.params.id}\` not found`);
      return presentPassport(row, ctx.clock());
    },
  );

  app.post(
    '/fabric/passports/:id/revoke',
    {
      schema: { params: IdParams, body: PassportRevokeRequest, response: { 200: ref(PassportRecord), ...errorResponses(404, 409) } },
      config: { access: 'admin' },
    },
    async (request) => {
      const key = keyOf(request);
      const { id } = request.params;
      const now = ctx.clock();
      const revoked = await ctx.store.trajectories.revokePassport(key.tenantId, id, {
        keyId: key.id,
        reason: request.body.reason,
        at: now,
      });
      const row = await ctx.store.trajectories.getPassport(key.tenantId, id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `passport \`${id}\` not found`);
      if (!revoked) throw new ApiError('AG_CONFLICT', `passport \`${id}\` was already revoked at ${iso(row.revokedAt)}`);
      return presentPassport(row, now);
    },
  );

  app.post(
    '/fabric/passports/verify',
    { schema: { body: PassportVerifyRequest, response: { 200: ref(PassportVerification) } }, config: { access: 'agent' } },
    async (request) => {
      const now = ctx.clock();
      const check = await checkPassport(ctx.store.trajectories, ctx.keyRing, keyOf(request).tenantId, request.body.token, now);
      return {
        valid: check.valid,
        reason: check.valid ? 'ok' : check.reason,
        passport: check.passport ? presentPassport(check.passport, now) : null,
      };
    },
  );
}
