// Issue 15: what the store does per decision, counted: the SQL statements executed (better-sqlite3
// run/get/all/iterate calls, BEGIN and COMMIT included), the CPU time spent inside them, and the WAL
// frames (4 KB pages) appended, with the B-tree each frame belongs to (SHOW_PAGES=1) and the
// statements (SHOW_SQL=1). The real app in this process (temp data dir, default SQLite store), seeded
// through its HTTP API like decision-cpu-bench.ts, then `DecisionService.decide()` with N in flight.
// Checkpoints are held off during the measured rounds so the WAL's growth counts every frame.
// ACTIONGATE_ROOT=/path/to/other/checkout measures that checkout's server code (before/after in one run).
//   node --import tsx bench/store-writes-bench.ts [inflight=1] [decisions per round=300] [rounds=3]
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startInProcessDecisions } from './lib/in-process-decisions.ts';

const [inflight, count, rounds] = [1, 300, 3].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const root = process.env.ACTIONGATE_ROOT ?? 'this checkout';
// Count and time every statement a group commit runs through better-sqlite3 (the prototype all prepared
// statements share), hooked before the store prepares any: the store's write guard (write-guard.ts)
// wraps each writing statement's methods with the prototype's function as it was at `prepare`, so a
// hook put on later saw only reads (the eighteenth session found 0.97 statements per decision counted).
const BetterSqlite3 = createRequire(join(process.env.ACTIONGATE_ROOT ?? process.cwd(), 'packages/server/package.json'))('better-sqlite3');
const probeDb = new BetterSqlite3(':memory:');
const statementProto = Object.getPrototypeOf(probeDb.prepare('SELECT 1'));
probeDb.close();
let statements = 0;
let sqlNs = 0n;
// Only what group commits run counts as the decisions' (not the storage probe's fsynced write, nor the journal's signer).
let inFlush = false;
let commits = 0;
const sqlCounts = new Map<string, number>();
const sqlTimes = new Map<string, bigint>();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = statementProto[method];
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    if (!inFlush) return original.apply(this, args);
    statements++;
    sqlCounts.set(this.source, (sqlCounts.get(this.source) ?? 0) + 1);
    // CPU time (getrusage), not wall time: on a shared machine a statement is often preempted. It is the
    // process's, so other threads' time comes in too, folded in at their scheduler ticks (eighteenth
    // session: 200-490 µs charged to an UPDATE that costs 5-7 µs in a loop while V8's
    // compiler ran): read the per-statement times on a quiet, warm server only; the counts hold.
    const began = process.cpuUsage();
    try {
      return original.apply(this, args);
    } finally {
      const used = process.cpuUsage(began);
      const took = BigInt(used.user + used.system) * 1000n;
      sqlNs += took;
      sqlTimes.set(this.source, (sqlTimes.get(this.source) ?? 0n) + took);
    }
  };
}
const started = await startInProcessDecisions('writes', process.env.ACTIONGATE_ROOT);
const { dataDir, round, close, walSyncObservers } = started;
const store: any = started.store;
let syncs = 0;
walSyncObservers.add(() => syncs++);
const db = store.db;
if (Object.getPrototypeOf(db.prepare('SELECT 1')) !== statementProto)
  throw new Error('the store loaded another better-sqlite3 than the one hooked');
const flush = (store as any).flush;
(store as any).flush = function (this: unknown, ...args: unknown[]) {
  inFlush = true;
  commits++;
  try {
    return flush.apply(this, args);
  } finally {
    inFlush = false;
  }
};
const walFile = join(dataDir, 'actiongate.db-wal');
try {
  await round(200, inflight);
  // Keep every checkpoint off, so the WAL's size counts every frame written.
  (store as any).decisionsPerCheckpoint = Number.POSITIVE_INFINITY;
  const pragmas = (store as any).pragmas;
  pragmas.otherCommits = () => db.pragma('synchronous = FULL');
  db.pragma('wal_autocheckpoint = 0');
  const results: Array<{ pages: number; statements: number; sqlUs: number; commits: number; syncs: number }> = [];
  let before = 0;
  for (let r = 0; r < rounds; r++) {
    db.pragma('wal_checkpoint(TRUNCATE)');
    statements = 0;
    syncs = 0;
    commits = 0;
    sqlNs = 0n;
    sqlCounts.clear();
    sqlTimes.clear();
    before = statSync(walFile).size;
    await round(count, inflight);
    const frames = (statSync(walFile).size - Math.max(before, 32)) / (4096 + 24);
    results.push({
      pages: frames / count,
      statements: statements / count,
      sqlUs: Number(sqlNs) / 1000 / count,
      commits: commits / count,
      syncs: syncs / count,
    });
  }
  const best = (key: 'pages' | 'statements' | 'sqlUs' | 'commits' | 'syncs') => Math.min(...results.map((result) => result[key]));
  console.log(
    `${root}: ${count} decisions x ${rounds}, ${inflight} in flight: ${best('pages').toFixed(2)} WAL pages, ${best('statements').toFixed(2)} SQL statements, ` +
      `${best('commits').toFixed(3)} group commits and ${best('syncs').toFixed(3)} WAL fdatasyncs, ` +
      `${results.map((result) => result.sqlUs.toFixed(1)).join(' / ')} µs CPU inside them per decision (best ${best('sqlUs').toFixed(1)})`,
  );
  if (process.env.SHOW_PAGES) {
    // Which B-tree each frame of the last round belongs to (dbstat).
    const wal = readFileSync(walFile);
    const owner = new Map<number, string>();
    for (const row of db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[])
      owner.set(row.pageno, row.name);
    const byTree = new Map<string, number>();
    for (let offset = Math.max(before, 32); offset + 24 <= wal.length; offset += 4096 + 24) {
      const page = wal.readUInt32BE(offset);
      const name = page === 1 ? 'page 1 (header)' : (owner.get(page) ?? 'free or new page');
      byTree.set(name, (byTree.get(name) ?? 0) + 1);
    }
    for (const [name, frames] of [...byTree].sort((a, b) => b[1] - a[1])) console.log(`${(frames / count).toFixed(2)} pages  ${name}`);
  }
  if (process.env.SHOW_SQL)
    for (const [sql, times] of [...sqlCounts].sort((a, b) => b[1] - a[1]))
      console.log(
        `${(times / count).toFixed(2)} × ${(Number(sqlTimes.get(sql) ?? 0n) / 1000 / count).toFixed(1)} µs  ${sql.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
} finally {
  await close();
}
