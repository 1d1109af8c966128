// Issue 15: where a lone decision's time goes, from the kernel's view of the real server. Runs the
// bundle `npm start` runs (or a commit's, `--baseline`), warms it with sequential decisions, then
// records `perf record` of its threads with the syscall and scheduler tracepoints while N more
// sequential decisions run (each after a GET /healthz, as latency-bench.ts does), and splits each
// decision at its WAL fdatasync:
//   request read → fdatasync starts → fdatasync returns → main thread runs again → answer's writev,
// with the main thread's time off the CPU before the sync (preempted or waiting) counted apart.
//   node --import tsx bench/lone-decision-timeline.ts [--count 400] [--warmup 1500] [--baseline <commit>] [--keep /tmp/timeline.txt]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './latency-bench.ts';
import { seed } from './http/seed.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { fmt, percentile } from './lib/measure.ts';
import { ownerOf } from './lib/perf-owners.ts';
import { serverBundle, startNode, stop, type Child } from './lib/processes.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const count = Number(argOf('--count') ?? 400);
const warmup = Number(argOf('--warmup') ?? 1500);
const baseline = argOf('--baseline');
// `--sample`: also CPU samples of the main thread every 50 µs with their stacks, and the share of
// each owner (http-perf-owners.ts's rules) before the fdatasync and after it (`--frames`: the
// commonest innermost JavaScript frames too; `--inclusive 'a,b'`: samples under each pattern).
const sample = process.argv.includes('--sample');

const EVENTS = [
  'syscalls:sys_exit_read',
  'syscalls:sys_enter_writev',
  'syscalls:sys_enter_pwrite64',
  'syscalls:sys_enter_fdatasync',
  'syscalls:sys_exit_fdatasync',
  'syscalls:sys_enter_statx',
  'sched:sched_switch',
  'sched:sched_wakeup',
];

interface Event {
  pid: number;
  tid: number;
  time: number; // µs
  name: string;
  args: string;
  /** cpu-clock samples: the stack, leaf first. */
  stack?: string[];
}

function parse(text: string): Event[] {
  const events: Event[] = [];
  for (const line of text.split('\n')) {
    // "  12345/12346 123.456789: syscalls:sys_enter_read: fd: 0x..., ..." or a sample's "\t  7f12 sym (dso)"
    const m = /^\s*(\d+)\/(\d+)\s+(\d+\.\d+):\s+(\S+):(?:\s+(.*))?$/.exec(line);
    if (m)
      events.push({
        pid: Number(m[1]),
        tid: Number(m[2]),
        time: Number.parseFloat(m[3]) * 1e6,
        name: m[4].replace(/\/.*/, ''),
        args: m[5] ?? '',
      });
    else if (/^\s+[0-9a-f]+ /.test(line) && events.length > 0) {
      const frame = line.trim();
      (events[events.length - 1].stack ??= []).push(frame.slice(frame.indexOf(' ') + 1));
    }
  }
  return events;
}

interface Split {
  read: number;
  syncEnter: number;
  woke: number;
  write: number;
  readToSync: number;
  offCpuBeforeSync: number;
  pwrites: number;
  statxBeforeSync: number;
  sync: number;
  syncToRun: number;
  runToWrite: number;
  statxAfterSync: number;
  total: number;
}

