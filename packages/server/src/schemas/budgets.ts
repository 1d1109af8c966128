// Request and response schemas of budgets, reservations and agent controls (issue 19). Request
// shapes carry the spec's names (`CreateBudgetRequest`, `CommitRequest`, `AgentControlRequest`) and
// ARCHITECTURE.md's (`ReserveRequest`). Money is integer cents throughout.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Cents = (description: string) => Type.Integer({ minimum: 0, description });

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

const Scope = Type.Union([Type.Literal('tenant'), Type.Literal('agent'), Type.Literal('key'), Type.Literal('tool')], {
  description:
    'what the budget covers: every call of the tenant, of one agent (`scope_id` = agent id), one key (key id) or one tool (its registered name, the last segment of the path)',
});
const Period = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('total')], {
  description: 'spending resets at each period boundary in UTC (midnight, Monday 00:00, the 1st 00:00); `total` never resets',
});
const OnExceed = Type.Union([Type.Literal('hold'), Type.Literal('block')], {
  description: 'what a decision passing the hard limit gets: `hold` (REQUIRE_APPROVAL, approvable; default) or `block` (BLOCKED)',
});
const Pct = (fallback: number, description: string) => Type.Number({ minimum: 0, maximum: 100, default: fallback, description });

export const CreateBudgetRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    limit_cents: Type.Integer({ minimum: 1, description: 'the limit in whole cents (integers only: money is never a float)' }),
    description: Type.Optional(Type.String({ maxLength: 2000, default: '' })),
    scope: Type.Optional(Scope),
    scope_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    parent_id: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'a budget this one nests in: its spending also counts against the parent',
        }),
      ),
    ),
    period: Type.Optional(Period),
    hard_limit: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'true: a call passing the limit is held or blocked; false: it runs and raises `exceeded`',
      }),
    ),
    soft_limit_pct: Type.Optional(Pct(80, 'usage (spent + reserved) at which a `soft_limit` alert is raised')),
    alert_threshold_pct: Type.Optional(Pct(50, 'usage at which an `alert` is raised')),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', default: 'USD', description: 'ISO 4217 code' })),
    metadata: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
    on_exceed: Type.Optional(OnExceed),
  },
  { $id: 'CreateBudgetRequest', additionalProperties: false },
);
export type CreateBudgetRequest = Static<typeof CreateBudgetRequest>;

export const BudgetUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    limit_cents: Type.Optional(Type.Integer({ minimum: 1 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    parent_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    period: Type.Optional(Period),
    hard_limit: Type.Optional(Type.Boolean()),
    soft_limit_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    alert_threshold_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    metadata: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
    on_exceed: Type.Optional(OnExceed),
  },
  { $id: 'BudgetUpdate', additionalProperties: false, minProperties: 1 },
);
export type BudgetUpdate = Static<typeof BudgetUpdate>;

export const Budget = Type.Object(
  {
    id: Type.String({ description: 'prefix `bgt_`' }),
    name: Type.String(),
    description: Type.String(),
    scope: Type.String(),
    scope_id: Nullable(Type.String()),
    parent_id: Nullable(Type.String()),
    period: Type.String(),
    limit_cents: Type.Integer(),
    hard_limit: Type.Boolean(),
    on_exceed: Type.String(),
    soft_limit_pct: Type.Number(),
    alert_threshold_pct: Type.Number(),
    currency: Type.String(),
    metadata: Nullable(Type.Object({}, { additionalProperties: true })),
    spent_cents: Cents('committed this period'),
    reserved_cents: Cents('held by live reservations'),
    available_cents: Type.Integer({ description: 'limit - spent - reserved (negative past a soft limit)' }),
    used_pct: Type.Number({ description: '(spent + reserved) / limit × 100' }),
    alert_level: Type.String({ description: '`none`, `alert`, `soft_limit` or `exceeded` (this period)' }),
    period_start: Nullable(Time),
    period_resets_at: Nullable(Time),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'Budget' },
);

export const BudgetList = Type.Object({ budgets: Type.Array(ref(Budget)) }, { $id: 'BudgetList' });

export const ReserveRequest = Type.Object(
  {
    amount_cents: Type.Integer({ minimum: 1, description: 'amount to hold, whole cents' }),
    agent_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    decision_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    ttl_seconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 86400, default: 900, description: 'the hold frees its amount after this long unless committed' }),
    ),
  },
  { $id: 'ReserveRequest', additionalProperties: false },
);
export type ReserveRequest = Static<typeof ReserveRequest>;

export const CommitRequest = Type.Object(
  {
    actual_cost_cents: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, description: 'what was actually spent; the amount held when null or left out' })),
    ),
  },
  { $id: 'CommitRequest', additionalProperties: false },
);
export type CommitRequest = Static<typeof CommitRequest>;

export const Reservation = Type.Object(
  {
    reservation_id: Type.String({ description: 'prefix `res_`' }),
    budget_id: Nullable(Type.String({ description: 'the budget asked of; null for a decision’s reservation' })),
    budget_ids: Type.Array(Type.String(), { description: 'every budget the amount is held against (with the parents)' }),
    amount_cents: Type.Integer(),
    agent_id: Nullable(Type.String()),
    decision_id: Nullable(Type.String()),
    status: Type.String({ description: '`held`, `committed`, `released` or `expired`' }),
    committed_cents: Nullable(Type.Integer()),
    created_at: Time,
    expires_at: Time,
    settled_at: Nullable(Time),
  },
  { $id: 'Reservation' },
);

export const ReservationList = Type.Object({ reservations: Type.Array(ref(Reservation)) }, { $id: 'ReservationList' });

export const AgentControlRequest = Type.Object(
  {
    max_actions_per_hour: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'allowed actions in any sliding hour; null: no limit' })),
    ),
    max_concurrent_actions: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: 100_000,
          description: 'allowed actions without a reported outcome (each counts for at most 15 minutes); null: no limit',
        }),
      ),
    ),
  },
  { $id: 'AgentControlRequest', additionalProperties: false },
);
export type AgentControlRequest = Static<typeof AgentControlRequest>;

export const AgentControls = Type.Object(
  {
    agent_id: Type.String(),
    max_actions_per_hour: Nullable(Type.Integer()),
    max_concurrent_actions: Nullable(Type.Integer()),
    actions_last_hour: Type.Integer({ description: 'allowed decisions of the agent in the last hour' }),
    running: Type.Integer({ description: 'allowed decisions without an outcome, younger than 15 minutes' }),
    updated_at: Nullable(Time),
  },
  { $id: 'AgentControls' },
);

export const BUDGET_SCHEMAS: TSchema[] = [
  CreateBudgetRequest,
  BudgetUpdate,
  Budget,
  BudgetList,
  ReserveRequest,
  CommitRequest,
  Reservation,
  ReservationList,
  AgentControlRequest,
  AgentControls,
];
