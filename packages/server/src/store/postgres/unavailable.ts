// A database that cannot be reached (down, restarting, connection lost) is a 503 with a detail, never
// a 500 and never a verdict: the client may retry, and the node recovers without a restart (the pool
// opens new connections once the database is back).
import { ApiError } from '../../errors.ts';
import { isUnavailable } from './unreachable.ts';

/** The error to answer with: a 503 when the database is unreachable, else the error itself. */
export function unavailableOr(error: unknown): unknown {
  return isUnavailable(error)
    ? new ApiError('AG_UNAVAILABLE', 'the database is unreachable; the call was not decided, retry later')
    : error;
}
