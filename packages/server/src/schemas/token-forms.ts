// Issue 20: the token-based forms of authorize, assess, evaluate, execute and delegate, named as in
// the spec (`TokenReq`, `AuthorizeRequest`, `AuthorizeReq`, `AssessReq`, `EvalReq`, `ExecReq`,
// `DelegateReq`). Requests refuse unknown fields; `token` (<= 64 characters) names an agent token by
// its id (`atk_…`): the secret stays in the `Authorization` header, never in a body.
import { Type, type Static, type TSchema } from 'typebox';

// Referenced by `$ref`, not imported from schemas.ts, which imports this file (a cycle would see it uninitialized).
const DecisionRecordRef = Type.Unsafe({ $ref: 'DecisionRecord#' });
const StageRef = Type.Unsafe({ $ref: 'Stage#' });

const closed = { additionalProperties: false } as const;
const FreeObject = Type.Object({}, { additionalProperties: true });
const Time = Type.String({ format: 'date-time' });
function OrNull<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

const ChainLink = Type.Object(
  { delegation_id: Type.String({ minLength: 1, maxLength: 200 }) },
  {
    additionalProperties: true,
    description:
      'a delegation of the chain, root first (a `Delegation` as `GET /fabric/delegations/{id}` answers it will do); only `delegation_id` is read, the rest is checked against the store',
  },
);
const Proof = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 200, description: 'a nonce from `POST /fabric/identities/{id}/challenge`' }),
    signature: Type.String({ minLength: 1, maxLength: 200, description: 'Ed25519 signature over the challenge, base64url' }),
    public_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "default: the identity's current key" })),
  },
  { additionalProperties: false, description: "an inline proof of possession by the agent's identity (the challenge is spent)" },
);
const TokenId = Type.String({ minLength: 1, maxLength: 64, description: 'an agent token id (`atk_…`, the `token_id` of `AgentToken`)' });

export const AuthorizeRequest = Type.Object(
  {
    agent: Type.String({ minLength: 1, maxLength: 255, description: 'the agent (an identity) the call is for' }),
    tool: Type.String({ minLength: 1, maxLength: 255, description: 'a tool name (`send_email` is `/tools/send_email`) or a tool path' }),
    action: Type.String({ minLength: 1, maxLength: 120 }),
    resource: Type.String({ minLength: 1, maxLength: 512 }),
    session: Type.String({ minLength: 1, maxLength: 200, description: 'recorded as the trace id of the decision' }),
    tenant: Type.String({ minLength: 1, maxLength: 200, description: "must be the key's tenant" }),
    args: Type.Optional(Type.Unknown({ description: 'the tool arguments' })),
    chain: Type.Optional(
      Type.Array(ChainLink, {
        maxItems: 8,
        description: 'delegations the agent acts under, root first; the last one must be given to the agent and cover the tool',
      }),
    ),
    pop: Type.Optional(OrNull(Proof)),
  },
  { $id: 'AuthorizeRequest', ...closed },
);
export type AuthorizeRequest = Static<typeof AuthorizeRequest>;

export const EvalReq = Type.Object(
  {
    token: TokenId,
    chain: Type.Optional(Type.Array(ChainLink, { maxItems: 8, description: "when given, must be the token's delegation chain" })),
    agent: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, default: 'agent', description: "the token's agent; the default `agent` means it" }),
    ),
    tool: Type.String({ minLength: 1, maxLength: 120 }),
    action: Type.String({ minLength: 1, maxLength: 120 }),
    resource: Type.String({ minLength: 1, maxLength: 120 }),
    session: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'S1', description: 'recorded as the trace id' })),
    tenant: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, default: 't1', description: "the key's tenant; the default `t1` means it" }),
    ),
    args: Type.Optional(Type.Unknown()),
    pop: Type.Optional(OrNull(Proof)),
    memory_ids: Type.Optional(
      OrNull(
        Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
          maxItems: 8,
          description: 'memories the agent drew on, kept in the decision record',
        }),
      ),
    ),
  },
  { $id: 'EvalReq', ...closed },
);
export type EvalReq = Static<typeof EvalReq>;

export const AssessReq = Type.Object(
  {
    token: TokenId,
    action: Type.String({ minLength: 1, maxLength: 120 }),
    resource: Type.Optional(
      Type.String({ minLength: 1, maxLength: 120, default: 'r', description: 'a tool path, or a tool name under `/tools/`' }),
    ),
  },
  { $id: 'AssessReq', ...closed },
);
export type AssessReq = Static<typeof AssessReq>;

export const TokenReq = Type.Object(
  {
    agent_id: Type.String({ minLength: 1, maxLength: 255 }),
    tenant: Type.String({ minLength: 1, maxLength: 200, description: "must be the key's tenant" }),
    grant_id: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'the authority exercised: a delegation given to the agent (`dlg_…`) or an agent token of the agent (`atk_…`)',
    }),
    intent: Type.Object({}, { additionalProperties: true, description: 'why the agent acts; kept in the decision record' }),
    tool: Type.String({ minLength: 1, maxLength: 255 }),
    action: Type.String({ minLength: 1, maxLength: 120 }),
    resource: Type.String({ minLength: 1, maxLength: 512 }),
    arguments: Type.Optional(Type.Object({}, { additionalProperties: true, default: {} })),
    context: Type.Optional(Type.Object({}, { additionalProperties: true, default: {} })),
    ttl_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 30 })),
  },
  { $id: 'TokenReq', ...closed },
);
export type TokenReq = Static<typeof TokenReq>;

