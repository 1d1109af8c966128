// Store: bytes on disk per decision (every table and index a decision writes), listing the newest
// 100 decisions and one agent's newest 100 at 1,000,000 stored decisions, and the real server's
// RSS on that database. Phase 1 runs the real server and a short mixed load to produce real rows;
// phase 2 multiplies those rows in SQL (INSERT … SELECT over a recursive CTE, in batches inside
// transactions) up to the target count; phase 3 measures listing in process (the server's
// SqliteStore) and over HTTP, and the server's RSS after start and after a further load.
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteStore } from '../packages/server/src/store/sqlite/sqlite-store.ts';
import type { LoadResult, LoadSpec } from './http/load.ts';
import { seed } from './http/seed.ts';
import type { WorkloadKeys } from './http/workload.ts';
import { fmt, percentile } from './lib/measure.ts';
import { rssMb, runToEnd, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

export interface StoreBenchResult {
  loadDecisions: number;
  bytesPerDecision: number;
  bytesByTable: Record<string, number>;
  target: number;
  stored: number;
  fillSeconds: number;
  fillNote: string;
  listNewest: { p50: number; p99: number };
  listAgent: { p50: number; p99: number };
  httpListNewest: { p50: number; p99: number; bytes: number };
  httpListAgent: { p50: number; p99: number; bytes: number };
  startSeconds: number;
  rssAfterStartMb: number;
  /** After 4 s without traffic (the journal's timer has run). */
  rssIdleMb: number;
  /** Bytes of one HTTP answer listing 100 decisions. */
  listBytes: number;
  rssAfterLoadMb: number;
  loadAfterFill: LoadResult;
}

const DB_FILE = 'actiongate.db';

function dbBytes(dir: string): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    const file = join(dir, DB_FILE + suffix);
    if (existsSync(file)) total += statSync(file).size;
  }
  return total;
}

/** Bytes per table and index from SQLite's dbstat (when compiled in), for the breakdown. */
function bytesByTable(dir: string): Record<string, number> {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    const rows = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as Array<{
      name: string;
      bytes: number;
    }>;
    return Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
  } catch {
    return {};
  } finally {
    db.close();
  }
}

async function startServer(dataDir: string, adminKey: string, sqlTimingOut?: string, cpuProfDir?: string): Promise<Child> {
  return startNode(serverBundle(), {
    env: {
      ACTIONGATE_DATA_DIR: dataDir,
      ACTIONGATE_ADMIN_KEY: adminKey,
      ACTIONGATE_LOG_LEVEL: 'warn',
      ...(sqlTimingOut ? { SQL_TIMING_OUT: sqlTimingOut } : {}),
    },
    imports: sqlTimingOut ? ['./bench/lib/sql-timing.ts'] : [],
    nodeFlags: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [],
    probe: '/healthz',
  });
}

async function load(child: Child, keys: WorkloadKeys, runTag: string, durationSeconds: number): Promise<LoadResult> {
  const spec: LoadSpec = {
    url: `http://127.0.0.1:${child.port}`,
    path: '/fabric/decisions',
    keys,
    runTag,
    connections: 50,
    durationSeconds,
  };
  return JSON.parse((await runToEnd('bench/http/load.ts', [JSON.stringify(spec)])).trim().split('\n').pop()!);
}

interface Fill {
  table: string;
  /** Rows of this table per decision, from the real load. */
  ratio: number;
  /** Column → SQL expression over `n` (row number) and `t.<column>` (template row). */
  overrides: Record<string, string>;
}

/**
 * Multiplies the real rows of each table (templates) up to `target` decisions, in batches of
 * `batch` decisions per transaction. Returns the number of decisions stored when it stopped:
 * it stops early, at a multiple of the batch, when `deadlineMs` would be overrun.
 */
