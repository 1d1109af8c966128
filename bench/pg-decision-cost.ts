// Issue 15 (PostgreSQL): what one decision costs on PostgreSQL, counted: the statements, the writes
// to the database's sockets (each a flight of pipelined statements; a lone decision waits for the
// answer of each, so they are its round trips) and the bytes each way, and the CPU of the node and of
// PostgreSQL (every process of the cluster, from /proc) per decision; a LONE decision (one call at a
// time) and decisions at 16 in flight. PostgreSQL runs with its durability defaults (fsync,
// synchronous_commit) and pg_stat_statements, which says where PostgreSQL's time goes per statement.
// `--baseline <commit>` (or `--baseline-bundle FILE`) runs an earlier server beside this one on its
// own database of the same cluster; the phases alternate between the servers (one server loaded at a
// time, so the cluster's CPU is that server's), `--rounds` times.
// Run: node --import tsx bench/pg-decision-cost.ts [--baseline main] [--lone 300] [--inflight 2000] [--rounds 2] [--profile-dir DIR]
import { Agent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../packages/server/test/support/postgres-server.ts';
import { seed } from './http/seed.ts';
import { LOW_RISK_PATH } from './http/workload.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { fmt, percentile } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { postgresCpuBetween, postgresCpuMs } from './lib/postgres-cpu.ts';
import { postDecision } from './lib/post-decision.ts';
import { serverBundle, startNode, stop, type Child } from './lib/processes.ts';

const INFLIGHT = 16;
const TEMPLATE = JSON.stringify(payloadOfSize(230)).replace('req-00000000', '__RID__');

interface Server {
  name: string;
  child: Child;
  countFile: string;
  databaseUrl: string;
  agents: Array<{ key: string; agentId: string }>;
}

interface Snapshot {
  statements: Map<string, number>;
  writes: number;
  bytesOut: number;
  bytesIn: number;
}

interface PhaseResult {
  decisions: number;
  verdicts: Record<string, number>;
  p50: number;
  statements: Map<string, number>;
  writes: number;
  bytesOut: number;
  bytesIn: number;
  nodeCpuMs: number;
  postgresCpuMs: number;
  /** Bytes of WAL the cluster wrote during the phase (pg_current_wal_lsn before and after; one server loaded at a time). */
  walBytes: number;
  /** pg_stat_statements of the server's database: statement text → [calls, exec + plan ms]. */
  postgresTime: Map<string, { calls: number; ms: number }>;
}

const agent = new Agent({ keepAlive: true, maxSockets: INFLIGHT });
let sent = 0;

function decide(server: Server, n: number): Promise<{ ms: number; verdict: string }> {
  const { key, agentId } = server.agents[n % server.agents.length];
  const body = `{"path":"${LOW_RISK_PATH}","agent_id":"${agentId}","payload":${TEMPLATE.replace('__RID__', `cost-${process.pid}-${sent++}`)}}`;
  return postDecision(server.child.port, agent, key, body).then(({ status, text, ms }) => ({
    ms,
    verdict: status === 200 ? (/"verdict":"(\w+)"/.exec(text)?.[1] ?? 'none') : `http_${status}`,
  }));
}

/** The node's counts so far (lib/pg-query-count.ts writes them on SIGUSR2; waits for a fresh snapshot). */
async function snapshot(server: Server): Promise<Snapshot> {
  const read = () => {
    try {
      return JSON.parse(readFileSync(server.countFile, 'utf8')) as Record<string, any>;
    } catch {
      return null;
    }
  };
  const last = read()?._wire?.snapshot ?? 0;
  server.child.process.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const now = read();
    if (now && now._wire.snapshot > last) {
      const { _wire, ...statements } = now;
      return {
        statements: new Map(Object.entries(statements as Record<string, number>)),
        writes: _wire.writes,
        bytesOut: _wire.bytesOut,
        bytesIn: _wire.bytesIn,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${server.name}: no statement counts`);
}

async function statementTimes(adminUrl: string, databaseUrl: string): Promise<Map<string, { calls: number; ms: number }>> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const database = new URL(databaseUrl).pathname.slice(1);
    const rows = (
      await client.query(
        `SELECT s.query, s.calls, s.total_exec_time + s.total_plan_time AS ms FROM pg_stat_statements s
         JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
        [database],
      )
    ).rows;
    // Statements whose first 70 characters are the same (decision_reads and decision_reads_many) are summed.
    const times = new Map<string, { calls: number; ms: number }>();
    for (const row of rows) {
      const key = String(row.query).replace(/\s+/g, ' ').slice(0, 70);
      const seen = times.get(key) ?? { calls: 0, ms: 0 };
      times.set(key, { calls: seen.calls + Number(row.calls), ms: seen.ms + Number(row.ms) });
    }
    return times;
  } finally {
    await client.end();
  }
}

