// Request and response schemas, named as in the spec. One definition gives the TypeScript type,
// the route's validator and (later) the OpenAPI document.
import { Type, type Static, type TSchema } from 'typebox';
import { JOURNAL_SCHEMAS } from './journal/journal-schemas.ts';
import { WEBHOOK_SCHEMAS } from './schemas/webhooks.ts';
import { CREDENTIAL_SCHEMAS } from './schemas/credentials.ts';
import { POSTURE_SCHEMAS } from './schemas/posture.ts';
import { COMPLIANCE_SCHEMAS } from './schemas/compliance.ts';
import { CERTIFY_SCHEMAS } from './schemas/certify.ts';
import { ANCHOR_SCHEMAS } from './schemas/anchors.ts';
import { IDENTITY_SCHEMAS } from './schemas/identity.ts';
import { FAST_PATH_SCHEMAS } from './schemas/fast-path.ts';
import { A2A_SCHEMAS } from './schemas/a2a.ts';
import { TOKEN_FORM_SCHEMAS } from './schemas/token-forms.ts';
import { EDGE_SCHEMAS } from './schemas/edges.ts';
import { INSURANCE_SCHEMAS } from './schemas/insurance.ts';
import { CLUSTER_SCHEMAS } from './schemas/cluster.ts';
import { TOOL_RULE_SET_SCHEMAS } from './schemas/tool-rule-set.ts';
import { GOVERNANCE_SCHEMAS } from './schemas/governance.ts'; // issue 21
import { TRAJECTORY_SCHEMAS } from './schemas/trajectories.ts'; // issue 21
import { BUDGET_SCHEMAS } from './schemas/budgets.ts'; // issue 19
import { OutcomeResultScreen, OutcomeResultText } from './schemas/outcome-screen.ts'; // issue 13
import { EVALUATION_SCHEMAS } from './schemas/evaluation.ts'; // issue 19
import { PLAN_SCHEMAS } from './schemas/plans.ts'; // issue 21 item 4

const FreeObject = Type.Object({}, { additionalProperties: true });
/**
 * A primitive that may also be null, as one `type: [t, 'null']` schema rather than an anyOf, so
 * ajv's type coercion (needed for query strings) cannot turn `0` or `""` into null.
 */
function Nullable<T extends TSchema>(schema: T) {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
}

export const ToolPath = Type.String({
  minLength: 2,
  maxLength: 512,
  pattern: '^/[^\\s]*$',
  description: 'tool path of the form /tools/<tool_name>',
});

export const DecisionRequest = Type.Object(
  {
    path: ToolPath,
    agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'defaults to the agent of an agent key' })),
    payload: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'the tool arguments' })),
    trace_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { $id: 'DecisionRequest', additionalProperties: false },
);
export type DecisionRequest = Static<typeof DecisionRequest>;

export const Stage = Type.Object(
  {
    stage: Type.String(),
    verdict: Type.Union([Type.Literal('allow'), Type.Literal('require_approval'), Type.Literal('deny')]),
    enforcing: Type.Boolean(),
    detail: Type.String(),
    data: FreeObject,
  },
  { $id: 'Stage' },
);

export const DecisionRecord = Type.Object(
  {
    decision_id: Type.String(),
    verdict: Type.String(),
    blocked: Type.Boolean(),
    enforcing: Type.Boolean(),
    mode: Type.String(),
    path: Type.String(),
    agent_id: Type.String(),
    detail: Type.String(),
    risk: Type.String(),
    approval_id: Nullable(Type.String()),
    created_at: Type.String(),
    stages: Type.Array(Stage),
    payload: Type.Optional(FreeObject),
    key_id: Type.Optional(Type.String({ description: 'the key that sent the call' })),
    outcome: Type.Optional(
      Type.Union([
        Type.Object({
          status: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
          detail: Nullable(Type.String()),
          at: Type.String({ format: 'date-time' }),
          // Issue 13: the screening verdict of the tool result sent with the outcome; null when none was sent.
          result_screen: Type.Optional(Nullable(OutcomeResultScreen)),
        }),
        Type.Null(),
      ]),
    ),
    trace_id: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'DecisionRecord' },
);

