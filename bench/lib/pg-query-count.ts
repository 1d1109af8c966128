// Preload for the real server on PostgreSQL (`postgres-bench.ts --count-queries`): counts every
// statement the node sends through `pg`, by prepared-statement name (or the text's first words),
// and writes the counts as JSON to PG_QUERY_COUNT_FILE when the process exits.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const counts = new Map<string, number>();
const original = pg.Client.prototype.query;

pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const named = typeof config === 'object' && config !== null ? (config as { name?: string; text?: string }) : null;
  const label = named?.name ?? (named?.text ?? String(config)).replace(/\s+/g, ' ').slice(0, 40);
  counts.set(label, (counts.get(label) ?? 0) + 1);
  return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof original;

const file = process.env.PG_QUERY_COUNT_FILE;
const write = () => {
  if (file) writeFileSync(file, JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))));
};
process.on('exit', write);
// The bench stops nodes with SIGTERM; the server's own handler exits, which runs `exit` above.
process.on('SIGUSR2', write);