/** Where the cluster's WAL ends now (`pg_current_wal_lsn`), as a byte position. */
async function walPosition(adminUrl: string): Promise<number> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    return Number((await client.query(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS at`)).rows[0].at);
  } finally {
    await client.end();
  }
}

async function resetStatementTimes(adminUrl: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

/** `count` decisions, `inflight` at a time, on one server, with everything counted around them. */
async function phase(adminUrl: string, server: Server, count: number, inflight: number): Promise<PhaseResult> {
  const before = await snapshot(server);
  await resetStatementTimes(adminUrl);
  const walBefore = await walPosition(adminUrl);
  const pgBefore = await postgresCpuMs(adminUrl);
  const nodeBefore = cpuMs(server.child.process.pid!) ?? 0;
  const latencies: number[] = [];
  const verdicts: Record<string, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (next < count) {
        const { ms, verdict } = await decide(server, next++);
        latencies.push(ms);
        verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
      }
    }),
  );
  const nodeCpu = (cpuMs(server.child.process.pid!) ?? 0) - nodeBefore;
  const postgresCpu = postgresCpuBetween(pgBefore, await postgresCpuMs(adminUrl));
  const walBytes = (await walPosition(adminUrl)) - walBefore;
  const postgresTime = await statementTimes(adminUrl, server.databaseUrl);
  const after = await snapshot(server);
  const statements = new Map<string, number>();
  for (const [name, n] of after.statements)
    if (n - (before.statements.get(name) ?? 0) > 0) statements.set(name, n - (before.statements.get(name) ?? 0));
  latencies.sort((a, b) => a - b);
  return {
    decisions: count,
    verdicts,
    p50: percentile(latencies, 50),
    statements,
    writes: after.writes - before.writes,
    bytesOut: after.bytesOut - before.bytesOut,
    bytesIn: after.bytesIn - before.bytesIn,
    nodeCpuMs: nodeCpu,
    postgresCpuMs: postgresCpu,
    walBytes,
    postgresTime,
  };
}

/** Adds `b` into `a` (phases of several rounds summed). */
function merge(a: PhaseResult | undefined, b: PhaseResult): PhaseResult {
  if (!a) return b;
  const sum = <V>(x: Map<string, V>, y: Map<string, V>, add: (p: V, q: V) => V) => {
    const out = new Map(x);
    for (const [k, v] of y) out.set(k, out.has(k) ? add(out.get(k)!, v) : v);
    return out;
  };
  const verdicts = { ...a.verdicts };
  for (const [k, v] of Object.entries(b.verdicts)) verdicts[k] = (verdicts[k] ?? 0) + v;
  return {
    decisions: a.decisions + b.decisions,
    verdicts,
    p50: (a.p50 + b.p50) / 2,
    statements: sum(a.statements, b.statements, (p, q) => p + q),
    writes: a.writes + b.writes,
    bytesOut: a.bytesOut + b.bytesOut,
    bytesIn: a.bytesIn + b.bytesIn,
    nodeCpuMs: a.nodeCpuMs + b.nodeCpuMs,
    postgresCpuMs: a.postgresCpuMs + b.postgresCpuMs,
    walBytes: a.walBytes + b.walBytes,
    postgresTime: sum(a.postgresTime, b.postgresTime, (p, q) => ({ calls: p.calls + q.calls, ms: p.ms + q.ms })),
  };
}

function report(name: string, label: string, r: PhaseResult): void {
  const per = (n: number) => n / r.decisions;
  const statements = [...r.statements.values()].reduce((s, n) => s + n, 0);
  console.log(
    `  ${name.padEnd(10)} ${label.padEnd(13)} ${per(statements).toFixed(2)} statements, ${per(r.writes).toFixed(2)} socket writes, ` +
      `${fmt(per(r.bytesOut), 4)} B out / ${fmt(per(r.bytesIn), 4)} B in, ${fmt(per(r.walBytes), 4)} B of WAL per decision; CPU per decision: node ${fmt(per(r.nodeCpuMs) * 1000, 4)} µs + ` +
      `PostgreSQL ${fmt(per(r.postgresCpuMs) * 1000, 4)} µs = ${fmt(per(r.nodeCpuMs + r.postgresCpuMs) * 1000, 4)} µs; p50 ${fmt(r.p50)} ms ${JSON.stringify(r.verdicts)}`,
  );
  const top = [...r.statements].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${per(n).toFixed(2)}`);
  console.log(`      statements: ${top.join(', ')}`);
  const times = [...r.postgresTime].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
  console.log(
    `      PostgreSQL exec+plan µs per decision (pg_stat_statements): ` +
      times.map(([q, t]) => `[${fmt((t.ms * 1000) / r.decisions, 3)}] ${q}`).join(' | '),
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const lone = Number(value('--lone') ?? 300);
  const inflightCount = Number(value('--inflight') ?? 2000);
  const rounds = Number(value('--rounds') ?? 2);
  const baseline = value('--baseline-bundle') ?? (value('--baseline') ? await baselineBundle(value('--baseline')!) : undefined);
  const postgres = await startPostgres({
    durable: true,
    settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'],
  });
  const servers: Server[] = [];
  const dirs: string[] = [];
  const adminKey = `fk_pgcost_${process.pid}_${Date.now()}`;
  try {
    const admin = new pg.Client(postgres.adminUrl);
    await admin.connect();
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await admin.end();
    const profileDir = value('--profile-dir');
    const start = async (name: string, bundle: string, nodeFlags: string[] = []) => {
      const dir = mkdtempSync(join(tmpdir(), 'actiongate-pgcost-'));
      dirs.push(dir);
      const databaseUrl = await postgres.createDatabase();
      const countFile = join(dir, 'pg-queries.json');
      const child = await startNode(bundle, {
        env: {
          ACTIONGATE_DATA_DIR: dir,
          ACTIONGATE_ADMIN_KEY: adminKey,
          ACTIONGATE_LOG_LEVEL: 'warn',
          ACTIONGATE_DATABASE_URL: databaseUrl,
          ACTIONGATE_NODE_ID: name,
          PG_QUERY_COUNT_FILE: countFile,
        },
        imports: ['./bench/lib/pg-query-count.ts'],
        nodeFlags,
        probe: '/healthz',
      });
      const keys = await seed(`http://127.0.0.1:${child.port}`, adminKey, 20);
      servers.push({ name, child, countFile, databaseUrl, agents: keys.normal });
    };
    if (baseline) await start('before', baseline);
    // --profile-dir DIR: a CPU profile of this tree's server (written when it stops).
    await start('now', serverBundle(), profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    console.log(
      `PostgreSQL (fsync=on, synchronous_commit=on) with pg_stat_statements; ${lone} lone decisions and ${inflightCount} at ${INFLIGHT} in flight per server per round, ${rounds} rounds`,
    );
    for (const server of servers) {
      await phase(postgres.adminUrl, server, 100, 1); // warm-up: prepared statements, caches, JIT
      await phase(postgres.adminUrl, server, 400, INFLIGHT);
    }
    const totals = new Map<string, PhaseResult>();
    for (let round = 0; round < rounds; round++) {
      for (const server of servers)
        totals.set(`${server.name} lone`, merge(totals.get(`${server.name} lone`), await phase(postgres.adminUrl, server, lone, 1)));
      for (const server of servers)
        totals.set(
          `${server.name} inflight`,
          merge(totals.get(`${server.name} inflight`), await phase(postgres.adminUrl, server, inflightCount, INFLIGHT)),
        );
    }
    for (const server of servers) {
      report(server.name, 'lone', totals.get(`${server.name} lone`)!);
      report(server.name, `${INFLIGHT} in flight`, totals.get(`${server.name} inflight`)!);
    }
  } finally {
    agent.destroy();
    for (const server of servers) await stop(server.child.process);
    await postgres.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