export const DecisionListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 40 })),
  agent_id: Type.Optional(Type.String({ maxLength: 200 })),
  verdict: Type.Optional(Type.String({ maxLength: 40 })),
  path: Type.Optional(Type.String({ maxLength: 512 })),
});
export type DecisionListQuery = Static<typeof DecisionListQuery>;

export const OutcomeRequest = Type.Object(
  {
    status: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
    detail: Type.Optional(Type.String({ maxLength: 2000 })),
    // Issue 19: what the call cost; a completed call commits it against its budgets (the amount held when left out).
    actual_cost_cents: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    // Issue 13: the tool's result text, screened for prompt injection before the agent's model reads it.
    result: Type.Optional(OutcomeResultText),
  },
  { $id: 'OutcomeRequest', additionalProperties: false },
);
export type OutcomeRequest = Static<typeof OutcomeRequest>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export type IdParams = Static<typeof IdParams>;

export const AgentKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    budget_usd: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0 }))),
    agent_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'the agent the key belongs to; defaults to the name' }),
    ),
  },
  { $id: 'AgentKeyRequest', additionalProperties: false },
);
export type AgentKeyRequest = Static<typeof AgentKeyRequest>;

export const ApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    role: Type.Union([Type.Literal('admin'), Type.Literal('approver')]),
  },
  { $id: 'ApiKeyRequest', additionalProperties: false },
);
export type ApiKeyRequest = Static<typeof ApiKeyRequest>;

const RuleEffect = Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Literal('require_approval')]);
const MatchPath = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^/[^\\s]*$',
  description: 'exact path; a subtree when it ends with `/`; `*` stands for one path segment',
});

export const ArgCondition = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 200, description: 'dotted path into the payload; `[*]` for every array element' }),
    op: Type.Union([
      Type.Literal('eq'),
      Type.Literal('ne'),
      Type.Literal('in'),
      Type.Literal('not_in'),
      Type.Literal('gt'),
      Type.Literal('gte'),
      Type.Literal('lt'),
      Type.Literal('lte'),
      Type.Literal('contains'),
      Type.Literal('prefix'),
      Type.Literal('suffix'),
      Type.Literal('glob'),
      Type.Literal('regex'),
      Type.Literal('exists'),
    ]),
    value: Type.Optional(Type.Unknown()),
    negate: Type.Optional(Type.Boolean({ description: 'holds when a value does NOT satisfy the op' })),
  },
  { $id: 'ArgCondition', additionalProperties: false },
);
const RuleScope = {
  match_args: Type.Optional(Type.Union([Type.Array(ArgCondition, { maxItems: 32 }), Type.Null()])),
  agent_ids: Type.Optional(Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 }), Type.Null()])),
  risk_at_least: Type.Optional(
    Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical'), Type.Null()]),
  ),
  // Issue 21: multi-party approval through a tool rule.
  min_distinct_approvers: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 10,
        description:
          'effect `require_approval` only: the approval waits for this many distinct approver keys (the same key twice is refused)',
      }),
    ),
  ),
};

export const ToolRuleRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    effect: RuleEffect,
    match_path: MatchPath,
    ...RuleScope,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ToolRuleRequest', additionalProperties: false },
);
export type ToolRuleRequest = Static<typeof ToolRuleRequest>;

export const ToolRulePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    effect: Type.Optional(RuleEffect),
    match_path: Type.Optional(MatchPath),
    ...RuleScope,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ToolRulePatch', minProperties: 1, additionalProperties: false },
);
export type ToolRulePatch = Static<typeof ToolRulePatch>;

