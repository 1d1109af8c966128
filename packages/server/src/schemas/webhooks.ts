// Request and response schemas of the webhook routes (issue 17). `WebhookRequest` is the name
// ARCHITECTURE.md gives the request shape.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });

/** A reference to a schema registered by name (as `ref` of schemas.ts, which imports this file). */
function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

export const WEBHOOK_EVENTS = [
  'approval.requested',
  'approval.resolved',
  'decision.blocked',
  'agent.state_changed',
  'tenant.halted',
  'tenant.resumed',
  'tenant.contained',
  'tenant.released',
  'tenant.closed',
  'posture.changed',
  'credential.changed',
  'compliance.finding_raised',
  'compliance.finding_updated',
  'budget.alert', // issue 19
  'decision.result_flagged', // issue 13: a tool result reported with an outcome reads as prompt injection
] as const;

const WebhookEventName = Type.Union(
  WEBHOOK_EVENTS.map((name) => Type.Literal(name)),
  { description: 'what the webhook hears' },
);

export const WebhookRequest = Type.Object(
  {
    url: Type.String({
      minLength: 8,
      maxLength: 2000,
      description: 'http(s) URL; private, loopback and link-local addresses are refused unless the operator allows them',
    }),
    events: Type.Array(WebhookEventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
    secret: Type.Optional(
      Type.String({
        minLength: 16,
        maxLength: 200,
        description: 'HMAC-SHA256 key of `X-ActionGate-Signature`; generated (and shown once) when left out',
      }),
    ),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('slack')], {
        description: '`json` (default): ActionGate’s body; `slack`: a Block Kit message for a Slack incoming webhook',
      }),
    ),
  },
  { $id: 'WebhookRequest', additionalProperties: false },
);
export type WebhookRequest = Static<typeof WebhookRequest>;

export const Webhook = Type.Object(
  {
    id: Type.String({ description: 'prefix `wh_`' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    format: Type.String(),
    created_at: Time,
  },
  { $id: 'Webhook' },
);

export const WebhookCreated = Type.Object(
  {
    id: Type.String({ description: 'prefix `wh_`' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    format: Type.String(),
    created_at: Time,
    secret: Type.String({ description: 'the signing secret; shown here once, never again' }),
  },
  { $id: 'WebhookCreated' },
);

export const WebhookList = Type.Object({ webhooks: Type.Array(ref(Webhook)) }, { $id: 'WebhookList' });

const DeliveryAttempt = Type.Object({
  at: Time,
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the answer; null when none came' }),
  error: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Integer(),
});

export const WebhookDelivery = Type.Object(
  {
    delivery_id: Type.String({ description: 'prefix `whd_`; also sent as `X-ActionGate-Delivery`' }),
    event: Type.String(),
    status: Type.String({ description: '`pending` (retrying), `delivered`, or `failed` (gave up after a day)' }),
    attempts: Type.Integer(),
    next_attempt_at: Type.Union([Time, Type.Null()]),
    created_at: Time,
    finished_at: Type.Union([Time, Type.Null()]),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    attempt_log: Type.Array(DeliveryAttempt),
    body: Type.String({ description: 'the exact bytes sent and signed' }),
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookDeliveryList = Type.Object({ deliveries: Type.Array(ref(WebhookDelivery)) }, { $id: 'WebhookDeliveryList' });

export const WebhookDeliveryQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) });

export const WEBHOOK_SCHEMAS: TSchema[] = [WebhookRequest, Webhook, WebhookCreated, WebhookList, WebhookDelivery, WebhookDeliveryList];
