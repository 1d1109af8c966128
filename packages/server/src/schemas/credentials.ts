// Request and response schemas of the vault and of brokered calls (issue 18), named as in the spec.
import { Type, type Static, type TSchema } from 'typebox';

const Time = Type.String({ format: 'date-time' });
/** A string or array that may also be null, as `type: [t, 'null']` (no anyOf for ajv's coercion to turn `""` into null). */
function Nullable<T extends TSchema>(schema: T) {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
}
/** A reference to a schema registered by name (as `ref` of schemas.ts). */
function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const Method = Type.Union(
  HTTP_METHODS.map((method) => Type.Literal(method)),
  { description: 'HTTP method, upper case' },
);
const CredentialName = Type.String({
  minLength: 1,
  maxLength: 63,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'letters, digits, `.`, `_`, `-`; starts with a letter or digit',
});
const HeaderName = Type.String({ minLength: 1, maxLength: 64, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" });

export const CredentialRequest = Type.Object(
  {
    name: CredentialName,
    kind: Type.Optional(
      Type.Union([Type.Literal('bearer'), Type.Literal('header'), Type.Literal('basic'), Type.Literal('query')], {
        default: 'bearer',
        description:
          '`bearer`: `Authorization: Bearer <secret>`; `header`: the header `header_name`; `basic`: the secret is `user:password`; `query`: the URL parameter `header_name` (default `api_key`)',
      }),
    ),
    secret: Type.String({ minLength: 1, maxLength: 8192, description: 'sealed at rest (AES-256-GCM); never shown again' }),
    allowed_hosts: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
      minItems: 1,
      maxItems: 20,
      description:
        'hosts the secret may be sent to: exact names or IP literals, or `*.example.com` for subdomains; only an exact entry may resolve to a private, loopback or link-local address',
    }),
    allowed_methods: Type.Optional(Type.Array(Method, { maxItems: HTTP_METHODS.length, description: 'any method when absent or empty' })),
    header_name: Type.Optional(
      Nullable({ ...HeaderName, description: 'the header (`header`) or URL parameter (`query`) that carries the secret' }),
    ),
    description: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { $id: 'CredentialRequest', additionalProperties: false },
);
export type CredentialRequest = Static<typeof CredentialRequest>;

export const Credential = Type.Object(
  {
    name: Type.String(),
    kind: Type.String(),
    version: Type.Integer({ minimum: 1, description: '1 when created; each rotation (the name posted again) adds one' }),
    allowed_hosts: Type.Array(Type.String()),
    allowed_methods: Nullable(Type.Array(Type.String())),
    header_name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    created_at: Time,
    updated_at: Time,
    last_used_at: Nullable(Time),
  },
  { $id: 'Credential', description: 'a credential of the vault; the secret is never returned' },
);

export const CredentialList = Type.Object({ credentials: Type.Array(ref(Credential)) }, { $id: 'CredentialList' });

export const CredentialParams = Type.Object({ name: CredentialName });

export const CallRequest = Type.Object(
  {
    credential: Type.String({ minLength: 1, maxLength: 63, description: 'name of the vault credential to inject' }),
    method: Type.Optional({ ...Method, default: 'GET' }),
    url: Type.String({ minLength: 8, maxLength: 4000, description: 'absolute http or https URL' }),
    headers: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 8192 }), {
        maxProperties: 50,
        description: 'extra request headers (never the credential\u2019s own header, `host` or framing headers)',
      }),
    ),
    json: Type.Optional(Type.Unknown({ description: 'a JSON body (sent as application/json); not with `body`' })),
    body: Type.Optional(Nullable(Type.String({ maxLength: 1_000_000, description: 'a text body; not with `json`' }))),
    agent_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { $id: 'CallRequest', additionalProperties: false },
);
export type CallRequest = Static<typeof CallRequest>;

export const UpstreamResponse = Type.Object(
  {
    status: Type.Integer(),
    headers: Type.Record(Type.String(), Type.String(), { description: 'response headers, lower case, without `set-cookie`' }),
    body: Type.String(),
    body_encoding: Type.Union([Type.Literal('utf8'), Type.Literal('base64')]),
    bytes: Type.Integer({ minimum: 0 }),
    redirects: Type.Integer({ minimum: 0, description: 'same-origin redirects followed' }),
  },
  { $id: 'UpstreamResponse' },
);

export const CallResult = Type.Object(
  {
    sent: Type.Boolean({ description: 'whether a request left ActionGate for the upstream' }),
    detail: Type.String({ description: 'what happened, in words' }),
    error: Nullable(Type.String({ description: 'why there is no upstream answer, when there is none after an ALLOWED verdict' })),
    decision: Type.Unsafe({ $ref: 'DecisionRecord#' }),
    upstream: Type.Union([ref(UpstreamResponse), Type.Null()]),
  },
  { $id: 'CallResult' },
);

export const CREDENTIAL_SCHEMAS: TSchema[] = [CredentialRequest, Credential, CredentialList, CallRequest, UpstreamResponse, CallResult];