export const ApprovalDecisionRequest = Type.Object(
  { note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) },
  { $id: 'ApprovalDecisionRequest', additionalProperties: false },
);
export type ApprovalDecisionRequest = Static<typeof ApprovalDecisionRequest>;

export const ApprovalListQuery = Type.Object({
  status: Type.Optional(
    Type.Union([
      Type.Literal('pending'),
      Type.Literal('approved'),
      Type.Literal('denied'),
      Type.Literal('expired'),
      Type.Literal('consumed'),
    ]),
  ),
  agent_id: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});
export type ApprovalListQuery = Static<typeof ApprovalListQuery>;

export const AgentActionRequest = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { $id: 'AgentActionRequest', additionalProperties: false },
);
export type AgentActionRequest = Static<typeof AgentActionRequest>;

const RiskLevel = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);

export const AddToolRequest = Type.Object(
  {
    tool_name: Type.String({ minLength: 1, maxLength: 200 }),
    risk_level: Type.Optional(RiskLevel),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { $id: 'AddToolRequest', additionalProperties: false },
);
export type AddToolRequest = Static<typeof AddToolRequest>;

export const SettingsPatch = Type.Object(
  {
    mode: Type.Optional(Type.Union([Type.Literal('enforce'), Type.Literal('shadow')])),
    enforce_stages: Type.Optional(
      Type.Array(Type.Union([Type.Literal('identity'), Type.Literal('trust'), Type.Literal('policy'), Type.Literal('approval')]), {
        maxItems: 4,
      }),
    ),
    approval_ttl_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400 })),
    critical_transfer_amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    fail_mode: Type.Optional(Type.Union([Type.Literal('closed'), Type.Literal('degraded_low')])),
    halt_quorum: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'admin keys needed to halt' })),
    thresholds: Type.Optional(
      Type.Object(
        {
          trusted_min_approved: Type.Optional(Type.Integer({ minimum: 1 })),
          trusted_min_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
          normal_min_approved: Type.Optional(Type.Integer({ minimum: 1 })),
          normal_min_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
          degraded_below_share: Type.Optional(
            Type.Number({ minimum: 0, maximum: 1, description: 'degraded when the approved share falls below this…' }),
          ),
          degraded_min_record: Type.Optional(Type.Integer({ minimum: 1, description: '…with at least this many actions on record' })),
          degrade_window_seconds: Type.Optional(
            Type.Integer({
              minimum: 60,
              maximum: 30 * 86400,
              description: 'how long a blocked attempt weighs on an agent (default 86400)',
            }),
          ),
          degrade_after_blocks: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 10, description: 'blocked attempts within the window that degrade an agent (default 1)' }),
          ),
          suspend_after_blocks: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 10, description: 'blocked attempts within the window that suspend an agent (default 3)' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    count_rule_denials: Type.Optional(
      Type.Boolean({
        description: 'whether a call blocked only by one of your own `deny` tool rules counts against the agent (default false)',
      }),
    ),
  },
  { $id: 'SettingsPatch', additionalProperties: false },
);
export type SettingsPatch = Static<typeof SettingsPatch>;

export const SignupRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.Optional(Type.String({ maxLength: 254, format: 'email' })),
  },
  { $id: 'SignupRequest', additionalProperties: false },
);
export type SignupRequest = Static<typeof SignupRequest>;

export const EmergencyHaltRequest = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 1000, description: 'why every decision of the tenant is stopped' }),
    operator_id: Type.String({ minLength: 1, maxLength: 200, description: 'the person who halts' }),
    confirmation_token: Type.String({ minLength: 1, maxLength: 200, description: 'from `POST /fabric/halt/token`; single use' }),
  },
  { $id: 'EmergencyHaltRequest', additionalProperties: false },
);
export type EmergencyHaltRequest = Static<typeof EmergencyHaltRequest>;