/** One split per fdatasync that has a request read before it and an answer written after it. */
function splits(events: Event[], main: number): Split[] {
  const out: Split[] = [];
  let lastRead: number | null = null; // the last socket read of a request on the main thread
  let offSince: number | null = null;
  let offCpu = 0;
  let pwrites = 0;
  let statx = 0;
  let sync: { enter: number; exit: number | null; pool: number } | null = null;
  let wokeAt: number | null = null;
  let statxAfter = 0;
  for (const e of events) {
    // The main thread's first event after the sync returned (its eventfd read, mostly): it runs again.
    if (sync?.exit != null && wokeAt === null && e.tid === main) wokeAt = e.time;
    if (e.tid === main && e.name === 'syscalls:sys_exit_read') {
      const ret = Number.parseInt(/0x[0-9a-f]+|-?\d+/.exec(e.args)?.[0] ?? '0');
      // A request: a decision's body is ~600 B; eventfd and /healthz reads are smaller.
      if (ret > 400 && sync === null) {
        lastRead = e.time;
        offCpu = 0;
        pwrites = 0;
        statx = 0;
        offSince = null;
      }
    } else if (e.name === 'sched:sched_switch') {
      if (/prev_pid=(\d+)/.exec(e.args)?.[1] === String(main)) offSince = e.time;
      if (/next_pid=(\d+)/.exec(e.args)?.[1] === String(main)) {
        if (offSince !== null && lastRead !== null && sync === null) offCpu += e.time - offSince;
        offSince = null;
      }
    } else if (e.tid === main && e.name === 'syscalls:sys_enter_pwrite64') {
      if (sync === null) pwrites++;
    } else if (e.tid === main && e.name === 'syscalls:sys_enter_statx') {
      if (sync === null) statx++;
      else statxAfter++;
    } else if (e.name === 'syscalls:sys_enter_fdatasync' && e.tid !== main) {
      if (lastRead !== null && sync === null) sync = { enter: e.time, exit: null, pool: e.tid };
    } else if (e.name === 'syscalls:sys_exit_fdatasync' && sync && e.tid === sync.pool && sync.exit === null) {
      sync.exit = e.time;
    } else if (e.tid === main && e.name === 'syscalls:sys_enter_writev' && sync?.exit != null && lastRead !== null) {
      const woke = wokeAt ?? sync.exit;
      out.push({
        read: lastRead,
        syncEnter: sync.enter,
        woke,
        write: e.time,
        readToSync: sync.enter - lastRead,
        offCpuBeforeSync: offCpu,
        pwrites,
        statxBeforeSync: statx,
        sync: sync.exit - sync.enter,
        syncToRun: woke - sync.exit,
        runToWrite: e.time - woke,
        statxAfterSync: statxAfter,
        total: e.time - lastRead,
      });
      lastRead = null;
      sync = null;
      wokeAt = null;
      statxAfter = 0;
    }
  }
  return out;
}

