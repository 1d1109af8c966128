// Issue 20: acting edges and the checks over identities, named as in the spec (`EdgeReq`,
// `CapabilityCheckRequest`, `ImpersonationCheckRequest`, `CompositionEvaluateRequest`). Times in
// `EdgeReq` are Unix seconds, as in the A2A bodies.
import { Type, type Static, type TSchema } from 'typebox';

const closed = { additionalProperties: false } as const;
const Name = Type.String({ minLength: 1, maxLength: 200, description: "an identity's `identity_id` or `agent_id`" });
const Capability = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'a tool path (a trailing `/` covers that subtree) or a named capability',
});
const Time = Type.String({ format: 'date-time' });
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const EdgeReq = Type.Object(
  {
    source: Name,
    target: Name,
    relation: Type.String({ minLength: 1, maxLength: 64, description: 'how `source` acts for `target`, e.g. `acts_for`, `operates`' }),
    evidence_ref: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'where the authority is written down (a ticket, a contract, a URL)',
    }),
    allowed_actions: Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { minItems: 1, maxItems: 64 }),
    expires_at: Type.Optional(OrNull(Type.Number({ minimum: 0, description: 'Unix seconds; null: until revoked' }))),
  },
  { $id: 'EdgeReq', ...closed },
);
export type EdgeReq = Static<typeof EdgeReq>;

export const CapabilityCheckRequest = Type.Object(
  { identity_id: Name, capability: Capability },
  { $id: 'CapabilityCheckRequest', ...closed },
);
export type CapabilityCheckRequest = Static<typeof CapabilityCheckRequest>;

export const ImpersonationCheckRequest = Type.Object(
  {
    claiming_identity: Type.String({ minLength: 1, maxLength: 200, description: 'the identity the caller claims to be' }),
    actual_identity: Type.String({ minLength: 1, maxLength: 200, description: 'the identity it proved it is' }),
  },
  { $id: 'ImpersonationCheckRequest', ...closed },
);
export type ImpersonationCheckRequest = Static<typeof ImpersonationCheckRequest>;

export const CompositionEvaluateRequest = Type.Object(
  {
    active: Type.Array(
      Type.Object(
        {
          delegation_id: Type.Optional(
            Type.String({ minLength: 1, maxLength: 200, description: 'a delegation of the tenant, read from the store' }),
          ),
          id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'a name for a grant given inline' })),
          capabilities: Type.Optional(Type.Array(Capability, { maxItems: 256 })),
        },
        { additionalProperties: false, description: 'a delegation by id, or a grant inline (`id`, `capabilities`)' },
      ),
      { maxItems: 64 },
    ),
  },
  { $id: 'CompositionEvaluateRequest', ...closed },
);
export type CompositionEvaluateRequest = Static<typeof CompositionEvaluateRequest>;

export const Edge = Type.Object(
  {
    edge_id: Type.String(),
    source: Type.String(),
    target: Type.String(),
    relation: Type.String(),
    evidence_ref: Type.String(),
    allowed_actions: Type.Array(Type.String()),
    status: Type.String({ description: '`active`, `expired` or `revoked`' }),
    created_at: Time,
    expires_at: OrNull(Time),
    revoked_at: OrNull(Time),
  },
  { $id: 'Edge' },
);

export const EdgeList = Type.Object({ edges: Type.Array(Type.Unsafe({ $ref: 'Edge#' })) }, { $id: 'EdgeList' });

export const CapabilityCheck = Type.Object(
  {
    identity_id: Type.String(),
    capability: Type.String(),
    allowed: Type.Boolean(),
    via: OrNull(Type.String({ description: '`identity` (its own capabilities) or `delegation`' })),
    grant_id: OrNull(Type.String({ description: 'the identity or delegation that holds it' })),
    matched: OrNull(Type.String({ description: 'the capability that covers it' })),
    detail: Type.String(),
  },
  { $id: 'CapabilityCheck' },
);

export const ImpersonationCheck = Type.Object(
  {
    claiming_identity: Type.String(),
    actual_identity: Type.String(),
    allowed: Type.Boolean(),
    impersonation: Type.Boolean({ description: 'true when the claim is not backed by the identity itself or a chain of live edges' }),
    path: Type.Array(Type.Object({ edge_id: Type.String(), source: Type.String(), target: Type.String(), relation: Type.String() })),
    allowed_actions: Type.Array(Type.String({ description: 'what every edge of the path allows' })),
    detail: Type.String(),
  },
  { $id: 'ImpersonationCheck' },
);

export const CompositionResult = Type.Object(
  {
    flagged: Type.Boolean(),
    union: Type.Array(Type.String()),
    widest: OrNull(Type.String()),
    excess: Type.Array(Type.String()),
    grants: Type.Array(Type.Object({ id: Type.String(), capabilities: Type.Array(Type.String()) })),
    detail: Type.String(),
  },
  { $id: 'CompositionResult' },
);

export const EDGE_SCHEMAS: TSchema[] = [
  EdgeReq,
  CapabilityCheckRequest,
  ImpersonationCheckRequest,
  CompositionEvaluateRequest,
  Edge,
  EdgeList,
  CapabilityCheck,
  ImpersonationCheck,
  CompositionResult,
];
