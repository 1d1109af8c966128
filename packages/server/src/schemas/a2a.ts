// Issue 20: agent-to-agent shapes, named as in the spec (`A2ARegisterRequest`, …). Times in these
// bodies are Unix seconds, as A2A messages carry them.
import { Type, type Static, type TSchema } from 'typebox';

const closed = { additionalProperties: false } as const;
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Capability = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'a tool path (a trailing `/` covers that subtree) or a named capability',
});
const Ceiling = Type.Union(
  ['NONE', 'READ', 'WRITE', 'EXECUTE', 'ADMIN'].map((c) => Type.Literal(c)),
  {
    description: 'NONE < READ < WRITE < EXECUTE < ADMIN',
  },
);
const Time = Type.String({ format: 'date-time' });
const UnixSeconds = Type.Number({ minimum: 0, description: 'Unix time in seconds' });

export const A2ARegisterRequest = Type.Object(
  {
    agent_id: Name,
    capabilities: Type.Array(Capability, { minItems: 1, maxItems: 256 }),
    endpoint_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000, format: 'uri' }), Type.Null()])),
  },
  { $id: 'A2ARegisterRequest', ...closed },
);
export type A2ARegisterRequest = Static<typeof A2ARegisterRequest>;

export const A2ANonceRequest = Type.Object(
  { agent_id: Name, nonce: Type.String({ minLength: 8, maxLength: 200 }), timestamp: UnixSeconds },
  { $id: 'A2ANonceRequest', ...closed },
);
export type A2ANonceRequest = Static<typeof A2ANonceRequest>;

export const A2AObserveRequest = Type.Object({ agent_id: Name, capability: Capability }, { $id: 'A2AObserveRequest', ...closed });
export type A2AObserveRequest = Static<typeof A2AObserveRequest>;

const AuthorityRoot = Type.Object(
  {
    subject: Name,
    ceiling: Ceiling,
    capabilities: Type.Optional(Type.Array(Capability, { maxItems: 256 })),
    expires_at: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
  },
  { additionalProperties: false, description: 'the authority delegated from; if its subject already holds one, the held one bounds it' },
);

export const A2AAuthorityRequest = Type.Object(
  {
    root: AuthorityRoot,
    delegatee: Name,
    requested_ceiling: Ceiling,
    requested_capabilities: Type.Optional(Type.Array(Capability, { maxItems: 256 })),
    authorized_delegators: Type.Array(Name, { maxItems: 64, description: 'explicit list of who may delegate this; `*` is refused' }),
    expires_at: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
  },
  { $id: 'A2AAuthorityRequest', ...closed },
);
export type A2AAuthorityRequest = Static<typeof A2AAuthorityRequest>;

export const A2ARevokeRequest = Type.Object(
  {
    subject: Name,
    root: Type.Object(
      { subject: Name },
      { additionalProperties: true, description: 'the root of the chain to revoke under (its `subject`)' },
    ),
  },
  { $id: 'A2ARevokeRequest', ...closed },
);
export type A2ARevokeRequest = Static<typeof A2ARevokeRequest>;

const AgentCard = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'an A2A agent card; `agent_id` (or `name`) names a registered agent; its other claims (`capabilities`, …) are checked against the registry, never trusted',
  },
);

export const A2ADelegationRequest = Type.Object(
  {
    delegator_card: AgentCard,
    delegatee_card: AgentCard,
    requested_task: Type.String({ minLength: 1, maxLength: 1000 }),
    requested_capabilities: Type.Array(Capability, { minItems: 1, maxItems: 256 }),
  },
  { $id: 'A2ADelegationRequest', ...closed },
);
export type A2ADelegationRequest = Static<typeof A2ADelegationRequest>;

export const A2ADelegation = Type.Object(
  {
    delegation: Type.Unsafe({ $ref: 'Delegation#' }),
    task: Type.String(),
    delegator: Type.String({ description: 'identity id' }),
    delegatee: Type.String({ description: 'identity id' }),
    granted: Type.Array(Type.String()),
    dropped: Type.Array(Type.String({ description: 'asked for but not held by the delegator' })),
    unverified_claims: Type.Array(Type.String({ description: 'capabilities a card claims that the registry does not give its agent' })),
  },
  { $id: 'A2ADelegation' },
);

export const A2ANonceAccepted = Type.Object(
  { agent_id: Type.String(), nonce: Type.String(), accepted: Type.Boolean(), remembered_until: Time },
  { $id: 'A2ANonceAccepted' },
);

export const A2AObservation = Type.Object(
  {
    agent_id: Type.String(),
    capability: Type.String(),
    declared: Type.Boolean({ description: "whether the agent's registered capabilities cover it" }),
    count: Type.Integer(),
    first_seen_at: Time,
    last_seen_at: Time,
    detail: Type.String(),
  },
  { $id: 'A2AObservation' },
);

export const A2AAuthority = Type.Object(
  {
    authority_id: Type.String(),
    parent_id: Type.Union([Type.String(), Type.Null()]),
    delegator: Type.String(),
    subject: Type.String(),
    ceiling: Type.String(),
    capabilities: Type.Array(Type.String()),
    dropped_capabilities: Type.Array(Type.String()),
    authorized_delegators: Type.Array(Type.String()),
    expires_at: Type.Union([Time, Type.Null()]),
  },
  { $id: 'A2AAuthority' },
);

export const A2ARevocation = Type.Object(
  {
    revoked: Type.Array(Type.Object({ authority_id: Type.String(), subject: Type.String(), delegator: Type.String() })),
    revoked_at: Time,
  },
  { $id: 'A2ARevocation' },
);

export const A2A_SCHEMAS: TSchema[] = [
  A2ARegisterRequest,
  A2ANonceRequest,
  A2AObserveRequest,
  A2AAuthorityRequest,
  A2ARevokeRequest,
  A2ADelegationRequest,
  A2ADelegation,
  A2ANonceAccepted,
  A2AObservation,
  A2AAuthority,
  A2ARevocation,
];
