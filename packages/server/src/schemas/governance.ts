// Request and response schemas of governance (issue 21): approver authorities, requested, signed
// and multi-party approvals, governance policies and their evaluation. Request names are the spec's.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

const ScopeDoc = '`{actions?, agents?, resources?}`: lists of names or `*` globs the authority or policy covers (absent list: any)';
const ScopeList = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 512 }), { maxItems: 200 }));
const Scope = Type.Object(
  { actions: ScopeList, agents: ScopeList, resources: ScopeList },
  { additionalProperties: false, description: ScopeDoc },
);

export const AuthorityCreate = Type.Object(
  {
    identity_id: Type.String({ minLength: 1, maxLength: 200, description: 'the API key id (`key_…`) or key name granted the authority' }),
    role: Type.String({ minLength: 1, maxLength: 120 }),
    identity_type: Type.Optional(Type.String({ minLength: 1, maxLength: 60, default: 'user' })),
    scope: OptionalNullable(Scope),
    can_approve: Type.Optional(Type.Boolean({ default: true })),
    can_delegate: Type.Optional(Type.Boolean({ default: false })),
    can_override: Type.Optional(Type.Boolean({ default: false })),
    max_approval_amount_cents: OptionalNullable(Type.Number({ minimum: 0, description: 'largest amount this authority approves' })),
    max_budget_cents: OptionalNullable(Type.Number({ minimum: 0 })),
    budget_id: OptionalNullable(Type.String({ maxLength: 200 })),
    expires_at: OptionalNullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'AuthorityCreate', additionalProperties: false },
);
export type AuthorityCreate = Static<typeof AuthorityCreate>;

export const Authority = Type.Object(
  {
    authority_id: Type.String({ description: 'prefix `auth_`' }),
    identity_id: Type.String(),
    role: Type.String(),
    identity_type: Type.String(),
    scope: Nullable(AnyObject),
    can_approve: Type.Boolean(),
    can_delegate: Type.Boolean(),
    can_override: Type.Boolean(),
    max_approval_amount_cents: Nullable(Type.Number()),
    max_budget_cents: Nullable(Type.Number()),
    budget_id: Nullable(Type.String()),
    expires_at: Nullable(Time),
    active: Type.Boolean({ description: 'false once `expires_at` has passed' }),
    created_at: Time,
  },
  { $id: 'Authority' },
);
export const AuthorityList = Type.Object({ authorities: Type.Array(ref(Authority)) }, { $id: 'AuthorityList' });

export const ApprovalRequestCreate = Type.Object(
  {
    requester_id: Type.String({ minLength: 1, maxLength: 200, description: 'who asks (an agent or a person)' }),
    action: Type.String({ minLength: 1, maxLength: 512 }),
    requester_identity: OptionalNullable(Type.String({ maxLength: 200 })),
    governance_policy_id: OptionalNullable(
      Type.String({ maxLength: 200, description: 'a governance policy whose `require_approval` constraints set the approvers needed' }),
    ),
    linked_budget_id: OptionalNullable(Type.String({ maxLength: 200 })),
    linked_policy_id: OptionalNullable(Type.String({ maxLength: 200 })),
    linked_control_policy_id: OptionalNullable(Type.String({ maxLength: 200 })),
    trace_id: OptionalNullable(Type.String({ maxLength: 200 })),
    resource: Type.Optional(Type.String({ maxLength: 1000, default: '' })),
    justification: Type.Optional(Type.String({ maxLength: 4000, default: '' })),
    ttl_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400, default: 3600 })),
    amount_cents: OptionalNullable(
      Type.Number({ minimum: 0, description: 'ActionGate extension: the amount at stake, checked against approvers’ authority limits' }),
    ),
    min_distinct_approvers: OptionalNullable(
      Type.Integer({
        minimum: 1,
        maximum: 10,
        description: 'ActionGate extension: distinct approver keys needed (default 1, or the policy’s)',
      }),
    ),
  },
  { $id: 'ApprovalRequestCreate', additionalProperties: false },
);
export type ApprovalRequestCreate = Static<typeof ApprovalRequestCreate>;

export const ApprovalDecision = Type.Object(
  { approved: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 1000, default: '' })) },
  { $id: 'ApprovalDecision', additionalProperties: false },
);
export type ApprovalDecision = Static<typeof ApprovalDecision>;

export const Approval = Type.Object(
  {
    approver_key_id: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'a registered approver key (`apk_…`) of the calling API key',
    }),
    signature_b64: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'base64 Ed25519 signature of the approval’s `signing_text.approved` (or `.denied`), from GET /fabric/approvals/{id}/votes',
    }),
    approved: Type.Optional(Type.Boolean({ default: true, description: 'ActionGate extension: false signs a denial' })),
    reason: Type.Optional(Type.String({ maxLength: 1000, default: '' })),
  },
  { $id: 'Approval', additionalProperties: false },
);
export type Approval = Static<typeof Approval>;

