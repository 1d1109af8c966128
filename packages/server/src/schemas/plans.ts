// Request and response schemas of plans (issue 21 item 4): committed plans, their authorization,
// and the verification of a computer-use plan against action rules. Request names are the spec's.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

/** Most steps in one plan; longer plans are refused rather than half-checked. */
const MAX_STEPS = 500;

const stepFields = {
  index: Type.Integer({ minimum: 0, description: 'position of the step; unique within the plan' }),
  action: Type.String({ minLength: 1, maxLength: 200, description: 'the tool the step calls (`/tools/<action>`)' }),
  target: OptionalNullable(
    Type.String({ maxLength: 2048, description: 'what the step acts on; a call matches only with this value among its arguments' }),
  ),
  value: OptionalNullable(Type.Number({ description: 'the amount the step moves; a call matches only with this amount' })),
  approver: OptionalNullable(Type.String({ maxLength: 200 })),
};

export const PlanStep = Type.Object(stepFields, { $id: 'PlanStep', additionalProperties: false });
export const ActionStep = Type.Object(stepFields, { $id: 'ActionStep', additionalProperties: false });

export const CommitPlanRequest = Type.Object(
  {
    agent_id: Type.String({ minLength: 1, maxLength: 200 }),
    tenant: Type.String({ minLength: 1, maxLength: 200, description: 'the tenant of the key (its `tn_` id)' }),
    goal: Type.String({ minLength: 1, maxLength: 2000 }),
    steps: Type.Array(ref(PlanStep), { minItems: 1, maxItems: MAX_STEPS }),
    max_cumulative_risk_budget: Type.Number({
      minimum: 0,
      description: 'the most risk points the steps may sum to (low 0.1, medium 0.3, high 0.6, critical 1)',
    }),
    authorized_authority_ceiling: Type.String({
      minLength: 1,
      maxLength: 20,
      description:
        'the highest risk a step may have: `low`, `medium`, `high`, `critical`, or `NONE`, `READ` (low), `WRITE` (medium), `EXECUTE` (high), `ADMIN` (critical)',
    }),
  },
  { $id: 'CommitPlanRequest', additionalProperties: false },
);
export type CommitPlanRequest = Static<typeof CommitPlanRequest>;

export const AuthorizePlanRequest = Type.Object(
  {
    authorized_by: OptionalNullable(
      Type.String({ maxLength: 200, description: 'who authorizes, in words; the key is recorded either way' }),
    ),
    comments: OptionalNullable(Type.String({ maxLength: 2000 })),
  },
  { $id: 'AuthorizePlanRequest', additionalProperties: false },
);

export const ScoredPlanStep = Type.Object(
  {
    index: Type.Integer(),
    action: Type.String(),
    target: Nullable(Type.String()),
    value: Nullable(Type.Number()),
    approver: Nullable(Type.String()),
    path: Type.String({ description: 'the tool path the step stands for' }),
    risk_class: Type.String({ enum: ['low', 'medium', 'high', 'critical'] }),
    risk_score: Type.Number(),
    risk_reasons: Type.Array(Type.String()),
  },
  { $id: 'ScoredPlanStep' },
);

export const Plan = Type.Object(
  {
    plan_id: Type.String({ description: 'prefix `plan_`' }),
    tenant: Type.String(),
    agent_id: Type.String(),
    goal: Type.String(),
    status: Type.String({
      enum: ['pending_authorization', 'authorized', 'completed'],
      description: "`completed` once every step ran; a completed plan still holds its agent's calls until it expires",
    }),
    steps: Type.Array(ref(ScoredPlanStep)),
    cumulative_risk: Type.Number(),
    max_cumulative_risk_budget: Type.Number(),
    authorized_authority_ceiling: Type.String(),
    committed_by_key_id: Type.String(),
    authorized_by_key_id: Nullable(Type.String()),
    authorized_by: Nullable(Type.String()),
    comments: Nullable(Type.String()),
    created_at: Time,
    authorized_at: Nullable(Time),
    expires_at: Nullable(Time),
    steps_used: Type.Integer({ description: 'steps whose calls ran, in index order; the next call must be the step after them' }),
    next_step_index: Nullable(Type.Integer({ description: 'the index of the step the next call must be (null when none is left)' })),
    completed_at: Nullable(Time),
  },
  { $id: 'Plan' },
);

export const PlanListQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ enum: ['pending_authorization', 'authorized', 'completed'] })),
    agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  { additionalProperties: false },
);

export const PlanList = Type.Object({ plans: Type.Array(ref(Plan)) }, { $id: 'PlanList' });

export const ActionRule = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.String({
      minLength: 1,
      maxLength: 60,
      description: '`threshold`, `max_calls`, `required_approval` or `distinct_approvers`',
    }),
    action: OptionalNullable(Type.String({ maxLength: 200 })),
    threshold: OptionalNullable(Type.Number()),
    approval_action: OptionalNullable(Type.String({ maxLength: 200 })),
    min_distinct_approvers: OptionalNullable(Type.Integer({ minimum: 1, maximum: 100 })),
    max_calls: OptionalNullable(Type.Integer({ minimum: 0 })),
    actions: OptionalNullable(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
  },
  { $id: 'ActionRule', additionalProperties: false },
);

export const ActionVerifyRequest = Type.Object(
  {
    plan: Type.Array(ref(ActionStep), { maxItems: MAX_STEPS }),
    rules: Type.Array(ref(ActionRule), { maxItems: 200 }),
    agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, default: 'computer-use-agent' })),
  },
  { $id: 'ActionVerifyRequest', additionalProperties: false },
);

const ActionViolation = Type.Object({ rule_id: Type.String(), type: Type.String(), message: Type.String() });

export const ActionVerifyResult = Type.Object(
  {
    agent_id: Type.String(),
    valid: Type.Boolean({ description: 'true when no step violates any rule' }),
    violation_count: Type.Integer(),
    steps: Type.Array(
      Type.Object({ index: Type.Integer(), action: Type.String(), ok: Type.Boolean(), violations: Type.Array(ActionViolation) }),
    ),
  },
  { $id: 'ActionVerifyResult' },
);

export const PLAN_SCHEMAS: TSchema[] = [
  PlanStep,
  ActionStep,
  CommitPlanRequest,
  AuthorizePlanRequest,
  ScoredPlanStep,
  Plan,
  PlanList,
  ActionRule,
  ActionVerifyRequest,
  ActionVerifyResult,
];