function fillTo(dir: string, target: number, batch: number, deadlineMs: number, log: (line: string) => void): number {
  const db = new Database(join(dir, DB_FILE));
  db.pragma('journal_mode = WAL');
  // Bulk preparation of data, not a measured write: no fsync per batch.
  db.pragma('synchronous = OFF');
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const decisions0 = count('decisions');
  // Filled journal entries and events follow the real ones (one tenant): the journal's tree covers them all.
  const maxSeq = (table: string) => (db.prepare(`SELECT COALESCE(MAX(seq), 0) AS n FROM ${table}`).get() as { n: number }).n;
  const journalBase = maxSeq('journal');
  const eventsBase = maxSeq('events');
  const fills: Fill[] = [
    {
      table: 'decisions',
      ratio: 1,
      overrides: {
        seq: 'NULL',
        id: `'fd_fill' || printf('%010d', n)`,
        agent_id: `CASE WHEN t.agent_id LIKE 'new-%' THEN 'new-fill-' || n ELSE t.agent_id END`,
        created_at: 't.created_at - 1000000000 + n',
      },
    },
    {
      table: 'approvals',
      ratio: count('approvals') / decisions0,
      overrides: {
        id: `'apr_fill' || printf('%010d', n)`,
        agent_id: `'new-fill-' || n`,
        decision_id: `'fd_fill' || printf('%010d', n)`,
        status: `'expired'`,
        created_at: 't.created_at - 1000000000 + n',
        expires_at: 't.created_at - 1000000000 + n + 3600000',
      },
    },
    {
      table: 'journal',
      ratio: count('journal') / decisions0,
      overrides: {
        seq: `${journalBase} + 1 + n`,
        ref_id: `'fd_fill' || printf('%010d', n)`,
        content_hash: 'randomblob(32)',
        entry_hash: 'randomblob(32)',
      },
    },
    { table: 'events', ratio: count('events') / decisions0, overrides: { seq: `${eventsBase} + 1 + n` } },
  ];
  for (const fill of fills) {
    db.exec(`DROP TABLE IF EXISTS temp.tmpl_${fill.table}`);
    db.exec(`CREATE TEMP TABLE tmpl_${fill.table} AS SELECT (row_number() OVER ()) - 1 AS k, * FROM main.${fill.table}`);
  }
  const statements = fills
    .filter((fill) => fill.ratio > 0)
    .map((fill) => {
      const columns = (db.prepare(`PRAGMA table_info(${fill.table})`).all() as Array<{ name: string }>).map((c) => c.name);
      const k = (db.prepare(`SELECT COUNT(*) AS n FROM tmpl_${fill.table}`).get() as { n: number }).n;
      const exprs = columns.map((c) => fill.overrides[c] ?? `t.${c}`);
      const sql = `WITH RECURSIVE cte(n) AS (SELECT @from UNION ALL SELECT n + 1 FROM cte WHERE n + 1 < @to)
        INSERT INTO ${fill.table} (${columns.join(', ')}) SELECT ${exprs.join(', ')} FROM cte JOIN tmpl_${fill.table} AS t ON t.k = cte.n % ${k}`;
      return { fill, statement: db.prepare(sql) };
    });
  const start = performance.now();
  let stored = decisions0;
  let next = 0;
  while (stored < target) {
    const size = Math.min(batch, target - stored);
    db.transaction(() => {
      for (const { fill, statement } of statements) {
        statement.run({ from: Math.round(next * fill.ratio), to: Math.round((next + size) * fill.ratio) });
      }
    })();
    next += size;
    stored += size;
    const elapsed = performance.now() - start;
    const projected = (elapsed / (stored - decisions0)) * (target - stored);
    if (stored < target && elapsed + projected > deadlineMs) {
      log(
        `  fill: ${stored.toLocaleString('en-US')} decisions after ${fmt(elapsed / 1000)} s; ${target.toLocaleString('en-US')} would take ~${fmt((elapsed + projected) / 1000)} s, stopping here`,
      );
      break;
    }
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  // The fill skipped fsync; flush it now so the measurements that follow do not pay for its write-back.
  const fd = openSync(join(dir, DB_FILE), 'r+');
  fsyncSync(fd);
  closeSync(fd);
  return stored;
}

async function timeHttp(
  child: Child,
  adminKey: string,
  query: string,
  times: number,
): Promise<{ p50: number; p99: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const response = await fetch(`http://127.0.0.1:${child.port}/fabric/decisions?${query}`, { headers: { 'x-api-key': adminKey } });
    const text = await response.text();
    samples.push(performance.now() - t0);
    bytes = Buffer.byteLength(text);
    const body = JSON.parse(text) as { decisions?: unknown[] };
    if (response.status !== 200 || body.decisions?.length !== 100)
      throw new Error(`listing \`${query}\` answered ${response.status} with ${body.decisions?.length} decisions`);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), bytes };
}

