// The one registry of errors the API answers with, and the mapper from any thrown error to the
// spec's bodies: `{detail, code}` for simple errors, `{detail: [{loc, msg, type}]}` for validation.
// Anything unknown is logged and answered 500 with a generic message, never a verdict.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { classifyStorageError, StoreUnavailable } from './store/storage-status.ts';
import { isUnavailable } from './store/postgres/unreachable.ts';
import { validationItems, type AjvError, type ValidationItem } from './validation-messages.ts';

export type { ValidationItem };

export const ERRORS = {
  AG_MISSING_KEY: { status: 401, message: 'missing `X-API-Key` header' },
  AG_UNKNOWN_KEY: { status: 401, message: 'unknown or revoked API key' },
  AG_BAD_REQUEST: { status: 400, message: 'bad request' },
  AG_INVALID_TOKEN: { status: 401, message: 'invalid, expired or revoked agent token' },
  AG_FORBIDDEN: { status: 403, message: 'this key may not do that' },
  AG_NOT_FOUND: { status: 404, message: 'not found' },
  AG_METHOD_NOT_ALLOWED: { status: 405, message: 'method not allowed' },
  AG_CONFLICT: { status: 409, message: 'conflicts with the current state' },
  AG_BODY_TOO_LARGE: { status: 413, message: 'request body too large' },
  AG_UNSUPPORTED_MEDIA: { status: 415, message: 'unsupported content type, send `application/json`' },
  AG_VALIDATION: { status: 422, message: 'request failed validation' },
  AG_THROTTLED: { status: 429, message: 'too many requests' },
  AG_INTERNAL: { status: 500, message: 'internal error; the call was not decided' },
  AG_UNAVAILABLE: { status: 503, message: 'service unavailable; the call was not decided' },
  AG_STORAGE_FAULT: { status: 503, message: 'the store cannot write now; nothing was decided or changed' },
  AG_OVERLOADED: { status: 503, message: 'overloaded; the call was not decided, retry after the `Retry-After` seconds' },
  AG_NODE_OUT_OF_SERVICE: {
    status: 503,
    message: 'this node is out of service (a `crash` fault); the call was not decided, send it to another node',
  },
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

/** A 422 with the FastAPI `HTTPValidationError` shape. */
export class ValidationFailed extends Error {
  readonly items: ValidationItem[];
  constructor(items: ValidationItem[]) {
    super(items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
    this.items = items;
  }
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
  const mapped = fastifyErrorAnswer(fastifyError);
  if (mapped) {
    reply.code(mapped.status).send(mapped.body);
    return;
  }
  // A database that cannot be reached, from any statement that did not map it itself: 503, retry later.
  if (isUnavailable(error)) {
    request.log.error({ err: error }, 'database unreachable');
    reply
      .header('retry-after', '5')
      .code(503)
      .send({ detail: 'the database is unreachable; nothing was decided or changed, retry later', code: 'AG_UNAVAILABLE' });
    return;
  }
  // Storage faults (a full disk, replaced files, i/o errors) are the node's trouble, not the caller's:
  // 503 with the reason, and Retry-After when the fault can pass. Never a verdict.
  const storage = error instanceof StoreUnavailable ? error.fault : classifyStorageError(error);
  if (storage) {
    request.log.error({ err: error, storage }, 'storage fault');
    const passing = !(error instanceof StoreUnavailable) || !error.fault.permanent;
    if (passing) reply.header('retry-after', '5');
    const detail = error instanceof StoreUnavailable ? error.message : `the store cannot write: ${storage.detail}`;
    reply.code(503).send({ detail: `${detail}; nothing was decided or changed`, code: 'AG_STORAGE_FAULT' });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.code(500).send({ detail: ERRORS.AG_INTERNAL.message, code: 'AG_INTERNAL' });
}

const validation = (msg: string, type: string) => ({
  status: 422,
  body: { detail: [{ loc: ['body'], msg, type }], code: 'AG_VALIDATION' },
});
const simple = (code: ErrorCode, detail: string = ERRORS[code].message) => ({ status: ERRORS[code].status, body: { detail, code } });

/**
 * Fastify's own client errors (FST_ERR_*) answered with our codes and words; undefined for
 * anything that is not a client error (it is then a 500).
 */
export function fastifyErrorAnswer(error: FastifyError): { status: number; body: object } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validation(
        `invalid JSON: ${error.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'$/, 'body is not valid JSON')}`,
        'json_invalid',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validation('body is empty; send a JSON object', 'json_invalid');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return simple('AG_BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return simple('AG_UNSUPPORTED_MEDIA');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return simple('AG_BAD_REQUEST', 'body length does not match the `content-length` header');
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return simple('AG_UNSUPPORTED_MEDIA', 'missing `content-type` header, send `application/json`');
    case 'FST_ERR_BAD_URL':
      return simple('AG_BAD_REQUEST', 'malformed url');
    case 'FST_ERR_NOT_FOUND':
      return simple('AG_NOT_FOUND');
  }
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500) return undefined;
  const code: ErrorCode =
    status === 404
      ? 'AG_NOT_FOUND'
      : status === 405
        ? 'AG_METHOD_NOT_ALLOWED'
        : status === 413
          ? 'AG_BODY_TOO_LARGE'
          : status === 415
            ? 'AG_UNSUPPORTED_MEDIA'
            : status === 429
              ? 'AG_THROTTLED'
              : 'AG_BAD_REQUEST';
  const words = error.message ? error.message.charAt(0).toLowerCase() + error.message.slice(1) : ERRORS[code].message;
  return { status, body: { detail: words, code } };
}
