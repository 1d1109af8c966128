// `npm run bench`: every benchmark in one run, then one table with the targets of issue 8 and
// whether each holds. Ratios are taken within this run (the machine is shared and noisy).
// Options: --store-target <n> (default 1,000,000), --skip-http, --skip-store, --skip-postgres,
// --skip-latency, --baseline <commit> (issue 15: that commit's server measured beside this one),
// --quick (or BENCH_QUICK=1: shorter PostgreSQL loads and 30 race rounds), --json <file>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { runApprovalLookupBench } from './approval-lookup-bench.ts';
import { runEngineBench, type EngineRow } from './engine-bench.ts';
import { runHttpBench, type HttpBenchResult } from './http-bench.ts';
import { latencyRows, runLatencyBench, type LatencyBenchResult } from './latency-bench.ts';
import { runPostgresBench, type PostgresBenchResult } from './postgres-bench.ts';
import { fsyncProbe } from './lib/fsync-probe.ts';
import { fmt } from './lib/measure.ts';
import { runStoreBench, type StoreBenchResult } from './store-bench.ts';

const args = process.argv.slice(2);
const argOf = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const started = new Date();
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30)} GB RAM, node ${process.version}, ${process.platform}`;
const loadAtStart = loadavg()[0];
console.log(`ActionGate benchmarks, ${started.toISOString()}\n${machine}, load average ${fmt(loadAtStart)}\n`);

console.log('engine, in process (µs per call)');
const engine = runEngineBench();
console.log('\napproval lookup per decision (SQLite)');
const approvals = await runApprovalLookupBench();
const fsync = fsyncProbe();
console.log(`\none durable commit on this disk now: p50 ${fmt(fsync.p50)} ms, p99 ${fmt(fsync.p99)} ms`);
let http: HttpBenchResult | null = null;
if (!args.includes('--skip-http')) {
  console.log('\nHTTP, mixed workload (70% allowed, 20% held, 10% blocked; 80% ~300 B, 20% ~4 KB bodies)');
  http = await runHttpBench();
}
let latency: LatencyBenchResult | null = null;
if (!args.includes('--skip-latency')) {
  console.log('\ndecision latency and CPU (issue 15): sequential, steady 100 / 200 / 1,000 req/s, 16 in flight');
  latency = await runLatencyBench({ baseline: argOf('--baseline'), quick: args.includes('--quick') || process.env.BENCH_QUICK === '1' });
}
let postgres: PostgresBenchResult | null = null;
if (!args.includes('--skip-postgres')) {
  const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
  console.log('\nHTTP, the same mixed workload: ceiling, SQLite, one and two PostgreSQL nodes; then the approval race across two nodes');
  postgres = await runPostgresBench({ quick });
}
let store: StoreBenchResult | null = null;
if (!args.includes('--skip-store')) {
  const target = Number(argOf('--store-target') ?? 1_000_000);
  console.log(`\nstore, up to ${target.toLocaleString('en-US')} decisions`);
  store = await runStoreBench({ target });
}

type Row = [string, string, string, string];
const rows: Row[] = [];
const verdict = (ok: boolean | null) => (ok === null ? 'n/a' : ok ? 'pass' : 'FAIL');
const engineCase = (name: string) => engine.find((row: EngineRow) => row.case === name)?.timing;

if (http) {
  const get = (target: string, rate: number | null) => http!.scenarios.find((s) => s.target === target && s.rate === rate)!.result;
  const ceiling = get('ceiling', null);
  const real = get('actiongate', null);
  const ratio = real.rps / ceiling.rps;
  rows.push([
    'HTTP ceiling (bare Fastify), full speed',
    `${fmt(ceiling.rps)} req/s; p50 ${fmt(ceiling.p50)} / p99 ${fmt(ceiling.p99)} / p99.9 ${fmt(ceiling.p999)} ms`,
    'reference',
    '',
  ]);
  rows.push([
    'HTTP POST /fabric/decisions, full speed',
    `${fmt(real.rps)} req/s; p50 ${fmt(real.p50)} / p99 ${fmt(real.p99)} / p99.9 ${fmt(real.p999)} ms`,
    '',
    '',
  ]);
  rows.push([
    'HTTP ratio b/a',
    `${(100 * ratio).toFixed(1)}%`,
    '>= 30% (stretch 50%)',
    verdict(ratio >= 0.3) + (ratio >= 0.5 ? ' (stretch)' : ''),
  ]);
  const fixedCeiling = get('ceiling', 2_000);
  const fixed = get('actiongate', 2_000);
  rows.push([
    'HTTP ceiling at 2,000 req/s offered',
    `${fmt(fixedCeiling.rps)} req/s served; p50 ${fmt(fixedCeiling.p50)} / p99 ${fmt(fixedCeiling.p99)} ms`,
    'reference',
    '',
  ]);
  rows.push([
    'HTTP decisions at 2,000 req/s offered',
    `${fmt(fixed.rps)} req/s served; p50 ${fmt(fixed.p50)} / p99 ${fmt(fixed.p99)} ms`,
    'p99 <= 3 ms at 2,000 req/s',
    verdict(fixed.p99 <= 3 && fixed.rps >= 1_950),
  ]);
  const below = http.scenarios.find((s) => s.target === 'actiongate' && s.rate === 1_000)?.result;
  if (below) {
    rows.push([
      'HTTP decisions at 1,000 req/s offered (below saturation)',
      `${fmt(below.rps)} req/s served; p50 ${fmt(below.p50)} / p99 ${fmt(below.p99)} ms`,
      '',
      '',
    ]);
  }
  rows.push([
    'server CPU per request, full speed (ceiling / decisions)',
    `${fmt(ceiling.cpuUsPerRequest ?? NaN)} / ${fmt(real.cpuUsPerRequest ?? NaN)} µs (all threads)`,
    '',
    '',
  ]);
  rows.push(['HTTP server RSS after the HTTP runs', `${fmt(http.rssAfterMb)} MB`, '', '']);
}
if (latency) {
  rows.push([
    `fdatasync of a 4 KB append on this disk (issue 15's "one fsync")`,
    `${fmt(latency.fdatasync.p50)} ms p50, ${fmt(latency.fdatasync.p99)} ms p99`,
    'context',
    '',
  ]);
  for (const row of latencyRows(latency)) rows.push([row.measure, row.result, row.target, verdict(row.pass)]);
}
if (postgres) {
  const ceiling = postgres.scenarios.find((s) => s.target === 'ceiling')!.result;
  for (const { target, result } of postgres.scenarios) {
    if (target === 'ceiling') continue;
    rows.push([
      `HTTP decisions, ${target} (same run as its ceiling, ${fmt(ceiling.rps)} req/s)`,
      `${fmt(result.rps)} req/s (${((100 * result.rps) / ceiling.rps).toFixed(1)}% of the ceiling); p50 ${fmt(result.p50)} / p99 ${fmt(result.p99)} ms`,
      '',
      '',
    ]);
  }
  const { race } = postgres;
  rows.push([
    `approval race across 2 nodes (${race.resends} concurrent resends per round)`,
    `${race.passed}/${race.rounds} rounds ran exactly once`,
    'every round',
    verdict(race.passed === race.rounds),
  ]);
}
const d10 = engineCase('decide() 10 rules, 300 B');
const d1k = engineCase('decide() 1000 rules, 300 B');
const d10k = engineCase('decide() 10000 rules, 300 B');
for (const size of ['300 B', '4 KB', '64 KB']) {
  const cells = [10, 1000, 10000].map((n) => engineCase(`decide() ${n} rules, ${size}`)!).map((t) => `${fmt(t.p50)} / ${fmt(t.p99)}`);
  rows.push([
    `decide() ${size}, 10 / 1,000 / 10,000 rules (p50 / p99 µs)`,
    cells.join('; '),
    size === '300 B' ? 'p50 <= 10 µs at 1,000 rules' : '',
    size === '300 B' ? verdict(d1k!.p50 <= 10) : '',
  ]);
}
const risk300 = engineCase('classifyRisk 300 B');
const screen300 = engineCase('screenInjection 300 B');
if (risk300 && screen300)
  rows.push(['of which on 300 B: classifyRisk / screenInjection alone (p50 µs)', `${fmt(risk300.p50)} / ${fmt(screen300.p50)}`, '', '']);