export const ApproverKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    public_key: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Ed25519 public key: raw base64url (32 bytes), PEM or JWK text',
    }),
  },
  { $id: 'ApproverKeyRequest', additionalProperties: false },
);
export type ApproverKeyRequest = Static<typeof ApproverKeyRequest>;

export const ApproverKey = Type.Object(
  {
    approver_key_id: Type.String({ description: 'prefix `apk_`' }),
    name: Type.String(),
    key_id: Type.String({ description: 'the API key whose vote a signature with this key is' }),
    public_key: Type.String({ description: 'raw base64url of the Ed25519 public key' }),
    created_at: Time,
  },
  { $id: 'ApproverKey' },
);
export const ApproverKeyList = Type.Object({ approver_keys: Type.Array(ref(ApproverKey)) }, { $id: 'ApproverKeyList' });

export const ApprovalVote = Type.Object(
  {
    key_id: Type.String(),
    approved: Type.Boolean(),
    reason: Type.String(),
    approver_key_id: Nullable(Type.String()),
    public_key: Nullable(Type.String({ description: 'the approver key’s raw base64url public key, to verify offline' })),
    signed_text: Nullable(Type.String({ description: 'the exact text signed' })),
    signature_b64: Nullable(Type.String()),
    at: Time,
  },
  { $id: 'ApprovalVote' },
);

export const ApprovalVotes = Type.Object(
  {
    approval_id: Type.String(),
    status: Type.String(),
    required_approvers: Type.Integer({ description: 'distinct approver keys the approval needs' }),
    approvers: Type.Array(Type.String(), { description: 'distinct keys that approved so far' }),
    remaining: Type.Integer({ description: 'approvals still needed (0 once decided)' }),
    votes: Type.Array(ref(ApprovalVote)),
    signing_text: Type.Object(
      { approved: Type.String(), denied: Type.String() },
      { description: 'the canonical texts an approver signs (Ed25519) to approve or deny' },
    ),
    request: Nullable(AnyObject),
  },
  { $id: 'ApprovalVotes' },
);

const ConditionsDoc =
  'each `{field, op, value?, negate?}`; fields: `action`, `resource`, `agent`, `identity`, `amount`, `amount_cents`, `hour` (UTC), `args.<path>`';

export const GovernancePolicyCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.Optional(Type.String({ maxLength: 4000, default: '' })),
    scope: OptionalNullable(Scope),
    constraints: OptionalNullable(
      Type.Array(AnyObject, {
        maxItems: 100,
        description: `\`{effect: allow|require_approval|deny, conditions: [...], reason?, min_distinct_approvers?}\`; ${ConditionsDoc}`,
      }),
    ),
    exceptions: OptionalNullable(
      Type.Array(AnyObject, {
        maxItems: 100,
        description: `\`{conditions: [...], reason?}\`: a call they match is exempt; ${ConditionsDoc}`,
      }),
    ),
    parent_policy_id: OptionalNullable(Type.String({ maxLength: 200 })),
    linked_policy_id: OptionalNullable(Type.String({ maxLength: 200 })),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'lower numbers decide first' })),
  },
  { $id: 'GovernancePolicyCreate', additionalProperties: false },
);
export type GovernancePolicyCreate = Static<typeof GovernancePolicyCreate>;

const PolicyStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('draft')]);

export const GovernancePolicyUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 4000 })),
    scope: OptionalNullable(Scope),
    constraints: OptionalNullable(Type.Array(AnyObject, { maxItems: 100 })),
    exceptions: OptionalNullable(Type.Array(AnyObject, { maxItems: 100 })),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    status: Type.Optional(PolicyStatus),
  },
  { $id: 'GovernancePolicyUpdate', additionalProperties: false },
);
export type GovernancePolicyUpdate = Static<typeof GovernancePolicyUpdate>;

export const GovernancePolicy = Type.Object(
  {
    policy_id: Type.String({ description: 'prefix `gp_`' }),
    name: Type.String(),
    description: Type.String(),
    scope: Nullable(AnyObject),
    constraints: Type.Array(AnyObject),
    exceptions: Type.Array(AnyObject),
    parent_policy_id: Nullable(Type.String()),
    linked_policy_id: Nullable(Type.String()),
    priority: Type.Integer(),
    status: Type.String(),
    version: Type.String({ description: '`1.0` when created, the major number bumped by each update' }),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'GovernancePolicy' },
);
export const GovernancePolicyList = Type.Object({ policies: Type.Array(ref(GovernancePolicy)) }, { $id: 'GovernancePolicyList' });

