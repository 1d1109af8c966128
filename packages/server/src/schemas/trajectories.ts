// Request and response schemas of trajectories and passports (issue 21). Request names are the spec's.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

export const CreateTrajectoryRequest = Type.Object(
  {
    identity_id: Type.String({ minLength: 1, maxLength: 200, description: 'a registered identity (`idn_…`)' }),
    agent_id: Type.String({ minLength: 1, maxLength: 200, description: 'the agent whose decisions from now on make up the trajectory' }),
  },
  { $id: 'CreateTrajectoryRequest', additionalProperties: false },
);
export type CreateTrajectoryRequest = Static<typeof CreateTrajectoryRequest>;

export const Trajectory = Type.Object(
  {
    trajectory_id: Type.String({ description: 'prefix `trj_`' }),
    identity_id: Type.String(),
    agent_id: Type.String(),
    started_at: Time,
  },
  { $id: 'Trajectory' },
);

export const IssuePassportRequest = Type.Object(
  {
    trajectory_id: Type.String({ minLength: 1, maxLength: 200 }),
    validity_hours: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 720 }), Type.Null()], {
        default: 24,
        description: 'hours the passport stays valid (1..720)',
      }),
    ),
  },
  { $id: 'IssuePassportRequest', additionalProperties: false },
);
export type IssuePassportRequest = Static<typeof IssuePassportRequest>;

export const TrajectorySummary = Type.Object(
  {
    decisions: Type.Integer(),
    allowed: Type.Integer(),
    held: Type.Integer(),
    blocked: Type.Integer(),
    trajectory_matches: Type.Integer(),
    paths: Type.Array(Type.String()),
    first_decision_at: NullableTime,
    last_decision_at: NullableTime,
  },
  { $id: 'TrajectorySummary' },
);

export const Passport = Type.Object(
  {
    passport_id: Type.String({ description: 'prefix `psp_`; the token’s `jti`' }),
    trajectory_id: Type.String(),
    token: Type.String({
      description:
        'compact JWS (EdDSA, `kid` of `GET /fabric/keys/public`, audience `actiongate:passport`): verify offline with the published keys',
    }),
    kid: Type.String(),
    issued_at: Time,
    expires_at: Time,
    summary: Type.Unsafe<Static<typeof TrajectorySummary>>({ $ref: 'TrajectorySummary#' }),
  },
  { $id: 'Passport' },
);

export const TRAJECTORY_SCHEMAS: TSchema[] = [CreateTrajectoryRequest, Trajectory, IssuePassportRequest, TrajectorySummary, Passport];
