// A database that cannot be reached (down, restarting, connection lost) is a 503 with a detail, never
// a 500 and never a verdict: the client may retry, and the node recovers without a restart (the pool
// opens new connections once the database is back).
import { ApiError } from '../../errors.ts';

/** SQLSTATE classes and codes that mean "the database is not there right now". */
const UNAVAILABLE_STATES = ['08', '57P01', '57P02', '57P03', '53300'];
const UNAVAILABLE_SYSCALLS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'];

export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SYSCALLS.includes(code)) return true;
  if (UNAVAILABLE_STATES.some((state) => code === state || (state.length === 2 && code.startsWith(state)))) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|connection (timeout|error)|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    message,
  );
}

/** The error to answer with: a 503 when the database is unreachable, else the error itself. */
export function unavailableOr(error: unknown): unknown {
  return isUnavailable(error)
    ? new ApiError('AG_UNAVAILABLE', 'the database is unreachable; the call was not decided, retry later')
    : error;
}