export const ResumeRequest = Type.Object(
  {
    operator_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { $id: 'ResumeRequest', additionalProperties: false },
);
export type ResumeRequest = Static<typeof ResumeRequest>;

export const EventStreamMode = Type.Union([Type.Literal('sse'), Type.Literal('polling')], {
  $id: 'EventStreamMode',
  description: '`sse`: a Server-Sent Events stream (resumable with `Last-Event-ID`); `polling`: one page of events',
});

export const EventStreamQuery = Type.Object({
  mode: Type.Optional(EventStreamMode),
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'only events after this id' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});
export type EventStreamQuery = Static<typeof EventStreamQuery>;

export const EventRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    attributes: Type.Optional(Type.Object({}, { additionalProperties: true })),
    payload: Type.Optional(Type.Unknown()),
    parent_span_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
    kind: Type.Optional(Type.String({ minLength: 1, maxLength: 40, default: 'INTERNAL' })),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 40, default: 'OK' })),
  },
  { $id: 'EventRequest', additionalProperties: false },
);
export type EventRequest = Static<typeof EventRequest>;

export const TraceParams = Type.Object({ trace_id: Type.String({ minLength: 1, maxLength: 200 }) });
export type TraceParams = Static<typeof TraceParams>;

// ---------------------------------------------------------------------------------------------
// Responses. Every route declares its answers with these (fast-json-stringify keeps only declared
// fields, so a field missing here is missing from the answer), and the OpenAPI document names them.
// Routes refer to them with `ref(X)`; `SHARED_SCHEMAS` lists what app.addSchema registers.

/** A route-side reference to a registered schema, keeping its TypeScript type. */
export function ref<T extends TSchema>(schema: T) {
  const id = (schema as { $id?: string }).$id;
  if (!id) throw new Error('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}

const Time = Type.String({ format: 'date-time' });
const NullableTime = Nullable(Type.String({ format: 'date-time' }));

export const ErrorResponse = Type.Object(
  {
    detail: Type.String({ description: 'what went wrong, in words' }),
    code: Type.String({ description: 'stable error code, e.g. `AG_NOT_FOUND`' }),
  },
  { $id: 'ErrorResponse', examples: [{ detail: 'missing `X-API-Key` header', code: 'AG_MISSING_KEY' }] },
);

export const ValidationError = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
      description: 'where: `body`, `query`, `path` or `header`, then the field',
    }),
    msg: Type.String(),
    type: Type.String(),
  },
  { $id: 'ValidationError' },
);

export const HTTPValidationError = Type.Object(
  { detail: Type.Array(ref(ValidationError)), code: Type.Optional(Type.String()) },
  {
    $id: 'HTTPValidationError',
    examples: [{ detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'missing' }], code: 'AG_VALIDATION' }],
  },
);

export const Health = Type.Object(
  { status: Type.String({ description: '`ok` or `unavailable`' }), detail: Type.Optional(Type.String()) },
  { $id: 'Health' },
);

export const DecisionList = Type.Object(
  {
    decisions: Type.Array(ref(DecisionRecord)),
    next_cursor: Nullable(Type.String({ description: 'pass as `cursor` for older decisions' })),
  },
  { $id: 'DecisionList' },
);

export const DecisionSignature = Type.Object(
  {
    decision_id: Type.String(),
    algorithm: Type.Literal('Ed25519'),
    key_id: Type.String({ description: 'the `kid` of a key listed at /fabric/keys/public' }),
    signed_payload: Type.String({
      description:
        'canonical JSON of what the signature covers: v2 (`v: 2`) decision id, tenant, time, agent, key, tool path, payload hash, verdict and stage verdicts; v1 (older records) decision id, tenant, time, verdict and stage verdicts',
    }),
    signature: Type.String({ description: 'base64url Ed25519 signature of `signed_payload`' }),
    version: Type.Integer({ minimum: 1, maximum: 2, description: 'version of `signed_payload`' }),
    covers: Type.Array(Type.String(), { description: 'the fields the signature covers' }),
  },
  { $id: 'DecisionSignature' },
);

const ApprovalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('denied'),
  Type.Literal('expired'),
  Type.Literal('consumed'),
]);

export const ApprovalRecord = Type.Object(
  {
    approval_id: Type.String({ description: 'prefix `apr_`' }),
    status: ApprovalStatus,
    agent_id: Type.String(),
    path: Type.String(),
    payload: Type.Unsafe<unknown>({ type: 'object', additionalProperties: true, description: 'the tool arguments held' }),
    payload_hash: Type.String({ description: 'SHA-256 of the canonical JSON of the payload; the approval covers exactly this' }),
    risk: Type.String(),
    reasons: Type.Array(Type.String()),
    detail: Type.String(),
    decision_id: Type.String(),
    requested_by_key_id: Type.String(),
    requested_by_key_name: Type.Optional(Nullable(Type.String({ description: 'name of the key that sent the call' }))),
    created_at: Time,
    expires_at: Time,
    decided_at: NullableTime,
    decided_by_key_id: Nullable(Type.String()),
    decided_by_key_name: Type.Optional(Nullable(Type.String({ description: 'name of the key that approved or denied' }))),
    note: Nullable(Type.String()),
    consumed_at: NullableTime,
    consumed_by_decision_id: Nullable(Type.String()),
  },
  { $id: 'ApprovalRecord' },
);

export const ApprovalList = Type.Object({ approvals: Type.Array(ref(ApprovalRecord)) }, { $id: 'ApprovalList' });

export const ToolRule = Type.Object(
  {
    id: Type.String({ description: 'prefix `tr_`' }),
    version: Type.Integer({ minimum: 1, description: 'bumped by every edit; shown as v<version> in decision details' }),
    name: Type.String(),
    effect: RuleEffect,
    match_path: Type.String(),
    // Typed loosely: the engine's ArgCondition is the TypeScript type; the schema is the contract.
    match_args: Type.Optional(Type.Unsafe<unknown>(Type.Union([Type.Array(ref(ArgCondition)), Type.Null()]))),
    agent_ids: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
    risk_at_least: Type.Optional(Nullable(Type.String())),
    min_distinct_approvers: Type.Optional(Nullable(Type.Integer())),
    description: Type.String(),
    enabled: Type.Boolean(),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'ToolRule' },
);

export const ToolRuleList = Type.Object({ rules: Type.Array(ref(ToolRule)) }, { $id: 'ToolRuleList' });

export const ApiKey = Type.Object(
  {
    id: Type.String({ description: 'prefix `key_`' }),
    name: Type.String(),
    role: Type.String(),
    created_at: Time,
    revoked_at: NullableTime,
  },
  { $id: 'ApiKey' },
);

export const ApiKeyCreated = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    role: Type.String(),
    created_at: Time,
    revoked_at: NullableTime,
    api_key: Type.String({ description: 'the secret, shown once' }),
  },
  { $id: 'ApiKeyCreated' },
);

export const ApiKeyList = Type.Object({ keys: Type.Array(ref(ApiKey)) }, { $id: 'ApiKeyList' });

export const AgentKeyCreated = Type.Object(
  {
    agent_key_id: Type.String({ description: 'prefix `ak_`' }),
    agent_key: Type.String({ description: 'prefix `agt_`; shown once, never again' }),
    agent_id: Nullable(Type.String({ description: 'the agent the key is bound to' })),
    name: Type.String(),
    budget_usd: Nullable(Type.Number()),
    created_at: Time,
  },
  { $id: 'AgentKeyCreated' },
);

const Counters = Type.Object({ approved: Type.Integer(), blocked: Type.Integer() });

export const AgentKey = Type.Object(
  {
    agent_key_id: Type.String(),
    agent_id: Nullable(Type.String()),
    name: Type.String(),
    budget_usd: Nullable(Type.Number()),
    spent_usd: Type.Number({ description: 'spent against the budget by calls that ran; a call that would pass the budget is held' }),
    created_at: Time,
    revoked_at: NullableTime,
    state: Type.String({ description: 'trust state of the key’s own record' }),
    counters: Counters,
  },
  { $id: 'AgentKey' },
);