const firstMatch = [10, 1000, 10000].map((n) => engineCase(`first match after a rule change, ${n} rules`));
if (firstMatch.every(Boolean))
  rows.push([
    'first match after a rule change, 10 / 1,000 / 10,000 rules (p50 µs)',
    firstMatch.map((t) => fmt(t!.p50)).join(' / '),
    '',
    '',
  ]);
rows.push(['decide() 10,000 rules vs 10 rules (p50, 300 B)', `${fmt(d10k!.p50 / d10!.p50)}x`, '<= 2x', verdict(d10k!.p50 / d10!.p50 <= 2)]);
for (const n of [10, 1000, 10000]) {
  const cedar = engineCase(`cedar statefulIsAuthorized, ${n} policies`);
  const ours = engineCase(`decide() ${n} rules, 300 B`)!;
  if (cedar)
    rows.push([
      `Cedar isAuthorized, ${n.toLocaleString('en-US')} policies (p50 / p99 µs)`,
      `${fmt(cedar.p50)} / ${fmt(cedar.p99)}; decide() is ${fmt(cedar.p50 / ours.p50)}x faster at p50`,
      'decide() faster',
      verdict(ours.p50 < cedar.p50),
    ]);
}
for (const name of ['classifyRisk', 'screenInjection']) {
  const perKb = [
    ['1 KB', 1],
    ['4 KB', 4],
    ['64 KB', 64],
  ].map(([label, kb]) => engineCase(`${name} ${label}`)!.p50 / (kb as number));
  rows.push([
    `${name} per KB at p50 (1 / 4 / 64 KB payloads)`,
    perKb.map((v) => `${fmt(v)} µs`).join(' / '),
    '<= 5 µs per KB, linear',
    verdict(Math.max(...perKb) <= 5),
  ]);
}
const mega = engineCase('decide() 1,000 rules, 1 MB');
if (mega) rows.push(['decide() 1 MB payload', `${fmt(mega.p50 / 1000)} ms p50`, '< 50 ms', verdict(mega.p50 < 50_000)]);
for (const name of ['canonicalHash 300 B payload', 'canonicalHash 4 KB payload', 'Ed25519 sign of the signed payload']) {
  const t = engineCase(name);
  if (t) rows.push([name, `${fmt(t.p50)} µs p50`, '', '']);
}
rows.push([
  'one durable commit (1 row, WAL, synchronous=FULL) on this disk',
  `${fmt(fsync.p50)} ms p50, ${fmt(fsync.p99)} ms p99`,
  'context',
  '',
]);
const worst = approvals.at(-1);
if (worst)
  rows.push([
    `approval lookup per decision at ${worst.pending.toLocaleString('en-US')} pending approvals`,
    `${fmt(worst.store.p50)} µs (plan: ${worst.plan.split(';')[0]}); ${fmt(worst.unpinned.p50)} µs when left to the planner`,
    '',
    '',
  ]);
