// A pooled connection checked out for a transaction. While a connection is out, the pool no longer
// listens for its errors (pg-pool removes its listener on checkout), so a connection that dies between
// two statements (PostgreSQL shutting down, a reset socket) would emit an 'error' nobody hears and
// take the process down. The listener here records the error instead; the statements in flight fail
// on their own, and the connection is destroyed on release rather than handed out again.
import type pg from 'pg';

export interface CheckedOut {
  client: pg.PoolClient;
  /** Returns the connection to the pool, or destroys it when it failed (`error`, or one heard while out). */
  release(error?: Error): void;
}

export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let failed: Error | undefined;
  const onError = (error: Error) => {
    failed = error;
  };
  client.on('error', onError);
  return {
    client,
    release(error) {
      client.removeListener('error', onError);
      client.release(error ?? failed);
    },
  };
}