export const AgentKeyList = Type.Object({ agent_keys: Type.Array(ref(AgentKey)) }, { $id: 'AgentKeyList' });

const ThresholdProgress = Type.Object({ reached: Type.Boolean(), approved_needed: Type.Integer(), min_share: Type.Number() });

export const Agent = Type.Object(
  {
    agent_id: Type.String(),
    state: Type.String({ description: 'effective trust state: the lower of the agent’s and its key’s' }),
    agent_state: Type.String(),
    key_state: Nullable(Type.String()),
    override: Nullable(Type.String()),
    override_reason: Nullable(Type.String()),
    counters: Type.Object({
      approved: Type.Integer(),
      blocked: Type.Integer(),
      approved_share: Type.Number(),
      blocked_last_24h: Type.Integer({ description: 'blocked attempts within the degrade window (24 h by default)' }),
      forgiven_blocked: Type.Integer({
        description: 'blocked attempts an operator forgave by reinstating; they no longer weigh on the share',
      }),
    }),
    thresholds: Type.Object({ normal: ThresholdProgress, trusted: ThresholdProgress }),
    agent_keys: Type.Array(Type.String()),
    created_at: Time,
    last_seen_at: Time,
  },
  { $id: 'Agent' },
);

export const AgentList = Type.Object({ agents: Type.Array(ref(Agent)) }, { $id: 'AgentList' });

export const Settings = Type.Object(
  {
    mode: Type.String(),
    enforce_stages: Type.Array(Type.String()),
    approval_ttl_seconds: Type.Integer(),
    critical_transfer_amount: Type.Number(),
    fail_mode: Type.String(),
    halt_quorum: Type.Optional(Type.Integer()),
    thresholds: Type.Object({
      trusted_min_approved: Type.Integer(),
      trusted_min_share: Type.Number(),
      normal_min_approved: Type.Integer(),
      normal_min_share: Type.Number(),
      degraded_below_share: Type.Number(),
      degraded_min_record: Type.Integer(),
      degrade_window_seconds: Type.Integer(),
      degrade_after_blocks: Type.Integer(),
      suspend_after_blocks: Type.Integer(),
    }),
    count_rule_denials: Type.Boolean(),
  },
  { $id: 'Settings' },
);

export const Tool = Type.Object(
  { tool_name: Type.String(), risk_level: RiskLevel, description: Type.String(), created_at: Time },
  { $id: 'Tool' },
);

export const ToolList = Type.Object({ tools: Type.Array(ref(Tool)) }, { $id: 'ToolList' });

export const PublicKeyList = Type.Object(
  {
    keys: Type.Array(
      Type.Object({
        kty: Type.String(),
        crv: Type.String(),
        x: Type.String(),
        kid: Type.String(),
        alg: Type.String(),
        use: Type.String(),
        created_at: Time,
        not_before: Type.Optional(Time),
        not_after: Type.Optional(NullableTime),
        status: Type.Optional(Type.String({ description: '`current` signs new records; `retired` keys still verify old ones' })),
      }),
    ),
  },
  { $id: 'PublicKeyList' },
);

export const SignupResponse = Type.Object(
  {
    tenant_id: Type.String({ description: 'prefix `tn_`' }),
    key_id: Type.String(),
    api_key: Type.String({ description: 'the tenant’s first admin key, shown once' }),
  },
  { $id: 'SignupResponse' },
);

export const TryRequest = Type.Object(
  {
    path: Type.String(),
    agent_id: Type.String(),
    payload: Type.Object({}, { additionalProperties: true }),
  },
  { $id: 'TryRequest', additionalProperties: false },
);

export const TryScenario = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    request: ref(TryRequest),
    expected_verdict: Type.String(),
  },
  { $id: 'TryScenario' },
);