if (store) {
  rows.push([
    'bytes on disk per decision (all tables and indexes)',
    `${fmt(store.bytesPerDecision)} B (journal ${fmt(store.bytesByTable.journal ?? NaN)}, decisions ${fmt(store.bytesByTable.decisions ?? NaN)})`,
    '<= 1.5 KB',
    verdict(store.bytesPerDecision <= 1536),
  ]);
  const at = store.stored.toLocaleString('en-US');
  rows.push([
    `newest 100 decisions at ${at} (in process / HTTP, p50 / p99 ms; ${fmt(store.listBytes / 1024)} KB answer)`,
    `${fmt(store.listNewest.p50)} / ${fmt(store.listNewest.p99)}; ${fmt(store.httpListNewest.p50)} / ${fmt(store.httpListNewest.p99)}`,
    '<= 5 ms',
    verdict(store.httpListNewest.p50 <= 5),
  ]);
  rows.push([
    `one agent's newest 100 at ${at} (in process / HTTP, p50 / p99 ms)`,
    `${fmt(store.listAgent.p50)} / ${fmt(store.listAgent.p99)}; ${fmt(store.httpListAgent.p50)} / ${fmt(store.httpListAgent.p99)}`,
    '<= 5 ms',
    verdict(store.httpListAgent.p50 <= 5),
  ]);
  rows.push([
    `server RSS on ${at} decisions (after start / 4 s idle / listing and 5 s load)`,
    `${fmt(store.rssAfterStartMb)} / ${fmt(store.rssIdleMb)} / ${fmt(store.rssAfterLoadMb)} MB; ready in ${fmt(store.startSeconds)} s`,
    '<= 250 MB',
    verdict(store.rssAfterLoadMb <= 250),
  ]);
  rows.push([
    `mixed load on ${at} decisions (5 s)`,
    `${fmt(store.loadAfterFill.rps)} req/s; p99 ${fmt(store.loadAfterFill.p99)} ms`,
    '',
    '',
  ]);
}

const table = ['| Measure | Result | Target | |', '|---|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
console.log(
  `\n${table}\n\n${started.toISOString()} → ${new Date().toISOString()}, ${machine}; 1-minute load average ${fmt(loadAtStart)} at the start, ${fmt(loadavg()[0])} at the end`,
);
const jsonOut = argOf('--json');
if (jsonOut) {
  mkdirSync(dirname(jsonOut), { recursive: true });
  writeFileSync(
    jsonOut,
    JSON.stringify({ started: started.toISOString(), machine, fsync, engine, approvals, http, latency, postgres, store, table }, null, 1),
  );
}
