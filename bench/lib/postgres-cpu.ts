// CPU used by a PostgreSQL cluster's processes (backends, WAL writer, checkpointer), read from /proc:
// a decision on PostgreSQL costs the node's CPU plus the database's, and a bench that counted only
// the node would show PostgreSQL as cheaper than it is.
import pg from 'pg';
import { cpuMs } from './cpu-time.ts';

/** CPU milliseconds used so far by each process of the PostgreSQL cluster at `adminUrl`, by pid. */
export async function postgresCpuMs(adminUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const pids = (await client.query('SELECT pid FROM pg_stat_activity')).rows.map((row) => row.pid as number);
    return new Map(pids.map((pid) => [pid, cpuMs(pid) ?? 0]));
  } finally {
    await client.end();
  }
}

/** CPU used between two readings: processes in both by their difference, new ones in full (ended ones are lost). */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}
