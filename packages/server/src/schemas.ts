// Request and response schemas, named as in the spec. One definition gives the TypeScript type,
// the route's validator and (later) the OpenAPI document.
import { Type, type Static, type TSchema } from 'typebox';

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
  { $id: 'DecisionRequest' },
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
  },
  { $id: 'OutcomeRequest' },
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
  { $id: 'AgentKeyRequest' },
);
export type AgentKeyRequest = Static<typeof AgentKeyRequest>;

export const ApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    role: Type.Union([Type.Literal('admin'), Type.Literal('approver')]),
  },
  { $id: 'ApiKeyRequest' },
);
export type ApiKeyRequest = Static<typeof ApiKeyRequest>;

const RuleEffect = Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Literal('require_approval')]);
const MatchPath = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^/[^\\s]*$',
  description: 'exact path; a subtree when it ends with `/`; `*` stands for one path segment',
});

export const ToolRuleRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    effect: RuleEffect,
    match_path: MatchPath,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ToolRuleRequest' },
);
export type ToolRuleRequest = Static<typeof ToolRuleRequest>;

export const ToolRulePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    effect: Type.Optional(RuleEffect),
    match_path: Type.Optional(MatchPath),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ToolRulePatch', minProperties: 1 },
);
export type ToolRulePatch = Static<typeof ToolRulePatch>;

export const ApprovalDecisionRequest = Type.Object(
  { note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) },
  { $id: 'ApprovalDecisionRequest' },
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

export const AgentActionRequest = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { $id: 'AgentActionRequest' });
export type AgentActionRequest = Static<typeof AgentActionRequest>;

const RiskLevel = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);

export const AddToolRequest = Type.Object(
  {
    tool_name: Type.String({ minLength: 1, maxLength: 200 }),
    risk_level: Type.Optional(RiskLevel),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { $id: 'AddToolRequest' },
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
    thresholds: Type.Optional(
      Type.Object({
        trusted_min_approved: Type.Optional(Type.Integer({ minimum: 1 })),
        trusted_min_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
        normal_min_approved: Type.Optional(Type.Integer({ minimum: 1 })),
        normal_min_share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      }),
    ),
  },
  { $id: 'SettingsPatch' },
);
export type SettingsPatch = Static<typeof SettingsPatch>;

export const SignupRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.Optional(Type.String({ maxLength: 254, format: 'email' })),
  },
  { $id: 'SignupRequest' },
);
export type SignupRequest = Static<typeof SignupRequest>;
