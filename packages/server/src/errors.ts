// The one registry of errors the API answers with, and the mapper from any thrown error to the
// spec's bodies: `{detail, code}` for simple errors, `{detail: [{loc, msg, type}]}` for validation.
// Anything unknown is logged and answered 500 with a generic message, never a verdict.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const ERRORS = {
  AG_MISSING_KEY: { status: 401, message: 'missing `X-API-Key` header' },
  AG_UNKNOWN_KEY: { status: 401, message: 'unknown or revoked API key' },
  AG_INVALID_TOKEN: { status: 401, message: 'invalid, expired or revoked agent token' },
  AG_FORBIDDEN: { status: 403, message: 'this key may not do that' },
  AG_NOT_FOUND: { status: 404, message: 'not found' },
  AG_CONFLICT: { status: 409, message: 'conflicts with the current state' },
  AG_BODY_TOO_LARGE: { status: 413, message: 'request body too large' },
  AG_UNSUPPORTED_MEDIA: { status: 415, message: 'unsupported content type, send `application/json`' },
  AG_VALIDATION: { status: 422, message: 'request failed validation' },
  AG_THROTTLED: { status: 429, message: 'too many requests' },
  AG_INTERNAL: { status: 500, message: 'internal error; the call was not decided' },
  AG_UNAVAILABLE: { status: 503, message: 'service unavailable; the call was not decided' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** An error the API answers deliberately, with its registered status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
  }
}

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A 422 with the FastAPI `HTTPValidationError` shape. */
export class ValidationFailed extends Error {
  readonly items: ValidationItem[];
  constructor(items: ValidationItem[]) {
    super(items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
    this.items = items;
  }
}

const AJV_TYPES: Record<string, string> = {
  required: 'missing',
  maxLength: 'string_too_long',
  minLength: 'string_too_short',
  pattern: 'string_pattern_mismatch',
  enum: 'enum',
  const: 'literal_error',
  anyOf: 'union_error',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  exclusiveMinimum: 'greater_than',
  exclusiveMaximum: 'less_than',
  maxItems: 'too_long',
  minItems: 'too_short',
  additionalProperties: 'extra_forbidden',
  format: 'value_error',
};

const CONTEXT_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, any>;
}

/** FastAPI-style validation items from ajv errors. */
export function validationItems(errors: AjvError[], context: string): ValidationItem[] {
  return errors.map((error) => {
    const loc: (string | number)[] = [CONTEXT_LOC[context] ?? context];
    for (const part of error.instancePath.split('/').slice(1)) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      loc.push(/^\d+$/.test(key) ? Number(key) : key);
    }
    if (error.keyword === 'required') loc.push(error.params.missingProperty);
    if (error.keyword === 'additionalProperties') loc.push(error.params.additionalProperty);
    const type = error.keyword === 'type' ? `${error.params.type}_type` : (AJV_TYPES[error.keyword] ?? error.keyword);
    const msg = error.keyword === 'required' ? 'field required' : (error.message ?? 'invalid value');
    return { loc, msg, type };
  });
}

/** Fastify error handler: every error leaves through here. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiError) {
    reply.headers(error.headers).code(error.status).send({ detail: error.message, code: error.code });
    return;
  }
  if (error instanceof ValidationFailed) {
    reply.code(422).send({ detail: error.items, code: 'AG_VALIDATION' });
    return;
  }
  const fastifyError = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fastifyError.validation) {
    reply
      .code(422)
      .send({ detail: validationItems(fastifyError.validation, fastifyError.validationContext ?? 'body'), code: 'AG_VALIDATION' });
    return;
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      reply
        .code(422)
        .send({ detail: [{ loc: ['body'], msg: `invalid JSON: ${fastifyError.message}`, type: 'json_invalid' }], code: 'AG_VALIDATION' });
      return;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      reply.code(413).send({ detail: ERRORS.AG_BODY_TOO_LARGE.message, code: 'AG_BODY_TOO_LARGE' });
      return;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      reply.code(415).send({ detail: ERRORS.AG_UNSUPPORTED_MEDIA.message, code: 'AG_UNSUPPORTED_MEDIA' });
      return;
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    reply.code(fastifyError.statusCode).send({ detail: fastifyError.message, code: fastifyError.code ?? 'AG_BAD_REQUEST' });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.code(500).send({ detail: ERRORS.AG_INTERNAL.message, code: 'AG_INTERNAL' });
}