export const TryScenarioList = Type.Object({ scenarios: Type.Array(ref(TryScenario)) }, { $id: 'TryScenarioList' });

export const TryQuery = Type.Object({
  scenario: Type.String({ minLength: 1, maxLength: 64, description: 'a scenario id from GET /fabric/try' }),
});
export type TryQuery = Static<typeof TryQuery>;

export const TryResult = Type.Object(
  {
    scenario: ref(TryScenario),
    verdict: Type.String(),
    blocked: Type.Boolean(),
    decision_id: Type.String({ description: 'prefix `fd_`; of the throwaway tenant, which is gone once the answer is sent' }),
    detail: Type.String(),
    chain: Type.Array(ref(Stage)),
  },
  { $id: 'TryResult' },
);

const HaltFields = {
  halted: Type.Boolean(),
  reason: Nullable(Type.String()),
  since: NullableTime,
  operator_id: Nullable(Type.String()),
  halt_quorum: Type.Integer({ description: 'admin keys needed to halt: 1, or 2 (the token from another admin key)' }),
};

export const HaltState = Type.Object(HaltFields, { $id: 'HaltState' });

export const HaltStarted = Type.Object(
  {
    ...HaltFields,
    halted_by_key_id: Type.String(),
    confirmed_by_key_id: Type.String({ description: 'the admin key the confirmation token was issued to' }),
  },
  { $id: 'HaltStarted' },
);

export const HaltToken = Type.Object(
  {
    confirmation_token: Type.String({ description: 'prefix `hlt_`; single use, shown once' }),
    issued_to_key_id: Type.String(),
    expires_at: Time,
    halt_quorum: Type.Integer(),
    detail: Type.String(),
  },
  { $id: 'HaltToken' },
);

export const ResumeResult = Type.Object(
  { halted: Type.Boolean(), resumed_at: Time, resumed_by_key_id: Type.String() },
  { $id: 'ResumeResult' },
);

export const FabricEvent = Type.Object(
  {
    id: Type.String({ description: 'position in the tenant log; the SSE `id:` and the polling `after=`' }),
    type: Type.String({
      description:
        '`decision.created`, `approval.created`, `approval.approved`, `approval.denied`, `approval.consumed`, `halt.started`, `halt.lifted`, `posture.updated`, `egress_rule.created`, `egress_rule.deleted`, `tenant.contained`, `tenant.released`, `tenant.closed`, `credential.saved`, `credential.deleted` (never the secret), `finding.created`, `finding.updated`, `decision.result_flagged` (a tool result reported with an outcome reads as prompt injection)',
    }),
    created_at: Time,
    data: FreeObject,
  },
  { $id: 'FabricEvent' },
);

export const EventPage = Type.Object(
  {
    events: Type.Array(ref(FabricEvent)),
    last_event_id: Type.String({ description: 'pass as `after` for the next page' }),
    latest_event_id: Type.String({ description: 'the newest event of the tenant; start here to follow only new events' }),
  },
  {
    $id: 'EventPage',
    description: 'with `mode=polling`; `mode=sse` answers `text/event-stream` messages whose `data` is one FabricEvent',
  },
);

export const TraceEvent = Type.Object(
  {
    event_id: Type.String({ description: 'prefix `ev_`' }),
    trace_id: Type.String(),
    span_id: Type.String(),
    parent_span_id: Nullable(Type.String()),
    name: Type.String(),
    kind: Type.String(),
    status: Type.String(),
    attributes: FreeObject,
    payload: Type.Unknown(),
    key_id: Type.String(),
    agent_id: Nullable(Type.String()),
    created_at: Time,
  },
  { $id: 'TraceEvent' },
);

export const TraceList = Type.Object(
  {
    traces: Type.Array(
      Type.Object({ trace_id: Type.String(), decisions: Type.Integer(), events: Type.Integer(), first_at: Time, last_at: Time }),
    ),
  },
  { $id: 'TraceList' },
);

