// Trajectories and passports (issue 21): `CreateTrajectoryRequest` starts watching an identity's
// agent (its decisions from then on are the trajectory); `IssuePassportRequest` signs a time-limited
// summary of a clean trajectory that another service verifies offline (trajectory-passport.ts).
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { issuePassport } from '../governance/trajectory-passport.ts';
import { presentSummary } from '../governance/trajectory-passport.ts';
import { newId } from '../ids.ts';
import { iso } from '../present.ts';
import { errorResponses, IdParams, ref } from '../schemas.ts';
import { CreateTrajectoryRequest, IssuePassportRequest, Passport, Trajectory } from '../schemas/trajectories.ts';
import type { TrajectoryRow } from '../store/trajectory-store.ts';

function presentTrajectory(row: TrajectoryRow) {
  return { trajectory_id: row.id, identity_id: row.identityId, agent_id: row.agentId, started_at: iso(row.startedAt) };
}

export function trajectoryRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/trajectories',
    { schema: { body: CreateTrajectoryRequest, response: { 201: ref(Trajectory), ...errorResponses(404) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const { identity_id, agent_id } = request.body;
      if (!(await ctx.store.identities.getIdentity(key.tenantId, identity_id))) {
        throw new ApiError('AG_NOT_FOUND', `identity \`${identity_id}\` not found; register it at \`POST /fabric/identities\``);
      }
      const now = ctx.clock();
      const row: TrajectoryRow = {
        id: newId('trj', now),
        tenantId: key.tenantId,
        identityId: identity_id,
        agentId: agent_id,
        startedAt: now,
        createdByKeyId: key.id,
      };
      await ctx.store.trajectories.createTrajectory(row);
      reply.code(201);
      return presentTrajectory(row);
    },
  );

  app.get(
    '/fabric/trajectories/:id',
    { schema: { params: IdParams, response: { 200: ref(Trajectory), ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const row = await ctx.store.trajectories.getTrajectory(keyOf(request).tenantId, request.params.id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `trajectory \`${request.params.id}\` not found`);
      return presentTrajectory(row);
    },
  );

  app.post(
    '/fabric/trajectories/:id/passport',
    {
      schema: { params: IdParams, body: IssuePassportRequest, response: { 201: ref(Passport), ...errorResponses(404, 409) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const { id } = request.params;
      if (request.body.trajectory_id !== id) {
        throw new ValidationFailed([
          {
            loc: ['body', 'trajectory_id'],
            msg: `\`${request.body.trajectory_id}\` is not the trajectory of the path (\`${id}\`)`,
            type: 'value_error',
          },
        ]);
      }
      const trajectory = await ctx.store.trajectories.getTrajectory(key.tenantId, id);
      if (!trajectory) throw new ApiError('AG_NOT_FOUND', `trajectory \`${id}\` not found`);
      const passport = await issuePassport(ctx.store, ctx.keyRing, trajectory, request.body.validity_hours ?? 24, ctx.clock());
      // Recorded before the token leaves, so it can be listed, checked online and revoked.
      await ctx.store.trajectories.createPassport({
        id: passport.id,
        tenantId: key.tenantId,
        trajectoryId: trajectory.id,
        identityId: trajectory.identityId,
        agentId: trajectory.agentId,
        kid: passport.kid,
        summary: presentSummary(passport.summary),
        issuedByKeyId: key.id,
        issuedAt: passport.issuedAt,
        expiresAt: passport.expiresAt,
        revokedAt: null,
        revokedByKeyId: null,
        revokedReason: null,
      });
      reply.code(201);
      return {
        passport_id: passport.id,
        trajectory_id: trajectory.id,
        token: passport.token,
        kid: passport.kid,
        issued_at: iso(passport.issuedAt),
        expires_at: iso(passport.expiresAt),
        summary: presentSummary(passport.summary),
      };
    },
  );
}
