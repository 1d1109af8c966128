// Issue 15: decision latency at a steady rate in process (no HTTP), where a decision often commits
// while the previous batch's WAL fdatasync still runs: the calls are sent evenly spaced (open loop)
// to `DecisionService.decide()` of the real app (default SQLite store, durable answers), and the
// latency of each, the group commits and the fdatasyncs per decision are reported.
// ACTIONGATE_ROOT=/path/to/other/checkout measures that checkout's server code (before/after).
//   node --import tsx bench/sync-pipeline-bench.ts [rates=100,200,400] [seconds per rate=4]
import { setTimeout as sleep } from 'node:timers/promises';
import { startInProcessDecisions } from './lib/in-process-decisions.ts';
import { fmt, percentile } from './lib/measure.ts';

const rates = (process.argv[2] ?? '100,200,400').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 4);
const { decideOne, round, close, walSyncObservers } = await startInProcessDecisions('pipeline', process.env.ACTIONGATE_ROOT);
let syncs = 0;
walSyncObservers.add(() => syncs++);
try {
  await round(500, 4);
  const lines: string[] = [];
  for (const rate of rates) {
    const count = rate * seconds;
    const gapNs = 1e9 / rate;
    const latencies: number[] = [];
    syncs = 0;
    const began = process.hrtime.bigint();
    const calls: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      // Open loop: each call leaves at its time, whatever happened to the ones before.
      const due = began + BigInt(Math.round(i * gapNs));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (wait > 1) await sleep(Math.floor(wait));
      while (process.hrtime.bigint() < due) await new Promise((resolve) => setImmediate(resolve));
      const sent = process.hrtime.bigint();
      calls.push(decideOne().then(() => void latencies.push(Number(process.hrtime.bigint() - sent) / 1e6)));
    }
    await Promise.all(calls);
    latencies.sort((a, b) => a - b);
    lines.push(
      `${rate} decisions/s: p50 ${fmt(percentile(latencies, 50))} / p90 ${fmt(percentile(latencies, 90))} / p99 ${fmt(percentile(latencies, 99))} ms, ${(syncs / count).toFixed(2)} fdatasyncs per decision`,
    );
  }
  console.log(`${process.env.ACTIONGATE_ROOT ?? 'this checkout'}: ${lines.join('; ')}`);
} finally {
  await close();
}
