// Issue 20: request and response shapes of identities, agent tokens and delegations, named as in
// the spec. Requests refuse unknown fields.
import { Type, type Static, type TSchema } from 'typebox';

const closed = { additionalProperties: false } as const;
const FreeObject = Type.Object({}, { additionalProperties: true });
const Time = Type.String({ format: 'date-time' });
function OrNull<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

const Capability = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'a tool path (a trailing `/` covers that subtree) or a named capability; no wildcards',
});
const Capabilities = Type.Array(Capability, { maxItems: 256 });

export const IdentityCreateRequest = Type.Object(
  {
    kind: Type.Union(['agent', 'human', 'service', 'mcp_server', 'tool', 'sub_agent'].map((kind) => Type.Literal(kind))),
    display_name: Type.String({ minLength: 1, maxLength: 255 }),
    tenant: Type.Optional(
      OrNull(Type.String({ maxLength: 200, description: "resolved from the API key if omitted; must be the key's tenant" })),
    ),
    capabilities: Type.Optional(OrNull(Capabilities)),
    metadata: Type.Optional(OrNull(FreeObject)),
    parent_id: Type.Optional(OrNull(Type.String({ maxLength: 200, description: 'an identity of the same tenant' }))),
    ttl_seconds: Type.Optional(
      OrNull(Type.Integer({ minimum: 1, default: 86400, description: 'lifetime; null: does not expire (default 86400)' })),
    ),
  },
  { $id: 'IdentityCreateRequest', ...closed },
);
export type IdentityCreateRequest = Static<typeof IdentityCreateRequest>;

export const IdentityReq = Type.Object(
  {
    agent_id: Type.String({ minLength: 1, maxLength: 200 }),
    agent_public_key: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Ed25519 public key: base64url (or base64) of the 32 raw bytes',
    }),
    organization: Type.String({ minLength: 1, maxLength: 255 }),
    tenant: Type.String({ minLength: 1, maxLength: 200, description: "must be the key's tenant" }),
    capabilities: Type.Optional(Type.Array(Capability, { maxItems: 256, default: [] })),
    authority_scope: Type.Optional(Type.Object({}, { additionalProperties: true, default: {} })),
    ttl_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, default: 3600 })),
  },
  { $id: 'IdentityReq', ...closed },
);
export type IdentityReq = Static<typeof IdentityReq>;

export const IdentityRevokeRequest = Type.Object(
  { reason: Type.Optional(OrNull(Type.String({ maxLength: 1000 }))) },
  { $id: 'IdentityRevokeRequest', ...closed },
);
export type IdentityRevokeRequest = Static<typeof IdentityRevokeRequest>;

export const IdentityRotateRequest = Type.Object(
  {
    reason: Type.Optional(OrNull(Type.String({ maxLength: 1000 }))),
    ttl_seconds: Type.Optional(OrNull(Type.Integer({ minimum: 1, default: 86400, description: 'new lifetime from now; null: no expiry' }))),
  },
  { $id: 'IdentityRotateRequest', ...closed },
);
export type IdentityRotateRequest = Static<typeof IdentityRotateRequest>;

const Base64Url = (description: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_\\-+/]+={0,2}$', description });

export const IdentityVerifyRequest = Type.Object(
  {
    public_key: Base64Url('Ed25519 public key, base64url of the 32 raw bytes'),
    challenge: Type.String({ minLength: 1, maxLength: 200, description: 'the nonce from `POST .../challenge`' }),
    signature: Base64Url('Ed25519 signature over the UTF-8 bytes of the challenge, base64url'),
  },
  { $id: 'IdentityVerifyRequest', ...closed },
);
export type IdentityVerifyRequest = Static<typeof IdentityVerifyRequest>;

