// Whether an error of `pg` means the database is not there right now (down, restarting, connection
// lost), as opposed to a fault of the statement. Shared by the stores and the API's error handler.

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
