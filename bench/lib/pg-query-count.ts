// Preload for the real server on PostgreSQL (`postgres-bench.ts --count-queries`, `pg-decision-cost.ts`):
// counts every statement the node sends through `pg`, by prepared-statement name (or the text's first
// words), and the writes to its connections' sockets (each a system call that a pipelined flight
// leaves in; a lone decision waits for the answer of each) with the bytes written and read. Written
// as JSON to PG_QUERY_COUNT_FILE when the process exits and on SIGUSR2 (a snapshot; `snapshot`
// counts them, so a reader can wait for a fresh one).
import { writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import pg from 'pg';

const counts = new Map<string, number>();
const wire = { writes: 0, bytesOut: 0, bytesIn: 0 };
const watched = new WeakSet<object>();
const original = pg.Client.prototype.query;

/** Counts a connection's socket writes (one per `_write`/`_writev`: corked statements leave in one) and bytes. */
function watch(socket: Socket | undefined): void {
  if (!socket || watched.has(socket)) return;
  watched.add(socket);
  const s = socket as unknown as {
    _write(chunk: Buffer, encoding: string, done: () => void): void;
    _writev?(chunks: Array<{ chunk: Buffer }>, done: () => void): void;
  };
  const write = s._write;
  s._write = function (chunk, encoding, done) {
    wire.writes++;
    wire.bytesOut += chunk.length;
    return write.call(this, chunk, encoding, done);
  };
  const writev = s._writev;
  if (writev) {
    s._writev = function (chunks, done) {
      wire.writes++;
      for (const { chunk } of chunks) wire.bytesOut += chunk.length;
      return writev.call(this, chunks, done);
    };
  }
  socket.on('data', (chunk: Buffer) => (wire.bytesIn += chunk.length));
}

pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const named = typeof config === 'object' && config !== null ? (config as { name?: string; text?: string }) : null;
  const label = named?.name ?? (named?.text ?? String(config)).replace(/\s+/g, ' ').slice(0, 40);
  counts.set(label, (counts.get(label) ?? 0) + 1);
  watch((this as unknown as { connection?: { stream?: Socket } }).connection?.stream);
  return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof original;

const file = process.env.PG_QUERY_COUNT_FILE;
let snapshot = 0;
const write = () => {
  if (!file) return;
  const statements = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
  // The statement counts stay at the top level (postgres-bench.ts reads them so); the wire under `_wire`.
  writeFileSync(file, JSON.stringify({ ...statements, _wire: { ...wire, snapshot: ++snapshot } }));
};
process.on('exit', write);
// The bench stops nodes with SIGTERM; the server's own handler exits, which runs `exit` above.
process.on('SIGUSR2', write);
