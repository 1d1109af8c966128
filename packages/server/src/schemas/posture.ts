// Request and response schemas of egress rules, the security posture, containment and closure
// (issue 18), named as in the spec (`PostureUpdate` for the posture body).
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
/** A string or array that may also be null, as `type: [t, 'null']` (no anyOf for ajv's coercion to turn `""` into null). */
function Nullable<T extends TSchema>(schema: T) {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
}
function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}
const ToolPattern = Type.String({ minLength: 1, maxLength: 512 });

export const EgressRuleRequest = Type.Object(
  {
    target: Type.String({
      minLength: 1,
      maxLength: 253,
      description: 'a host or IP literal (`api.example.com`), or a suffix (`*.example.com` or `.example.com`: any subdomain)',
    }),
    ports: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 65535 }), { maxItems: 64, description: 'any port when absent or empty' }),
    ),
    schemes: Type.Optional(
      Type.Array(Type.Union([Type.Literal('http'), Type.Literal('https')]), {
        maxItems: 2,
        description: 'http and https when absent or empty',
      }),
    ),
  },
  { $id: 'EgressRuleRequest', additionalProperties: false },
);
export type EgressRuleRequest = Static<typeof EgressRuleRequest>;

export const EgressRule = Type.Object(
  {
    id: Type.String(),
    target: Type.String(),
    ports: Type.Array(Type.Integer()),
    schemes: Type.Array(Type.String()),
    created_at: Time,
    created_by_key_id: Type.String(),
  },
  { $id: 'EgressRule' },
);
export const EgressRuleList = Type.Object({ egress_rules: Type.Array(ref(EgressRule)) }, { $id: 'EgressRuleList' });

export const PostureUpdate = Type.Object(
  {
    allowed_tools: Type.Optional(
      Nullable(
        Type.Array(ToolPattern, { maxItems: 500, description: 'only these tool paths may run; no restriction when null or absent' }),
      ),
    ),
    denied_tools: Type.Optional(Nullable(Type.Array(ToolPattern, { maxItems: 500, description: 'these tool paths never run' }))),
  },
  { $id: 'PostureUpdate', additionalProperties: false },
);
export type PostureUpdate = Static<typeof PostureUpdate>;

const Containment = Type.Object({ since: Time, reason: Type.String(), by_key_id: Type.String() });
const TreeHeadRef = Type.Unsafe({ $ref: 'TreeHead#' });
const Closure = Type.Object({
  since: Time,
  reason: Type.String(),
  final_disposition: Type.String(),
  by_key_id: Type.String(),
  final_tree_head: Type.Union([TreeHeadRef, Type.Null()]),
});

export const Posture = Type.Object(
  {
    tenant: Type.String(),
    allowed_tools: Nullable(Type.Array(Type.String())),
    denied_tools: Nullable(Type.Array(Type.String())),
    updated_at: Nullable(Time),
    egress_rules: Type.Integer({ minimum: 0, description: 'how many egress rules apply (listed at /fabric/egress-rules)' }),
    contained: Type.Boolean(),
    containment: Type.Union([Containment, Type.Null()]),
    closed: Type.Boolean(),
    closure: Type.Union([Closure, Type.Null()]),
  },
  { $id: 'Posture' },
);

export const ContainRequest = Type.Object(
  {
    tenant: Type.String({ minLength: 1, maxLength: 200, description: 'the tenant id of the key (a safeguard against the wrong tenant)' }),
    action: Type.Optional(
      Type.Union([Type.Literal('contain'), Type.Literal('release')], {
        default: 'contain',
        description: '`contain`: hold every agent, stop brokered calls; `release`: lift it',
      }),
    ),
  },
  { $id: 'ContainRequest', additionalProperties: false },
);
export type ContainRequest = Static<typeof ContainRequest>;

export const CloseRequest = Type.Object(
  {
    tenant: Type.String({ minLength: 1, maxLength: 200, description: 'the tenant id of the key' }),
    reason: Type.String({ minLength: 1, maxLength: 2000 }),
    final_disposition: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'what becomes of the tenant\u2019s data, for the record',
    }),
  },
  { $id: 'CloseRequest', additionalProperties: false },
);
export type CloseRequest = Static<typeof CloseRequest>;

export const POSTURE_SCHEMAS: TSchema[] = [
  EgressRuleRequest,
  EgressRule,
  EgressRuleList,
  PostureUpdate,
  Posture,
  ContainRequest,
  CloseRequest,
];
