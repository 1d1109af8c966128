// Issue 15: the latency and CPU cost of one decision on the real server (the bundle `npm start` runs,
// default SQLite store, answers after their commit is on disk), each target printed with pass or fail:
//   - sequential decisions (one agent, distinct ~300 B low-risk calls): p50 within 2 × the same
//     client's GET /healthz p50 plus one fdatasync of this disk, p99 <= 5 ms;
//   - steady 100, 200 and 1,000 req/s (open loop, evenly spaced): p50 <= 2 ms, p99 <= 6 ms at each;
//   - server CPU per decision at 16 in flight (all threads, /proc) <= 200 µs, so >= 5,000
//     decisions/s on one core.
// With `--baseline <commit>` the server of that commit runs beside this tree's, every measurement
// paired in time (calls alternating between the servers, rates in turns of one second, the in-flight
// loads at once), so "before" and "after" come from one run on one machine.
// `--postgres`: also a server on PostgreSQL with PostgreSQL's durability defaults (fsync and
// synchronous commit on: an answer leaves after its commit is on disk, as on SQLite), measured
// against the same targets; its CPU per decision counts the node and the PostgreSQL processes.
// `--quick`: 4 s per rate.
// `--log-level warn`: servers below `npm start`'s default level (`info`, one access line per request).
// `--sequential-warmup N`: calls per server before the sequential phase measures (default 200, right
// after the servers start, so V8 is still compiling the decision path; a server up for minutes is warmer).
import { spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from './http/seed.ts';
import type { LatencyResult, LatencySpec, LatencyTarget } from './http/latency-client.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { postgresCpuBetween, postgresCpuMs } from './lib/postgres-cpu.ts';
import { fmt, percentile } from './lib/measure.ts';
import { ROOT, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

export const RATES = [100, 200, 1_000] as const;
const POSTGRES_TARGET = 'now, PostgreSQL (durable)';
export const INFLIGHT = 16;

export interface LatencyTargetResult {
  target: string;
  sequential: LatencyResult;
  rates: Array<{ rate: number; result: LatencyResult }>;
  inflight: LatencyResult & { cpuUsPerDecision: number };
}

export interface LatencyBenchResult {
  fdatasync: { p50: number; p99: number };
  targets: LatencyTargetResult[];
  loadAverage: [number, number];
}

export interface LatencyRow {
  measure: string;
  result: string;
  target: string;
  pass: boolean | null;
}

/** p50 / p99 (ms) of an fdatasync after appending one 4 KB page, as the WAL sync does. */
export function fdatasyncProbe(count = 200): { p50: number; p99: number } {
  const dir = mkdtempSync(join(tmpdir(), 'actiongate-fdatasync-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  try {
    const page = Buffer.alloc(4096, 7);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      writeSync(fd, page);
      const t0 = performance.now();
      fdatasyncSync(fd);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the client; `onMeasuring` fires when an inflight run starts its measured part. */
export function client(spec: LatencySpec, onMeasuring?: () => void): Promise<LatencyResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http/latency-client.ts', JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (onMeasuring && out.includes('measuring\n')) {
        onMeasuring();
        onMeasuring = undefined;
      }
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!))
        : reject(new Error(`latency client exited with ${code}: ${err.slice(-2000)}`)),
    );
  });
}

export interface LatencyBenchOptions {
  baseline?: string;
  /**
   * The servers' log level. Default: none set, so the level `npm start` runs at (`info`: one access
   * line per request, written synchronously to stdout, which this bench reads and drops).
   */
  logLevel?: string;
  postgres?: boolean;
  quick?: boolean;
  /** Sequential calls per server before the sequential phase measures (default 200). */
  sequentialWarmup?: number;
  /** Directory for `--cpu-prof` profiles of this tree's server (written when it stops; the profiler's cost skews a comparison). */
  cpuProfDir?: string;
  log?: (line: string) => void;
}

