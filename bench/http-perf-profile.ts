// Issue 15: where the server's CPU goes at 16 in flight, all threads and the kernel counted (a V8
// `--cpu-prof` is wall-clock sampling of the main thread: it counts time preempted by the thread pool
// as the frame that stood). Runs the bundle `npm start` runs with `--perf-basic-prof`, loads it with
// 16 decisions in flight and records `perf record -g` of its pid during the measured part.
//   node --import tsx bench/http-perf-profile.ts [--seconds 8] [--out /tmp/perf.data] [--env K=V,…] [--strace] [--baseline <commit>]
//     [--sequential N] (N sequential decisions, each with a GET /healthz before it, instead of 16 in flight)
// (`--strace`: a syscall count of the measured part, `strace -c -f`, written to --out, instead of perf)
// then: perf report -i /tmp/perf.data --no-children --sort comm,dso,sym
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './latency-bench.ts';
import { seed } from './http/seed.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { fmt } from './lib/measure.ts';
import { serverBundle, startNode, stop } from './lib/processes.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(argOf('--seconds') ?? 8);
const out = argOf('--out') ?? '/tmp/perf.data';
const env = Object.fromEntries(
  (argOf('--env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const adminKey = `fk_perf_${process.pid}_${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-perf-'));
const baseline = argOf('--baseline');
const child = await startNode(baseline ? await baselineBundle(baseline) : serverBundle(), {
  env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey, ...env },
  nodeFlags: ['--perf-basic-prof', ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
  probe: '/healthz',
});
// BENCH_STDOUT=<file>: the server's stdout (its log, V8's --trace-* output) kept in a file.
if (process.env.BENCH_STDOUT) child.process.stdout!.pipe(createWriteStream(process.env.BENCH_STDOUT));
try {
  const keys = await seed(`http://127.0.0.1:${child.port}`, adminKey, 20);
  const pid = child.process.pid!;
  let before: number | null = null;
  let perf: ReturnType<typeof spawn> | null = null;
  const sequentialCount = Number(argOf('--sequential') ?? 0);
  const record = () => {
    before = cpuMs(pid);
    perf = process.argv.includes('--strace')
      ? spawn('strace', [...(process.env.STRACE_ARGS ?? '-c').split(' '), '-f', '-o', out, '-p', String(pid)], { stdio: 'ignore' })
      : spawn('perf', ['record', '-F', '1999', '-g', '-p', String(pid), '-o', out], { stdio: 'ignore' });
  };
  const target = { port: child.port, agents: keys.normal };
  // Sequential: a warm-up run first, then the recorded one (the client says nothing when it starts measuring).
  if (sequentialCount > 0) {
    await client({ targets: [target], runTag: `perf${process.pid}w`, mode: 'sequential', count: 200, warmup: 300 });
    record();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [result] = await client(
    sequentialCount > 0
      ? { targets: [target], runTag: `perf${process.pid}`, mode: 'sequential', count: sequentialCount, warmup: 0 }
      : { targets: [target], runTag: `perf${process.pid}`, mode: 'inflight', inflight: 16, warmupSeconds: 2, seconds },
    sequentialCount > 0 ? undefined : record,
  );
  const after = cpuMs(pid);
  perf!.kill('SIGINT');
  await new Promise((resolve) => perf!.once('exit', resolve));
  console.log(
    `${sequentialCount > 0 ? `p50 ${fmt(result.p50)} ms, ` : ''}${fmt(result.rps)} decisions/s, ${fmt(((after! - before!) * 1000) / result.requests)} µs CPU per decision (with perf attached); profile in ${out}`,
  );
} finally {
  await stop(child.process);
  rmSync(dataDir, { recursive: true, force: true });
}