export async function runStoreBench(
  options: { target?: number; fillBudgetSeconds?: number; sqlTimingOut?: string; cpuProfDir?: string; log?: (line: string) => void } = {},
): Promise<StoreBenchResult> {
  const log = options.log ?? console.log;
  const target = options.target ?? 1_000_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-store-bench-'));
  const adminKey = `fk_bench_${process.pid}_${Date.now()}`;
  serverBundle(); // built before any start is timed
  try {
    // Phase 1: real rows from the real server.
    const fresh0 = performance.now();
    let server = await startServer(dataDir, adminKey);
    const freshStartSeconds = (performance.now() - fresh0) / 1000;
    const rssFreshMb = rssMb(server.process.pid!);
    log(`  fresh server: ready in ${fmt(freshStartSeconds)} s, RSS ${fmt(rssFreshMb)} MB`);
    const keys = await seed(`http://127.0.0.1:${server.port}`, adminKey, 20);
    await stop(server.process);
    const count = (dir: string) => {
      const db = new Database(join(dir, DB_FILE), { readonly: true });
      const n = (db.prepare('SELECT COUNT(*) AS n FROM decisions').get() as { n: number }).n;
      db.close();
      return n;
    };
    const before = { bytes: dbBytes(dataDir), decisions: count(dataDir) };
    server = await startServer(dataDir, adminKey);
    await load(server, keys, 'store', 4);
    await stop(server.process);
    const after = { bytes: dbBytes(dataDir), decisions: count(dataDir) };
    const loadDecisions = after.decisions - before.decisions;
    const bytesPerDecision = (after.bytes - before.bytes) / loadDecisions;
    const tables = bytesByTable(dataDir);
    const perTable = Object.fromEntries(Object.entries(tables).map(([name, bytes]) => [name, bytes / after.decisions]));
    log(
      `  ${loadDecisions.toLocaleString('en-US')} decisions through HTTP: ${fmt(bytesPerDecision)} bytes on disk per decision (file after checkpoint, indexes included)`,
    );
    log(
      `  per decision, by table and index: ${Object.entries(perTable)
        .slice(0, 8)
        .map(([name, bytes]) => `${name} ${fmt(bytes)}`)
        .join(', ')}`,
    );

    // Phase 2: up to the target count.
    const fillStart = performance.now();
    const stored = fillTo(dataDir, target, 100_000, (options.fillBudgetSeconds ?? 240) * 1000, log);
    const fillSeconds = (performance.now() - fillStart) / 1000;
    const fillNote =
      stored >= target ? `filled to ${stored.toLocaleString('en-US')}` : `stopped at ${stored.toLocaleString('en-US')} (time bound)`;
    log(`  fill: ${stored.toLocaleString('en-US')} decisions stored, ${fmt(fillSeconds)} s, db ${fmt(dbBytes(dataDir) / 1e9)} GB`);

    // Phase 3a: listing in process, through the server's own store class.
    const store = new SqliteStore({ dataDir });
    const tenantId = (store.db.prepare('SELECT tenant_id FROM decisions ORDER BY seq DESC LIMIT 1').get() as { tenant_id: string })
      .tenant_id;
    const timeList = async (agentId?: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 220; i++) {
        const t0 = performance.now();
        const rows = await store.listDecisions(tenantId, { limit: 100, agentId });
        if (i >= 20) samples.push(performance.now() - t0);
        if (rows.length !== 100) throw new Error(`listing returned ${rows.length} rows`);
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
    };
    const listNewest = await timeList();
    const listAgent = await timeList(keys.normal[3].agentId);
    await store.close();
    log(
      `  in process (SqliteStore.listDecisions): newest 100 p50 ${fmt(listNewest.p50)} ms p99 ${fmt(listNewest.p99)} ms; one agent's newest 100 p50 ${fmt(listAgent.p50)} ms p99 ${fmt(listAgent.p99)} ms`,
    );

    // Phase 3b: the real server on that database.
    const t0 = performance.now();
    server = await startServer(dataDir, adminKey, options.sqlTimingOut, options.cpuProfDir);
    const startSeconds = (performance.now() - t0) / 1000;
    const rssAfterStartMb = rssMb(server.process.pid!);
    // The journal's tree-head timer runs once a second: give it a few ticks with no traffic.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const rssIdleMb = rssMb(server.process.pid!);
    const httpListNewest = await timeHttp(server, adminKey, 'limit=100', 100);
    const httpListAgent = await timeHttp(server, adminKey, `limit=100&agent_id=${keys.normal[3].agentId}`, 100);
    const listBytes = httpListNewest.bytes;
    log(
      `  over HTTP (${fmt(listBytes / 1024)} KB per answer): newest 100 p50 ${fmt(httpListNewest.p50)} ms p99 ${fmt(httpListNewest.p99)} ms; one agent's newest 100 p50 ${fmt(httpListAgent.p50)} ms p99 ${fmt(httpListAgent.p99)} ms`,
    );
    const loadAfterFill = await load(server, keys, 'after-fill', 5);
    const rssAfterLoadMb = rssMb(server.process.pid!);
    await stop(server.process);
    log(
      `  server on ${stored.toLocaleString('en-US')} decisions: ready in ${fmt(startSeconds)} s, RSS ${fmt(rssAfterStartMb)} MB after start, ${fmt(rssIdleMb)} MB after 4 s idle, ${fmt(rssAfterLoadMb)} MB after listing and 5 s of mixed load (${fmt(loadAfterFill.rps)} req/s, p99 ${fmt(loadAfterFill.p99)} ms)`,
    );
    return {
      loadDecisions,
      bytesPerDecision,
      bytesByTable: perTable,
      target,
      stored,
      fillSeconds,
      fillNote,
      listNewest,
      listAgent,
      httpListNewest,
      httpListAgent,
      startSeconds,
      rssAfterStartMb,
      rssIdleMb,
      listBytes,
      rssAfterLoadMb,
      loadAfterFill,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = Number(process.argv[2] ?? 1_000_000);
  console.log(`store, ${target.toLocaleString('en-US')} decisions`);
  const argOf = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  await runStoreBench({ target, sqlTimingOut: argOf('--sql-timing'), cpuProfDir: argOf('--cpu-prof-dir') });
}
