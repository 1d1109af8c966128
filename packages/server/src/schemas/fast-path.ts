// Issue 20: fast-path grants, named as in the spec (`FastPathGrantRequest`).
import { Type, type Static, type TSchema } from 'typebox';

// Not imported from schemas.ts, which imports this file (an import cycle would see it uninitialized).
const ToolPath = Type.String({
  minLength: 2,
  maxLength: 512,
  pattern: '^/[^\\s]*$',
  description: 'tool path of the form /tools/<tool_name>',
});

const Time = Type.String({ format: 'date-time' });

export const FastPathGrantRequest = Type.Object(
  {
    tools: Type.Array(
      Type.String({
        minLength: 2,
        maxLength: 512,
        pattern: '^/[^\\s*]*$',
        description: 'a tool path; a trailing `/` covers that subtree; no wildcards',
      }),
      { minItems: 1, maxItems: 64 },
    ),
    service: Type.Optional(
      Type.Union([Type.String({ maxLength: 256 }), Type.Null()], { description: "empty for the customer's own tools" }),
    ),
    ttl_s: Type.Optional(Type.Integer({ minimum: 5, maximum: 900, default: 120, description: 'snapshot lifetime; refresh at half-life' })),
  },
  { $id: 'FastPathGrantRequest', additionalProperties: false },
);
export type FastPathGrantRequest = Static<typeof FastPathGrantRequest>;

export const FastPathSnapshot = Type.Object(
  {
    v: Type.Literal(1),
    grant_id: Type.String(),
    tenant_id: Type.String(),
    agent_id: Type.String(),
    tools: Type.Array(Type.String(), { description: 'paths the agent may call without asking; a trailing `/` covers a subtree' }),
    service: Type.Union([Type.String(), Type.Null()]),
    issued_at: Type.Integer({ description: 'ms since the epoch' }),
    refresh_at: Type.Integer({ description: 'ms since the epoch: half-life, fetch a new snapshot' }),
    expires_at: Type.Integer({ description: 'ms since the epoch: after this the snapshot refuses every call' }),
    kid: Type.String(),
  },
  { $id: 'FastPathSnapshot' },
);

export const FastPathGrant = Type.Object(
  {
    grant_id: Type.String(),
    status: Type.String({
      description: '`active`, or `revoked` (by a halt, a revocation or an explicit revoke): no snapshot, ask the decision chain',
    }),
    agent_id: Type.String(),
    detail: Type.String(),
    tools: Type.Array(
      Type.Object({ tool: Type.String(), granted: Type.Boolean(), reason: Type.String(), rule_id: Type.Optional(Type.String()) }),
    ),
    snapshot: Type.Union([FastPathSnapshot, Type.Null()]),
    snapshot_text: Type.Union([Type.String({ description: 'the canonical JSON of `snapshot`, as signed' }), Type.Null()]),
    signature: Type.Union([
      Type.String({ description: 'Ed25519 over `snapshot_text`, base64url; key `kid` at `GET /fabric/keys/public`' }),
      Type.Null(),
    ]),
    grant_expires_at: Time,
    revoked_at: Type.Union([Time, Type.Null()]),
  },
  { $id: 'FastPathGrant' },
);

export const FastPathCallReport = Type.Object(
  {
    path: ToolPath,
    payload: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'the arguments the tool ran with' })),
    trace_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  {
    $id: 'FastPathCallReport',
    additionalProperties: false,
    description: 'a call made on the fast path, reported afterwards for the record',
  },
);
export type FastPathCallReport = Static<typeof FastPathCallReport>;

export const FAST_PATH_SCHEMAS: TSchema[] = [FastPathGrantRequest, FastPathSnapshot, FastPathGrant, FastPathCallReport];