export const Trace = Type.Object(
  {
    trace_id: Type.String(),
    items: Type.Array(
      Type.Union([
        Type.Object({ at: Time, type: Type.Literal('decision'), decision: ref(DecisionRecord) }),
        Type.Object({ at: Time, type: Type.Literal('event'), event: ref(TraceEvent) }),
      ]),
      { description: 'decisions and events of the trace in time order' },
    ),
  },
  { $id: 'Trace' },
);

export const Me = Type.Object(
  {
    key_id: Type.String(),
    kind: Type.String({ description: '`customer` or `agent`' }),
    role: Type.String({ description: '`admin`, `approver` or `agent`' }),
    name: Type.String(),
    agent_id: Nullable(Type.String()),
    tenant_id: Type.String(),
    tenant_name: Nullable(Type.String()),
    can_approve: Type.Boolean(),
    is_admin: Type.Boolean(),
  },
  { $id: 'Me' },
);

/** Every named schema, registered with app.addSchema and published as an OpenAPI component. */
export const SHARED_SCHEMAS: TSchema[] = [
  Stage,
  DecisionRequest,
  DecisionRecord,
  DecisionList,
  DecisionSignature,
  OutcomeRequest,
  AgentKeyRequest,
  AgentKeyCreated,
  AgentKey,
  AgentKeyList,
  ApiKeyRequest,
  ApiKey,
  ApiKeyCreated,
  ApiKeyList,
  ArgCondition,
  ToolRuleRequest,
  ToolRulePatch,
  ToolRule,
  ToolRuleList,
  ApprovalDecisionRequest,
  ApprovalRecord,
  ApprovalList,
  AgentActionRequest,
  Agent,
  AgentList,
  AddToolRequest,
  Tool,
  ToolList,
  SettingsPatch,
  Settings,
  SignupRequest,
  SignupResponse,
  PublicKeyList,
  Health,
  ErrorResponse,
  ValidationError,
  HTTPValidationError,
  TryRequest,
  TryScenario,
  TryScenarioList,
  TryResult,
  EmergencyHaltRequest,
  ResumeRequest,
  HaltState,
  HaltStarted,
  HaltToken,
  ResumeResult,
  EventStreamMode,
  FabricEvent,
  EventPage,
  EventRequest,
  TraceEvent,
  TraceList,
  Trace,
  Me,
  ...JOURNAL_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...GOVERNANCE_SCHEMAS,
  ...TRAJECTORY_SCHEMAS, // issue 21
  ...CREDENTIAL_SCHEMAS, // issue 18
  ...POSTURE_SCHEMAS, // issue 18
  ...TOOL_RULE_SET_SCHEMAS, // issue 16
  ...COMPLIANCE_SCHEMAS,
  ...CERTIFY_SCHEMAS,
  ...ANCHOR_SCHEMAS,
  ...IDENTITY_SCHEMAS, // issue 20
  ...FAST_PATH_SCHEMAS, // issue 20
  ...A2A_SCHEMAS, // issue 20
  ...TOKEN_FORM_SCHEMAS, // issue 20
  ...EDGE_SCHEMAS, // issue 20
  ...INSURANCE_SCHEMAS,
  ...CLUSTER_SCHEMAS, // issue 14
  ...BUDGET_SCHEMAS, // issue 19
  ...EVALUATION_SCHEMAS, // issue 19
  ...PLAN_SCHEMAS, // issue 21 item 4
];

/**
 * Error answers a route gives beyond the standard ones (401, 403, 404 for an id in the path, 413,
 * 415, 422, 500 are added to every route from how it is protected and what it validates).
 */
export function errorResponses(...statuses: Array<404 | 409 | 429 | 503>) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<number, typeof ErrorResponse>;
}

/** An answer without a body (204). */
export const NoContent = Type.Null({ description: 'no content' });
