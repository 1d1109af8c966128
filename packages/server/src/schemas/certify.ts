// Schemas of certification and of the canonical decision export (issue 22), named as in the spec.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const CertifyRequest = Type.Object(
  {
    tenant: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, default: 'demo', description: "the key's own tenant (its id or name, or the default)" }),
    ),
    format: Type.Optional(Type.Union([Type.Literal('pdf'), Type.Literal('json')], { default: 'pdf' })),
    category_filter: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
    include_advisory: Type.Optional(
      Type.Boolean({ default: false, description: 'include controls whose `assertion_level` is `advisory`' }),
    ),
  },
  { $id: 'CertifyRequest', additionalProperties: false },
);
export type CertifyRequest = Static<typeof CertifyRequest>;

export const ComplianceCertificate = Type.Object(
  {
    v: Type.Literal(1),
    kind: Type.Literal('actiongate.compliance-certificate'),
    certificate_id: Type.String(),
    tenant_id: Type.String(),
    issued_at: Time,
    period_start: Time,
    period_end: Time,
    category_filter: NullableString,
    include_advisory: Type.Boolean(),
    journal_head: Type.Object({}, { additionalProperties: true, description: 'the signed tree head the results were evaluated against' }),
    summary: Type.Object({ total: Type.Integer(), passed: Type.Integer(), failed: Type.Integer() }),
    controls: Type.Array(
      Type.Object({
        control_id: Type.String(),
        name: Type.String(),
        category: Type.String(),
        assertion_level: Type.String(),
        status: Type.String(),
        passed: Type.Boolean(),
        result_id: Type.String(),
        evidence_count: Type.Integer(),
        violations_count: Type.Integer(),
        violations: Type.Array(Type.String()),
      }),
    ),
    key_id: Type.String(),
    signature: Type.String({ description: 'base64url Ed25519 over the canonical JSON of every other field' }),
  },
  { $id: 'ComplianceCertificate' },
);

export const CanonicalDecision = Type.Object(
  {
    decision_id: Type.String(),
    tenant_id: Type.String(),
    principal: Type.String({ description: 'the key that sent the call' }),
    agent_id: NullableString,
    action: Type.String({ description: 'the tool name' }),
    resource: Type.String({ description: 'the tool path' }),
    authorization_result: Type.String({ description: 'the verdict' }),
    decision: Type.String({ description: '`allow`, `require_approval` or `deny`' }),
    enforcement: Type.String({ description: '`enforced`, `shadow` or `not_enforced`' }),
    outcome: Type.String({ description: 'the reported outcome; `pending` for an allowed call not reported yet, `not_run` otherwise' }),
    timestamp: Type.String(),
    policy_id: Type.Union([Type.String(), Type.Null()], { default: 'actiongate.chain.identity-trust-policy-approval' }),
    policy_version: Type.Union([Type.String(), Type.Null()], { default: '1.0' }),
    identity_result: Type.String({ default: 'verified' }),
    risk_result: Type.String({ default: 'low' }),
    verification_result: Type.String({
      default: 'passed',
      description: '`passed` when the signature verifies and the decision is journaled',
    }),
    execution_result: NullableString,
    evidence_id: NullableString,
    evidence_hash: Type.Union([Type.String(), Type.Null()], { description: "the journal entry's `entry_hash`" }),
    signature: NullableString,
  },
  { $id: 'CanonicalDecision' },
);

export const CERTIFY_SCHEMAS: TSchema[] = [CertifyRequest, ComplianceCertificate, CanonicalDecision];
