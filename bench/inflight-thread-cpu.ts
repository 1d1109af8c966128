// Issue 15: the server's CPU per decision at 16 in flight split by thread, round after round on one
// server, to tell the event loop's own work from everything else the bench's "all threads" figure
// counts (V8's background compiler and GC helpers, libuv's thread pool with the WAL fdatasyncs and
// the log writes). node 20 names every thread `node`, so the split is the main thread (tid = pid)
// against the rest. Rounds follow one another on the same warm-up path as the latency bench's
// in-flight phase, so a falling "other threads" column is the JIT still tiering up.
//   node --import tsx bench/inflight-thread-cpu.ts [--rounds 6] [--seconds 5] [--baseline <commit>]
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './latency-bench.ts';
import { seed } from './http/seed.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { fmt } from './lib/measure.ts';
import { serverBundle, startNode, stop } from './lib/processes.ts';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const rounds = Number(argOf('--rounds') ?? 6);
const seconds = Number(argOf('--seconds') ?? 5);
const baseline = argOf('--baseline');

/** Milliseconds of CPU of the main thread and of all other threads of `pid` so far. */
function threadCpuMs(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    if (Number(tid) === pid) main += ms;
    else others += ms;
  }
  return { main, others };
}

const adminKey = `fk_threads_${process.pid}_${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-threads-'));
const child = await startNode(baseline ? await baselineBundle(baseline) : serverBundle(), {
  env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey },
  probe: '/healthz',
});
try {
  const agents = (await seed(`http://127.0.0.1:${child.port}`, adminKey, 20)).normal;
  const pid = child.process.pid!;
  console.log(`CPU per decision at 16 in flight by thread, ${baseline ?? 'this tree'}; load average ${fmt(loadavg()[0])}`);
  console.log('round  decisions/s  all threads  main thread  other threads (µs per decision)');
  let served = 0;
  for (let r = 0; r < rounds; r++) {
    let before: { main: number; others: number } | null = null;
    const [result] = await client(
      {
        targets: [{ port: child.port, agents }],
        runTag: `thr${process.pid}r${r}`,
        mode: 'inflight',
        inflight: 16,
        warmupSeconds: 1,
        seconds,
      },
      () => (before = threadCpuMs(pid)),
    );
    const after = threadCpuMs(pid);
    const start = before as { main: number; others: number } | null;
    if (start === null) throw new Error('the client never started measuring');
    const per = (ms: number) => fmt((ms * 1000) / result.requests);
    served += result.requests;
    console.log(
      `${String(r + 1).padStart(5)}  ${fmt(result.rps).padStart(11)}  ${per(after.main + after.others - start.main - start.others).padStart(11)}  ${per(after.main - start.main).padStart(11)}  ${per(after.others - start.others).padStart(13)}   (${served} measured so far)`,
    );
  }
  console.log(`load average at the end ${fmt(loadavg()[0])}`);
} finally {
  await stop(child.process);
  rmSync(dataDir, { recursive: true, force: true });
}