export const ExecReq = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 4096, description: 'the action token `POST /fabric/tokens` answered' }),
    caller_agent_id: Type.String({ minLength: 1, maxLength: 255 }),
    caller_tenant: Type.String({ minLength: 1, maxLength: 200 }),
    tool: Type.String({ minLength: 1, maxLength: 255 }),
    action: Type.String({ minLength: 1, maxLength: 120 }),
    resource: Type.String({ minLength: 1, maxLength: 512 }),
    arguments: Type.Optional(Type.Object({}, { additionalProperties: true, default: {} })),
    context: Type.Optional(Type.Object({}, { additionalProperties: true, default: {} })),
  },
  { $id: 'ExecReq', ...closed },
);
export type ExecReq = Static<typeof ExecReq>;

export const DelegateReq = Type.Object(
  {
    token: TokenId,
    chain: Type.Array(ChainLink, {
      minItems: 1,
      maxItems: 8,
      description: "the delegations the holder acts under, root first (the token's chain when it carries one)",
    }),
    holder: Type.Optional(
      Type.String({ minLength: 1, maxLength: 16, default: 'agent', description: "the token's agent; the default `agent` means it" }),
    ),
    subject: Type.Optional(
      Type.String({ minLength: 1, maxLength: 16, default: 'sub', description: 'the agent id receiving the authority' }),
    ),
    resource: Type.Optional(OrNull(Type.String({ minLength: 1, maxLength: 120, description: 'narrows the capabilities to this path' }))),
    actions: Type.Optional(
      OrNull(Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 8, description: 'the only actions allowed' })),
    ),
    ttl: Type.Optional(OrNull(Type.Integer({ minimum: 1, maximum: 900, description: "seconds; default and ceiling: the parent's" }))),
    audience: Type.Optional(OrNull(Type.String({ minLength: 1, maxLength: 120 }))),
    single_use: Type.Optional(Type.Boolean({ default: false })),
    pop: Type.Optional(Type.Boolean({ default: false })),
  },
  { $id: 'DelegateReq', ...closed },
);
export type DelegateReq = Static<typeof DelegateReq>;

export const AuthorizeReq = Type.Object(
  {
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'visitor' })),
    tool: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$', default: 'demo_tool' })),
    action: Type.String({ minLength: 1, maxLength: 64 }),
    resource: Type.String({ minLength: 1, maxLength: 128 }),
    requested_authority: Type.Optional(
      Type.Union([Type.Literal('standard'), Type.Literal('elevated')], {
        default: 'standard',
        description: '`elevated` authority always needs a human in the demo tenant',
      }),
    ),
  },
  { $id: 'AuthorizeReq', ...closed },
);
export type AuthorizeReq = Static<typeof AuthorizeReq>;

export const ActionToken = Type.Object(
  {
    decision: DecisionRecordRef,
    token: OrNull(Type.String({ description: 'JWT (EdDSA) bound to exactly this call; null unless the verdict allows it' })),
    token_id: OrNull(Type.String()),
    expires_at: OrNull(Time),
    binding: Type.Object({
      path: Type.String(),
      action: Type.String(),
      resource: Type.String(),
      arguments_hash: Type.String({ description: 'SHA-256 of the canonical JSON of the arguments' }),
      grant_id: Type.String(),
    }),
  },
  { $id: 'ActionToken', description: 'the decision, and when it allows, a single-use token for exactly this call' },
);

export const ExecResult = Type.Object(
  {
    decision: DecisionRecordRef,
    token_id: Type.String(),
    spent: Type.Boolean({ description: 'the token is used up (it is, whatever the verdict)' }),
    run: Type.Boolean({ description: 'true when the caller may run the tool now' }),
  },
  { $id: 'ExecResult' },
);

export const TokenAssessment = Type.Object(
  {
    token_id: Type.String(),
    agent_id: Type.String(),
    path: Type.String(),
    action: Type.String(),
    in_scope: Type.Boolean(),
    matched_scope: OrNull(Type.String()),
    risk: Type.String({ description: '`low`, `medium`, `high` or `critical`' }),
    risk_reasons: Type.Array(Type.String()),
    detail: Type.String(),
  },
  { $id: 'TokenAssessment', description: 'what the token covers and how risky the action is; nothing is recorded' },
);

export const DelegatedToken = Type.Object(
  {
    delegation: Type.Unsafe({ $ref: 'Delegation#' }),
    token: OrNull(Type.Unsafe({ $ref: 'AgentToken#' }), {
      description:
        'minted under the new delegation; null when it is `pop` and the subject has no fresh proof yet (mint it after `/verify`)',
    }),
  },
  { $id: 'DelegatedToken', description: 'the attenuated delegation to the subject and a token minted under it' },
);

export const TryAuthorizeResult = Type.Object(
  {
    verdict: Type.String(),
    blocked: Type.Boolean(),
    decision_id: Type.String({ description: 'of the throwaway tenant, gone once the answer is sent' }),
    detail: Type.String(),
    path: Type.String(),
    requested_authority: Type.String(),
    chain: Type.Array(StageRef),
  },
  { $id: 'TryAuthorizeResult' },
);

export const TOKEN_FORM_SCHEMAS: TSchema[] = [
  AuthorizeRequest,
  EvalReq,
  AssessReq,
  TokenReq,
  ExecReq,
  DelegateReq,
  AuthorizeReq,
  ActionToken,
  ExecResult,
  TokenAssessment,
  DelegatedToken,
  TryAuthorizeResult,
];