export const GovernanceEvaluateRequest = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 512 }),
    identity_id: OptionalNullable(Type.String({ maxLength: 200 })),
    agent_id: OptionalNullable(Type.String({ maxLength: 200 })),
    linked_budget_id: OptionalNullable(Type.String({ maxLength: 200 })),
    linked_policy_id: OptionalNullable(Type.String({ maxLength: 200, description: 'judge against this policy (and its children) only' })),
    trace_id: OptionalNullable(Type.String({ maxLength: 200 })),
    resource: Type.Optional(Type.String({ maxLength: 1000, default: '' })),
    scope: OptionalNullable(
      Type.Unsafe<Record<string, unknown>>({
        type: 'object',
        additionalProperties: true,
        description: 'the call’s arguments (read by `args.*` and `amount` conditions)',
      }),
    ),
  },
  { $id: 'GovernanceEvaluateRequest', additionalProperties: false },
);
export type GovernanceEvaluateRequest = Static<typeof GovernanceEvaluateRequest>;

export const ControlEvaluateRequest = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 512 }),
    identity_id: OptionalNullable(Type.String({ maxLength: 200 })),
    agent_id: OptionalNullable(Type.String({ maxLength: 200 })),
    tool: OptionalNullable(
      Type.String({ maxLength: 512, description: 'tool path; the tool rules are matched on it (default: the action)' }),
    ),
    resource: Type.Optional(Type.String({ maxLength: 1000, default: '' })),
  },
  { $id: 'ControlEvaluateRequest', additionalProperties: false },
);
export type ControlEvaluateRequest = Static<typeof ControlEvaluateRequest>;

const PolicyMatch = Type.Object({
  policy_id: Type.String(),
  name: Type.String(),
  version: Type.String(),
  priority: Type.Integer(),
  effect: Type.String(),
  reason: Type.String(),
  conditions: Type.Array(Type.String()),
  min_distinct_approvers: Type.Optional(Type.Integer()),
});

export const GovernanceEvaluation = Type.Object(
  {
    verdict: Type.String({ description: '`allow`, `require_approval`, `deny`, or `none` when no policy applies' }),
    detail: Type.String(),
    deciding: Type.Array(PolicyMatch, { description: 'the policies that decided' }),
    outranked: Type.Array(PolicyMatch),
    excepted: Type.Array(Type.Object({ policy_id: Type.String(), name: Type.String(), version: Type.String(), reason: Type.String() })),
    considered: Type.Integer({ description: 'active policies in scope' }),
    required_approvers: Type.Integer(),
    matched_rules: Type.Optional(
      Type.Array(Type.Object({ id: Type.String(), name: Type.String(), version: Type.Integer(), effect: Type.String() }), {
        description: 'controls only: the tenant’s tool rules that match the tool',
      }),
    ),
    recorded: Type.Boolean({ description: 'always false: evaluation records nothing' }),
  },
  { $id: 'GovernanceEvaluation' },
);

export const TrajectoryPolicyCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.Optional(Type.String({ maxLength: 4000, default: '' })),
    rules: OptionalNullable(
      Type.Array(AnyObject, {
        maxItems: 50,
        description:
          '`{id?, steps: [{action, conditions?}] (2..10, in order), effect: require_approval|deny, window_seconds? (default 3600), same_trace?, reason?}`',
      }),
    ),
  },
  { $id: 'TrajectoryPolicyCreate', additionalProperties: false },
);
export type TrajectoryPolicyCreate = Static<typeof TrajectoryPolicyCreate>;

export const TrajectoryPolicy = Type.Object(
  {
    policy_id: Type.String({ description: 'prefix `tp_`' }),
    name: Type.String(),
    description: Type.String(),
    rules: Type.Array(AnyObject),
    created_at: Time,
  },
  { $id: 'TrajectoryPolicy' },
);
export const TrajectoryPolicyList = Type.Object({ policies: Type.Array(ref(TrajectoryPolicy)) }, { $id: 'TrajectoryPolicyList' });

export const GOVERNANCE_SCHEMAS: TSchema[] = [
  TrajectoryPolicyCreate,
  TrajectoryPolicy,
  TrajectoryPolicyList,
  AuthorityCreate,
  Authority,
  AuthorityList,
  ApprovalRequestCreate,
  ApprovalDecision,
  Approval,
  ApproverKeyRequest,
  ApproverKey,
  ApproverKeyList,
  ApprovalVote,
  ApprovalVotes,
  GovernancePolicyCreate,
  GovernancePolicyUpdate,
  GovernancePolicy,
  GovernancePolicyList,
  GovernanceEvaluateRequest,
  ControlEvaluateRequest,
  GovernanceEvaluation,
];