/** The main thread's samples inside each decision's windows, by owner and by their first frames. */
function showSamples(events: Event[], all: Split[], main: number): void {
  const samples = events.filter((e) => e.name === 'cpu-clock' && e.tid === main && e.stack);
  const windows: Array<[string, (s: Split) => [number, number]]> = [
    ['request read → fdatasync starts', (s) => [s.read, s.syncEnter]],
    ['main thread runs again → answer writev', (s) => [s.woke, s.write]],
  ];
  for (const [label, bounds] of windows) {
    const inside = samples.filter((e) => all.some((s) => e.time >= bounds(s)[0] && e.time <= bounds(s)[1]));
    const perDecision = (n: number) => fmt((n * 50) / all.length);
    console.log(`\n${label}: ${inside.length} samples of 50 µs, ${perDecision(inside.length)} µs per decision`);
    const owners = new Map<string, number>();
    const leaves = new Map<string, number>();
    for (const e of inside) {
      const owner = ownerOf(e.stack!);
      owners.set(owner, (owners.get(owner) ?? 0) + 1);
      // The innermost frames that are JavaScript (or the leaf), short.
      const js = e.stack!.filter((f) => f.startsWith('JS:') || /LazyCompile|Function:/.test(f)).slice(0, 3);
      const key = (js.length > 0 ? js : e.stack!.slice(0, 2)).map((f) => f.replace(/ file:\S*\//, ' ').slice(0, 70)).join(' < ');
      leaves.set(key, (leaves.get(key) ?? 0) + 1);
    }
    for (const [owner, n] of [...owners].sort((a, b) => b[1] - a[1])) console.log(`  ${perDecision(n).padStart(7)} µs  ${owner}`);
    // `--inclusive 'a,b'`: samples with a frame matching each pattern (a function and all it calls).
    for (const pattern of (argOf('--inclusive') ?? '').split(',').filter(Boolean)) {
      const re = new RegExp(pattern);
      console.log(`  ${perDecision(inside.filter((e) => e.stack!.some((f) => re.test(f))).length).padStart(7)} µs  inclusive ${pattern}`);
    }
    if (process.argv.includes('--frames'))
      for (const [key, n] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 40))
        console.log(`  ${perDecision(n).padStart(7)} µs  ${key}`);
  }
}

// `--analyse <file>`: the split of a text kept with `--keep` (no server run).
if (argOf('--analyse')) {
  const events = parse(readFileSync(argOf('--analyse')!, 'utf8'));
  const tids = new Map<number, number>();
  for (const e of events) if (e.name === 'syscalls:sys_enter_writev') tids.set(e.tid, (tids.get(e.tid) ?? 0) + 1);
  const main = [...tids].sort((a, b) => b[1] - a[1])[0][0];
  const own = events.filter((e) => e.pid === main);
  showSamples(own, splits(own, main), main);
  process.exit(0);
}

const adminKey = `fk_timeline_${process.pid}_${Date.now()}`;
const dataDirs: string[] = [];
const servers: Array<{ label: string; child: Child }> = [];
try {
  // With a baseline both servers run, their calls alternating (A, B, A, B…) and one perf recording both.
  const bundles: Array<[string, string]> = baseline
    ? [
        [`before (${baseline})`, await baselineBundle(baseline)],
        ['this tree', serverBundle()],
      ]
    : [['this tree', serverBundle()]];
  for (const [label, bundle] of bundles) {
    const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-timeline-'));
    dataDirs.push(dataDir);
    const child = await startNode(bundle, {
      env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey },
      probe: '/healthz',
      nodeFlags: sample ? ['--perf-basic-prof'] : [],
    });
    servers.push({ label, child });
  }
  const perfData = join(dataDirs[0], 'perf.data');
  const targets = [];
  for (const { child } of servers)
    targets.push({ port: child.port, agents: (await seed(`http://127.0.0.1:${child.port}`, adminKey, 20)).normal });
  const load = loadavg()[0];
  await client({ targets, runTag: `tl${process.pid}w`, mode: 'sequential', count: 1, warmup });
  const events = sample ? [...EVENTS, 'cpu-clock/period=50000,call-graph=fp/'] : EVENTS;
  const pids = servers.map(({ child }) => child.process.pid!);
  const perf = spawn('perf', ['record', ...events.flatMap((e) => ['-e', e]), '-p', pids.join(','), '-o', perfData], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 700));
  const results = await client({ targets, runTag: `tl${process.pid}`, mode: 'sequential', count, warmup: 0 });
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.once('exit', resolve));
  const text = execFileSync(
    'perf',
    ['script', '-i', perfData, '-F', sample ? 'pid,tid,time,event,trace,ip,sym' : 'pid,tid,time,event,trace'],
    {
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    },
  );
  if (argOf('--keep')) writeFileSync(argOf('--keep')!, text);
  const parsed = parse(text);
  console.log(`load ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}; ${count} sequential decisions per server after ${warmup} of warm-up`);
  const byServer = servers.map(({ label }, i) => {
    const own = parsed.filter((e) => e.pid === pids[i]);
    return { label, own, all: splits(own, pids[i]), result: results[i] };
  });
  for (const { label, all, result } of byServer)
    console.log(`${label}: ${all.length} decisions split; client p50 ${fmt(result.p50)} ms, /healthz p50 ${fmt(result.healthP50!)} ms`);
  const rows: Array<[string, keyof Split]> = [
    ['request read → fdatasync starts', 'readToSync'],
    ['  of it main thread switched out (seen)', 'offCpuBeforeSync'],
    ['fdatasync (thread pool)', 'sync'],
    ['fdatasync returns → main thread runs', 'syncToRun'],
    ['main thread runs → answer writev', 'runToWrite'],
    ['request read → answer writev', 'total'],
    ['pwrite64 before the sync (count)', 'pwrites'],
    ['statx before the sync starts (count)', 'statxBeforeSync'],
    ['statx once the sync started (count)', 'statxAfterSync'],
  ];
  console.log(`segment (µs), p10 / p50 / p90${byServer.map(({ label }) => ` | ${label}`).join('')}`);
  for (const [label, key] of rows) {
    const cells = byServer.map(({ all }) => {
      const values = all.map((s) => s[key]).sort((a, b) => a - b);
      return [10, 50, 90].map((q) => fmt(percentile(values, q))).join(' / ');
    });
    console.log(`${label.padEnd(38)} ${cells.map((c) => c.padEnd(24)).join(' | ')}`);
  }
  if (sample)
    for (const { label, own, all } of byServer) {
      console.log(`\n== ${label}`);
      showSamples(own, all, own[0]?.pid ?? 0);
    }
} finally {
  for (const { child } of servers) await stop(child.process);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