export async function runLatencyBench(options: LatencyBenchOptions = {}): Promise<LatencyBenchResult> {
  const log = options.log ?? console.log;
  const rateSeconds = options.quick ? 4 : 8;
  const adminKey = `fk_latency_${process.pid}_${Date.now()}`;
  const dataDirs: string[] = [];
  const servers: Array<{ target: string; child: Child; agents: LatencyTarget['agents'] }> = [];
  let postgres: { adminUrl: string; stop(): Promise<void>; createDatabase(): Promise<string> } | null = null;
  const loadAtStart = loadavg()[0];
  try {
    const start = async (target: string, bundle: string, env: Record<string, string> = {}, nodeFlags: string[] = []) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-latency-'));
      dataDirs.push(dataDir);
      const child = await startNode(bundle, {
        env: {
          ACTIONGATE_DATA_DIR: dataDir,
          ACTIONGATE_ADMIN_KEY: adminKey,
          ...(options.logLevel ? { ACTIONGATE_LOG_LEVEL: options.logLevel } : {}),
          ...env,
        },
        nodeFlags,
        probe: '/healthz',
      });
      const keys = await seed(`http://127.0.0.1:${child.port}`, adminKey, 20);
      servers.push({ target, child, agents: keys.normal });
    };
    if (options.baseline) await start(`before (${options.baseline})`, await baselineBundle(options.baseline));
    const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
    await start('now, SQLite', serverBundle(), {}, profile);
    if (options.postgres) {
      const { startPostgres } = await import('../packages/server/test/support/postgres-server.ts');
      postgres = await startPostgres({ durable: true });
      await start(POSTGRES_TARGET, serverBundle(), { ACTIONGATE_DATABASE_URL: await postgres.createDatabase() });
    }
    log(`  ${servers.length} server(s) started and seeded (20 normal agents each), log level ${options.logLevel ?? 'info (the default)'}`);

    const fdatasync = fdatasyncProbe();
    log(`  fdatasync of a 4 KB append on this disk: p50 ${fmt(fdatasync.p50)} ms, p99 ${fmt(fdatasync.p99)} ms`);
    const results = new Map<string, LatencyTargetResult>(
      servers.map(({ target }) => [target, { target, sequential: null!, rates: [], inflight: null! }]),
    );
    let run = 0;
    // Every phase measures all servers paired in time (latency-client.ts), so a swing of the shared
    // machine's load falls on each of them alike.
    const base = () => ({ targets: servers.map(({ child, agents }) => ({ port: child.port, agents })), runTag: `l${run++}` });
    const sequential = await client({
      ...base(),
      mode: 'sequential',
      count: options.quick ? 500 : 1_000,
      warmup: options.sequentialWarmup ?? 200,
    });
    for (const [i, server] of servers.entries()) {
      const result = sequential[i];
      results.get(server.target)!.sequential = result;
      log(
        `  ${server.target}: sequential p50 ${fmt(result.p50)} / p99 ${fmt(result.p99)} ms; /healthz p50 ${fmt(result.healthP50!)} / p99 ${fmt(result.healthP99!)} ms ${JSON.stringify(result.verdicts)}`,
      );
    }
    for (const rate of RATES) {
      const atRate = await client({ ...base(), mode: 'rate', rate, warmupSeconds: 2, seconds: rateSeconds });
      for (const [i, server] of servers.entries()) {
        const result = atRate[i];
        results.get(server.target)!.rates.push({ rate, result });
        log(
          `  ${server.target}: ${rate} req/s offered, ${fmt(result.rps)} sent/s: p50 ${fmt(result.p50)} / p99 ${fmt(result.p99)} / max ${fmt(result.max)} ms (sender lag p99 ${fmt(result.senderLagP99!)} ms) ${JSON.stringify(result.verdicts)}`,
        );
      }
    }
    const pids = servers.map(({ child }) => child.process.pid!);
    let before: Array<number | null> = [];
    let postgresBefore: Promise<Map<number, number>> | null = null;
    const inflight = await client(
      { ...base(), mode: 'inflight', inflight: INFLIGHT, warmupSeconds: 2, seconds: options.quick ? 5 : 8 },
      () => {
        before = pids.map(cpuMs);
        if (postgres) postgresBefore = postgresCpuMs(postgres.adminUrl);
      },
    );
    const after = pids.map(cpuMs);
    const postgresUsed = postgres && postgresBefore ? postgresCpuBetween(await postgresBefore, await postgresCpuMs(postgres.adminUrl)) : 0;
    for (const [i, server] of servers.entries()) {
      const result = inflight[i];
      const [b, a] = [before[i], after[i]];
      // On PostgreSQL the database's processes work for this server alone: their CPU is the decision's too.
      const databaseMs = server.target === POSTGRES_TARGET ? postgresUsed : 0;
      const cpuUsPerDecision = b != null && a != null ? ((a - b + databaseMs) * 1000) / result.requests : Number.NaN;
      results.get(server.target)!.inflight = { ...result, cpuUsPerDecision };
      log(
        `  ${server.target}: ${INFLIGHT} in flight: ${fmt(result.rps)} decisions/s, p50 ${fmt(result.p50)} / p99 ${fmt(result.p99)} ms, server CPU ${fmt(cpuUsPerDecision)} µs per decision (${cpuScope(server.target)}) ${JSON.stringify(result.verdicts)}`,
      );
    }
    return { fdatasync, targets: [...results.values()], loadAverage: [loadAtStart, loadavg()[0]] };
  } finally {
    for (const { child } of servers) await stop(child.process);
    await postgres?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

const cpuScope = (target: string) => (target === POSTGRES_TARGET ? "all threads + PostgreSQL's processes" : 'all threads');

/** Each target of issue 15 with pass or fail, per server. */
export function latencyRows(result: LatencyBenchResult): LatencyRow[] {
  const rows: LatencyRow[] = [];
  const fsync = result.fdatasync.p50;
  for (const t of result.targets) {
    const answers = [t.sequential, t.inflight, ...t.rates.map((r) => r.result)];
    const wrong = [...new Set(answers.flatMap((r) => Object.keys(r.verdicts)))].filter((v) => v !== 'ALLOWED');
    const { sequential: s } = t;
    const bound = 2 * s.healthP50! + fsync;
    rows.push({
      measure: `${t.target}: sequential decisions p50 (bound: 2 × /healthz p50 ${fmt(s.healthP50!)} ms + fdatasync p50 ${fmt(fsync)} ms)`,
      result: `${fmt(s.p50)} ms (${fmt(s.p50 / s.healthP50!)}x /healthz)`,
      target: `<= ${fmt(bound)} ms`,
      pass: s.p50 <= bound,
    });
    rows.push({ measure: `${t.target}: sequential decisions p99`, result: `${fmt(s.p99)} ms`, target: '<= 5 ms', pass: s.p99 <= 5 });
    for (const { rate, result: r } of t.rates) {
      rows.push({
        measure: `${t.target}: steady ${rate.toLocaleString('en-US')} req/s, p50 / p99`,
        result: `${fmt(r.p50)} / ${fmt(r.p99)} ms`,
        target: 'p50 <= 2, p99 <= 6 ms',
        pass: r.p50 <= 2 && r.p99 <= 6 && r.errors === 0 && Object.keys(r.verdicts).every((verdict) => verdict === 'ALLOWED'),
      });
    }
    const cpu = t.inflight.cpuUsPerDecision;
    rows.push({
      measure: `${t.target}: server CPU per decision at ${INFLIGHT} in flight (${cpuScope(t.target)})`,
      result: `${fmt(cpu)} µs (${fmt(t.inflight.rps)} decisions/s served)`,
      target: '<= 200 µs',
      pass: cpu <= 200,
    });
    rows.push({
      measure: `${t.target}: decisions/s on one core implied by that CPU`,
      result: `${fmt(1e6 / cpu)}`,
      target: '>= 5,000',
      pass: 1e6 / cpu >= 5_000,
    });
    if (wrong.length)
      rows.push({ measure: `${t.target}: verdicts other than ALLOWED`, result: wrong.join(', '), target: 'none', pass: false });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argOf = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  console.log(`Decision latency and CPU (issue 15), load average ${fmt(loadavg()[0])}`);
  const result = await runLatencyBench({
    baseline: argOf('--baseline'),
    postgres: process.argv.includes('--postgres'),
    quick: process.argv.includes('--quick'),
    cpuProfDir: argOf('--cpu-prof-dir'),
    logLevel: argOf('--log-level'),
    sequentialWarmup: argOf('--sequential-warmup') === undefined ? undefined : Number(argOf('--sequential-warmup')),
  });
  const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'FAIL');
  console.log(
    [
      '',
      '| Measure | Result | Target | |',
      '|---|---|---|---|',
      ...latencyRows(result).map((r) => `| ${r.measure} | ${r.result} | ${r.target} | ${verdict(r.pass)} |`),
    ].join('\n'),
  );
  console.log(`\nload average ${fmt(result.loadAverage[0])} at the start, ${fmt(result.loadAverage[1])} at the end`);
}
