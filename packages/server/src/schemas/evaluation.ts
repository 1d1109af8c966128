// Request and response schemas of dry runs and side-effect-free evaluation (issue 19). Request
// shapes carry the spec's names: `DryRunRequest`, `AssessRequest`, `EvaluateActionRequest`,
// `DecideActionRequest`, `ExecuteRequest`.
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (max: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) })));
const Action = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: 'the action, e.g. `delete`, `send_email`',
});
const StageNames = Type.Union([Type.Literal('identity'), Type.Literal('trust'), Type.Literal('policy'), Type.Literal('approval')]);

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

export const DryRunRequest = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200, description: 'recent decisions to replay' })),
    fabric_enforce: Type.Optional(
      Type.Boolean({ default: true, description: 'master switch to simulate: false replays in shadow mode (nothing enforces)' }),
    ),
    enforce_stages: Type.Optional(
      Type.Array(StageNames, { maxItems: 4, uniqueItems: true, description: 'stages enforcing in the simulation (default: the tenant’s)' }),
    ),
  },
  { $id: 'DryRunRequest', additionalProperties: false },
);
export type DryRunRequest = Static<typeof DryRunRequest>;

const Replayed = Type.Object({
  decision_id: Type.String(),
  path: Type.String(),
  agent_id: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  old_verdict: Type.String(),
  new_verdict: Type.String(),
  changed: Type.Boolean(),
  deciding_stage: Nullable(Type.String({ description: 'the stage that blocked or held the replay (or would have, in shadow mode)' })),
  detail: Type.String(),
});

export const DryRunResult = Type.Object(
  {
    recorded: Type.Literal(false, { description: 'a dry run records nothing and consumes no approval' }),
    simulated: Type.Object({ mode: Type.String(), enforce_stages: Type.Array(Type.String()) }),
    totals: Type.Object({
      replayed: Type.Integer(),
      changed: Type.Integer(),
      unchanged: Type.Integer(),
      skipped: Type.Integer({ description: 'decisions whose key no longer exists' }),
      newly_blocked: Type.Integer({ description: 'ran before (ALLOWED*), would not run now' }),
      newly_allowed: Type.Integer({ description: 'did not run before, would run now' }),
      old_verdicts: Type.Record(Type.String(), Type.Integer()),
      new_verdicts: Type.Record(Type.String(), Type.Integer()),
    }),
    decisions: Type.Array(Replayed),
  },
  { $id: 'DryRunResult' },
);

export const AssessRequest = Type.Object(
  {
    action: Action,
    resource: Type.String({ maxLength: 2000, description: 'what the action acts on: a path, a command, a statement, an account' }),
  },
  { $id: 'AssessRequest', additionalProperties: false },
);
export type AssessRequest = Static<typeof AssessRequest>;

export const RiskAssessment = Type.Object(
  {
    action: Type.String(),
    resource: Type.String(),
    path: Type.String({ description: 'the tool path the action was assessed as' }),
    risk_class: Type.String({ description: '`low`, `medium`, `high` or `critical`' }),
    reasons: Type.Array(Type.String()),
    registered_risk: Nullable(Type.String({ description: 'the tenant’s registered floor for the tool, if any' })),
  },
  { $id: 'RiskAssessment' },
);

export const EvaluateActionRequest = Type.Object(
  {
    action: Action,
    tool: OptionalText(120, 'the tool; the action names it when left out'),
    resource: OptionalText(2000),
    intent: OptionalText(2000, 'why the agent wants it (screened for injection like any argument)'),
    policy_id: OptionalText(200, 'judge against this tool rule only (`tr_…`)'),
  },
  { $id: 'EvaluateActionRequest', additionalProperties: false },
);
export type EvaluateActionRequest = Static<typeof EvaluateActionRequest>;

export const DecideActionRequest = Type.Object(
  {
    action: Action,
    tool: OptionalText(120, 'the tool; the action names it when left out'),
    resource: OptionalText(2000),
    intent: OptionalText(2000),
    identity_id: OptionalText(200, 'decide for this identity’s agent (`idn_…`)'),
    agent_id: OptionalText(200, 'decide for this agent (an agent key may name only its own)'),
    policy_id: OptionalText(200, 'judge against this tool rule only (`tr_…`)'),
  },
  { $id: 'DecideActionRequest', additionalProperties: false },
);
export type DecideActionRequest = Static<typeof DecideActionRequest>;

export const ActionEvaluation = Type.Object(
  {
    recorded: Type.Literal(false, { description: 'nothing was recorded and no approval was created' }),
    verdict: Type.String(),
    blocked: Type.Boolean(),
    would_run: Type.Boolean({ description: 'true when the verdict starts with ALLOWED and blocked is false' }),
    mode: Type.String(),
    path: Type.String(),
    agent_id: Type.String(),
    risk: Type.Object({ class: Type.String(), reasons: Type.Array(Type.String()) }),
    deciding_stage: Nullable(Type.String()),
    detail: Type.String(),
    explanation: Type.Array(Type.String(), { description: 'one line per stage: what it found' }),
    stages: Type.Array(Type.Unsafe({ $ref: 'Stage#' })),
  },
  { $id: 'ActionEvaluation' },
);

export const ExecuteRequest = Type.Object(
  {
    action: Action,
    resource: Type.Optional(Type.String({ maxLength: 2000, default: '' })),
    parameters: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
    identity_id: OptionalText(200, 'the identity acting (`idn_…`); its agent is the decision’s agent'),
    required_capability: OptionalText(200, 'a capability the identity must hold, else 403 and nothing is recorded'),
  },
  { $id: 'ExecuteRequest', additionalProperties: false },
);
export type ExecuteRequest = Static<typeof ExecuteRequest>;

export const EVALUATION_SCHEMAS: TSchema[] = [
  DryRunRequest,
  DryRunResult,
  AssessRequest,
  RiskAssessment,
  EvaluateActionRequest,
  DecideActionRequest,
  ActionEvaluation,
  ExecuteRequest,
];
export { ref };
