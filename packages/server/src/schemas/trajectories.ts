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

/** An issued passport as recorded (the token is shown once, when issued). */
export const PassportRecord = Type.Object(
  {
    passport_id: Type.String({ description: 'prefix `psp_`; the token’s `jti`' }),
    trajectory_id: Type.String({ description: 'the token’s `sub`' }),
    identity_id: Type.String(),
    agent_id: Type.String(),
    kid: Type.String(),
    status: Type.String({ enum: ['valid', 'expired', 'revoked'] }),
    issued_by_key_id: Type.String(),
    issued_at: Time,
    expires_at: Time,
    revoked_at: NullableTime,
    revoked_by_key_id: Type.Union([Type.String(), Type.Null()]),
    revoked_reason: Type.Union([Type.String(), Type.Null()]),
    summary: Type.Unsafe<Static<typeof TrajectorySummary>>({ $ref: 'TrajectorySummary#' }),
  },
  { $id: 'PassportRecord' },
);

export const PassportList = Type.Object(
  { passports: Type.Array(Type.Unsafe<Static<typeof PassportRecord>>({ $ref: 'PassportRecord#' })) },
  { $id: 'PassportList' },
);

export const PassportListQuery = Type.Object(
  {
    trajectory_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  { additionalProperties: false },
);

export const PassportRevokeRequest = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000, description: 'why; shown to whoever verifies it afterwards' }) },
  { $id: 'PassportRevokeRequest', additionalProperties: false },
);

export const PassportVerifyRequest = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 16_384, description: 'the passport token as issued' }) },
  { $id: 'PassportVerifyRequest', additionalProperties: false },
);

export const PassportVerification = Type.Object(
  {
    valid: Type.Boolean({
      description: 'signature, issuer, audience and expiry verify, the passport was issued by this tenant and is not revoked',
    }),
    reason: Type.String({ description: 'why it is not valid (`ok` when it is)' }),
    passport: Type.Union([Type.Unsafe<Static<typeof PassportRecord>>({ $ref: 'PassportRecord#' }), Type.Null()]),
  },
  { $id: 'PassportVerification' },
);

export const TRAJECTORY_SCHEMAS: TSchema[] = [
  CreateTrajectoryRequest,
  Trajectory,
  IssuePassportRequest,
  TrajectorySummary,
  Passport,
  PassportRecord,
  PassportList,
  PassportRevokeRequest,
  PassportVerifyRequest,
  PassportVerification,
];
