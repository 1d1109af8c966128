// HTTP, side by side in one run: autocannon (its own process) against the bare-Fastify ceiling
// (its own process, through tsx) and the real server (the bundle `npm start` runs, its own process,
// default SQLite store, durable group commit, signed records), with the same mixed workload; at full
// speed and at a fixed 2,000 requests per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult, LoadSpec } from './http/load.ts';
import { seed } from './http/seed.ts';
import type { WorkloadKeys } from './http/workload.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { fmt } from './lib/measure.ts';
import { rssMb, runToEnd, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

export interface HttpScenario {
  target: 'ceiling' | 'actiongate' | `what-if ${string}`;
  rate: number | null;
  result: LoadResult;
}

export interface HttpBenchResult {
  scenarios: HttpScenario[];
  rssAfterMb: number;
  decisionsStored: number;
  config: { connections: number; durationSeconds: number; warmupSeconds: number; normalAgents: number };
}

export interface HttpBenchOptions {
  durationSeconds?: number;
  warmupSeconds?: number;
  connections?: number;
  fixedRate?: number;
  /** Directory for a `--cpu-prof` profile of the real server (written when it stops). */
  cpuProfDir?: string;
  /** File for per-statement SQLite timings of the real server (bench/lib/sql-timing.ts). */
  sqlTimingOut?: string;
  /** Proposed fixes to try on the real server (bench/lib/what-if.ts); never a reported result. */
  whatIf?: string;
  log?: (line: string) => void;
}

async function load(child: Child, spec: Omit<LoadSpec, 'url' | 'path'>): Promise<LoadResult> {
  const full: LoadSpec = { ...spec, url: `http://127.0.0.1:${child.port}`, path: '/fabric/decisions' };
  return JSON.parse((await runToEnd('bench/http/load.ts', [JSON.stringify(full)])).trim().split('\n').pop()!);
}

export async function runHttpBench(options: HttpBenchOptions = {}): Promise<HttpBenchResult> {
  const log = options.log ?? console.log;
  const durationSeconds = options.durationSeconds ?? 10;
  const warmupSeconds = options.warmupSeconds ?? 3;
  const connections = options.connections ?? 50;
  const fixedRate = options.fixedRate ?? 2_000;
  const normalAgents = 20;
  const adminKey = `fk_bench_${process.pid}_${Date.now()}`;
  const bundle = serverBundle();
  const dataDirs: string[] = [];
  const startReal = (extra: { env?: Record<string, string>; imports?: string[]; nodeFlags?: string[] }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-bench-'));
    dataDirs.push(dataDir);
    return startNode(bundle, {
      env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey, ACTIONGATE_LOG_LEVEL: 'warn', ...extra.env },
      nodeFlags: extra.nodeFlags,
      imports: extra.imports,
      probe: '/healthz',
    });
  };
  const ceiling = await startNode('bench/http/bare-server.ts', { env: {}, probe: '/fabric/decisions' });
  const real = await startReal({
    env: options.sqlTimingOut ? { SQL_TIMING_OUT: options.sqlTimingOut } : {},
    nodeFlags: options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [],
    imports: options.sqlTimingOut ? ['./bench/lib/sql-timing.ts'] : [],
  });
  // A what-if server runs beside the real one in the same run, so the two are compared on equal terms.
  const whatIf = options.whatIf ? await startReal({ env: { WHAT_IF: options.whatIf }, imports: ['./bench/lib/what-if.ts'] }) : null;
  const scenarios: HttpScenario[] = [];
  try {
    const keys = await seed(`http://127.0.0.1:${real.port}`, adminKey, normalAgents);
    const whatIfKeys = whatIf ? await seed(`http://127.0.0.1:${whatIf.port}`, adminKey, normalAgents) : keys;
    log(`  seeded ${normalAgents} normal agents, 10 tool rules`);
    const targets: Array<[HttpScenario['target'], Child, WorkloadKeys]> = [
      ['ceiling', ceiling, keys],
      ['actiongate', real, keys],
      ...(whatIf ? [[`what-if ${options.whatIf}`, whatIf, whatIfKeys] as [HttpScenario['target'], Child, WorkloadKeys]] : []),
    ];
    let run = 0;
    // Full speed and the fixed rate for every target; the real service also below its saturation
    // point (half the fixed rate), where latency is the service's own and not a queue's.
    const plans = [null, fixedRate, fixedRate / 2].flatMap((rate) =>
      targets.filter(([target]) => rate !== fixedRate / 2 || target !== 'ceiling').map((t) => [rate, ...t] as const),
    );
    for (const [rate, target, child, targetKeys] of plans) {
      const base = { keys: targetKeys, connections, overallRate: rate ?? undefined };
      await load(child, { ...base, runTag: `w${run++}`, durationSeconds: warmupSeconds });
      const cpuBefore = cpuMs(child.process.pid!);
      const result = await load(child, { ...base, runTag: `r${run++}`, durationSeconds });
      const cpuAfter = cpuMs(child.process.pid!);
      // Server CPU per answered request, in microseconds: robust to a contended wall clock.
      if (cpuBefore !== null && cpuAfter !== null && result.requests > 0)
        result.cpuUsPerRequest = ((cpuAfter - cpuBefore) * 1000) / result.requests;
      scenarios.push({ target, rate, result });
      const mix = Object.entries(result.verdicts)
        .map(([verdict, count]) => `${verdict} ${((100 * count) / result.requests).toFixed(0)}%`)
        .join(', ');
      log(
        `  ${target.padEnd(12)} ${rate ? `at ${rate} rps` : 'full speed'}: ${fmt(result.rps)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, p99.9 ${fmt(result.p999)} ms, server CPU ${fmt(result.cpuUsPerRequest ?? NaN)} µs/req, non-2xx ${result.non2xx}, errors ${result.errors} [${mix}]`,
      );
    }
    const rssAfterMb = rssMb(real.process.pid!);
    const count = await fetch(`http://127.0.0.1:${real.port}/fabric/decisions?limit=1`, { headers: { 'x-api-key': adminKey } });
    const newest = (await count.json()) as { decisions: Array<{ decision_id: string }> };
    const decisionsStored = scenarios.reduce((sum, s) => sum + (s.target === 'actiongate' ? s.result.requests : 0), 0);
    if (!newest.decisions?.length) throw new Error('the real server lists no decisions after the run');
    return { scenarios, rssAfterMb, decisionsStored, config: { connections, durationSeconds, warmupSeconds, normalAgents } };
  } finally {
    await stop(ceiling.process);
    await stop(real.process);
    if (whatIf) await stop(whatIf.process);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argOf = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  console.log('HTTP, mixed workload');
  const result = await runHttpBench({
    cpuProfDir: argOf('--cpu-prof-dir'),
    sqlTimingOut: argOf('--sql-timing'),
    whatIf: argOf('--what-if'),
  });
  console.log(`  real server RSS after the run: ${fmt(result.rssAfterMb)} MB`);
}
