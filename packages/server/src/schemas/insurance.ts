// Schemas of insurance assessment and verification and of consortium verification (issue 22).
import { Type, type Static, type TSchema } from 'typebox';

const FreeObject = Type.Object({}, { additionalProperties: true });

export const InsuranceAssessRequest = Type.Object(
  {
    tenant_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, default: 'tenant-default', description: "the key's own tenant" })),
    fleet_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        default: 'fleet-default',
        description: 'a label: the fleet is every agent of the tenant',
      }),
    ),
    baseline_annual_premium_usd: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1e12 }), Type.Null()], { default: 250000 })),
  },
  { $id: 'InsuranceAssessRequest', additionalProperties: false },
);
export type InsuranceAssessRequest = Static<typeof InsuranceAssessRequest>;

export const InsuranceCertificate = Type.Object(
  {
    v: Type.Literal(1),
    kind: Type.Literal('actiongate.insurance-certificate'),
    certificate_id: Type.String(),
    tenant_id: Type.String(),
    fleet_id: Type.String(),
    issued_at: Type.String({ format: 'date-time' }),
    period_start: Type.String({ format: 'date-time' }),
    period_end: Type.String({ format: 'date-time' }),
    measurements: FreeObject,
    factors: Type.Array(
      Type.Object({
        factor: Type.String(),
        description: Type.String(),
        value: Type.Number(),
        weight: Type.Number(),
        contribution: Type.Number(),
      }),
    ),
    risk_score: Type.Number({ description: '0 (least risk) to 100' }),
    tier: Type.String(),
    baseline_annual_premium_usd: Type.Number(),
    premium_multiplier: Type.Number(),
    indicated_annual_premium_usd: Type.Number(),
    journal_head: FreeObject,
    key_id: Type.String(),
    signature: Type.String(),
  },
  { $id: 'InsuranceCertificate' },
);

export const InsuranceVerifyRequest = Type.Object(
  {
    certificate: FreeObject,
    trusted_public_key: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 4000 }), Type.Null()], {
        description: 'Ed25519 public key (base64/base64url raw, PEM or JWK); default: the service keys',
      }),
    ),
  },
  { $id: 'InsuranceVerifyRequest', additionalProperties: false },
);
export type InsuranceVerifyRequest = Static<typeof InsuranceVerifyRequest>;

export const InsuranceVerification = Type.Object(
  {
    valid: Type.Boolean(),
    reason: Type.Union([Type.String(), Type.Null()]),
    key_id: Type.Union([Type.String(), Type.Null()]),
    checked_with: Type.String(),
    risk_score: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'InsuranceVerification' },
);

export const ConsortiumVerifyRequest = Type.Object(
  {
    data_room: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          '`{members: [{member_id, public_keys, tree_heads?, documents?, audit_packages? (base64 zips)}]}`: each member is checked against its own keys',
      },
    ),
  },
  { $id: 'ConsortiumVerifyRequest', additionalProperties: false },
);
export type ConsortiumVerifyRequest = Static<typeof ConsortiumVerifyRequest>;

export const ConsortiumVerification = Type.Object(
  {
    valid: Type.Boolean(),
    members: Type.Array(
      Type.Object({
        member_id: Type.String(),
        valid: Type.Boolean(),
        checks: Type.Array(Type.Object({ item: Type.String(), valid: Type.Boolean(), reason: Type.Union([Type.String(), Type.Null()]) })),
      }),
    ),
  },
  { $id: 'ConsortiumVerification' },
);

export const INSURANCE_SCHEMAS: TSchema[] = [
  InsuranceAssessRequest,
  InsuranceCertificate,
  InsuranceVerifyRequest,
  InsuranceVerification,
  ConsortiumVerifyRequest,
  ConsortiumVerification,
];