export const IdentityListQuery = Type.Object(
  {
    kind: Type.Optional(Type.Union(['agent', 'human', 'service', 'mcp_server', 'tool', 'sub_agent'].map((kind) => Type.Literal(kind)))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  closed,
);

export const Identity = Type.Object(
  {
    identity_id: Type.String(),
    tenant: Type.String(),
    kind: Type.String(),
    display_name: Type.String(),
    agent_id: Type.String({ description: 'the name decisions and agent tokens use for this identity' }),
    organization: OrNull(Type.String()),
    status: Type.String({ description: '`active`, `expired` or `revoked`' }),
    capabilities: OrNull(Type.Array(Type.String())),
    authority_scope: OrNull(FreeObject),
    metadata: OrNull(FreeObject),
    parent_id: OrNull(Type.String()),
    public_key: Type.String({ description: 'current Ed25519 public key, base64url' }),
    key_version: Type.Integer(),
    previous_key_valid_until: OrNull(Time),
    created_at: Time,
    expires_at: OrNull(Time),
    rotated_at: OrNull(Time),
    verified_at: OrNull(Time),
    revoked_at: OrNull(Time),
    revoked_reason: OrNull(Type.String()),
  },
  { $id: 'Identity' },
);

export const IdentityCreated = Type.Object(
  {
    identity: Identity,
    private_key: OrNull(
      Type.String({
        description: 'Ed25519 private key (PKCS#8 DER, base64url), shown once; null when the caller registered its own public key',
      }),
    ),
  },
  { $id: 'IdentityCreated' },
);

export const IdentityList = Type.Object({ identities: Type.Array(Identity) }, { $id: 'IdentityList' });

export const IdentityChallenge = Type.Object(
  {
    identity_id: Type.String(),
    challenge: Type.String({ description: 'sign its UTF-8 bytes with the identity key; single use' }),
    expires_at: Time,
  },
  { $id: 'IdentityChallenge' },
);

export const IdentityVerification = Type.Object(
  {
    identity_id: Type.String(),
    verified: Type.Boolean(),
    key_version: Type.Integer({ description: 'the key version that signed (the previous one during its grace period)' }),
    detail: Type.String(),
    verified_at: OrNull(Time),
  },
  { $id: 'IdentityVerification' },
);

export const RevocationResult = Type.Object(
  {
    revoked_identities: Type.Array(Type.String()),
    revoked_delegations: Type.Array(Type.String()),
    revoked_tokens: Type.Array(Type.String()),
    reason: OrNull(Type.String()),
    revoked_at: Time,
  },
  { $id: 'RevocationResult', description: 'everything the revocation reached, in the same transaction' },
);

export const IdentityRotation = Type.Object(
  {
    identity: Identity,
    private_key: Type.String({ description: 'the new Ed25519 private key (PKCS#8 DER, base64url), shown once' }),
    previous_key_valid_until: Time,
  },
  { $id: 'IdentityRotation' },
);

export const AgentTokenRequest = Type.Object(
  {
    agent_id: Type.String({ minLength: 1, maxLength: 255, description: "an identity's `agent_id` or `identity_id`" }),
    scopes: Type.Array(Capability, { minItems: 1, maxItems: 64, description: 'tool paths; a trailing `/` covers that subtree' }),
    ttl_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, default: 900 })),
    chain: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: 8,
        description: 'delegation ids, root first; the last one delegates to this agent and bounds the scopes',
      }),
    ),
  },
  { $id: 'AgentTokenRequest', ...closed },
);
export type AgentTokenRequest = Static<typeof AgentTokenRequest>;

export const AgentToken = Type.Object(
  {
    token: Type.String({ description: 'JWT (EdDSA); send it as `Authorization: Bearer <token>`' }),
    token_id: Type.String(),
    token_type: Type.Literal('Bearer'),
    agent_id: Type.String(),
    identity_id: Type.String(),
    scopes: Type.Array(Type.String()),
    chain: Type.Array(Type.String()),
    kid: Type.String({ description: 'the signing key, listed at `GET /fabric/keys/public`' }),
    issued_at: Time,
    expires_at: Time,
  },
  { $id: 'AgentToken' },
);

export const DelegationCreateRequest = Type.Object(
  {
    delegate_id: Type.String({ minLength: 1, maxLength: 200, description: 'the identity receiving the authority' }),
    capabilities: Type.Array(Capability, { minItems: 1, maxItems: 256 }),
    constraints: Type.Optional(
      OrNull(
        Type.Object(
          {
            audience: Type.Optional(OrNull(Type.String({ maxLength: 120 }))),
            single_use: Type.Optional(Type.Boolean()),
            pop: Type.Optional(Type.Boolean()),
            parent_delegation_id: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
          },
          {
            additionalProperties: false,
            description:
              '`audience` binds it to one service; `single_use` lets one token or sub-delegation spend it; `pop` needs a fresh proof of possession; `parent_delegation_id` derives it from a delegation (attenuated)',
          },
        ),
      ),
    ),
    ttl_seconds: Type.Optional(Type.Integer({ minimum: 1, default: 3600 })),
    max_depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, default: 3 })),
  },
  { $id: 'DelegationCreateRequest', ...closed },
);
export type DelegationCreateRequest = Static<typeof DelegationCreateRequest>;

export const Delegation = Type.Object(
  {
    delegation_id: Type.String(),
    parent_id: OrNull(Type.String()),
    delegator_id: OrNull(Type.String({ description: 'null: delegated by the tenant (a customer key)' })),
    delegate_id: Type.String(),
    capabilities: Type.Array(Type.String()),
    dropped_capabilities: Type.Optional(Type.Array(Type.String(), { description: 'asked for but not held by the delegator' })),
    constraints: OrNull(FreeObject),
    audience: OrNull(Type.String()),
    depth: Type.Integer(),
    max_depth: Type.Integer(),
    single_use: Type.Boolean(),
    pop: Type.Boolean(),
    status: Type.String({ description: '`active`, `consumed`, `expired` or `revoked`' }),
    created_at: Time,
    expires_at: Time,
    consumed_at: OrNull(Time),
    revoked_at: OrNull(Time),
  },
  { $id: 'Delegation' },
);

export const DelegationList = Type.Object({ delegations: Type.Array(Delegation) }, { $id: 'DelegationList' });

export const IDENTITY_SCHEMAS: TSchema[] = [
  IdentityCreateRequest,
  IdentityReq,
  IdentityRevokeRequest,
  IdentityRotateRequest,
  IdentityVerifyRequest,
  Identity,
  IdentityCreated,
  IdentityList,
  IdentityChallenge,
  IdentityVerification,
  RevocationResult,
  IdentityRotation,
  AgentTokenRequest,
  AgentToken,
  DelegationCreateRequest,
  Delegation,
  DelegationList,
];
