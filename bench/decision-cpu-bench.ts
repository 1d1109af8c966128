// Issue 15, a quick loop for cutting CPU per decision: the real app built in this process (temp data
// dir, default SQLite store, durable group commit), seeded through its HTTP API, then
// `DecisionService.decide()` called directly with N in flight (the ~300 B low-risk calls of
// latency-bench.ts), and the process's CPU time (all threads, process.cpuUsage) per decision,
// best of the rounds. No HTTP in the measured part: what is left is the service and the store.
// ACTIONGATE_ROOT=/path/to/other/checkout measures that checkout's server code (before/after in one run).
//   node --import tsx bench/decision-cpu-bench.ts [inflight=16] [decisions per round=3000] [rounds=3]
import { startInProcessDecisions } from './lib/in-process-decisions.ts';
import { fmt } from './lib/measure.ts';

const [inflight, perRound, rounds] = [16, 3_000, 3].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const { decideOne, close } = await startInProcessDecisions('cpu', process.env.ACTIONGATE_ROOT);
try {
  const verdicts: Record<string, number> = {};
  const round = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: inflight }, async () => {
        while (left-- > 0) {
          const verdict = await decideOne();
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
        }
      }),
    );
  };
  await round(1_000);
  const results: number[] = [];
  const systemShare: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = process.cpuUsage();
    await round(perRound);
    const used = process.cpuUsage(before);
    results.push((used.user + used.system) / perRound);
    systemShare.push(used.system / (used.user + used.system));
  }
  console.log(
    `decide() through the service and store, ${inflight} in flight: ${results.map((us) => fmt(us)).join(' / ')} µs CPU per decision (best ${fmt(Math.min(...results))}), of which in the kernel ${systemShare.map((share) => `${Math.round(100 * share)}%`).join(' / ')}; verdicts ${JSON.stringify(verdicts)}`,
  );
} finally {
  await close();
}
