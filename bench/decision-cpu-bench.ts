// Issue 15, a quick loop for cutting CPU per decision: the real app built in this process (temp data
// dir, default SQLite store, durable group commit), seeded through its HTTP API, then
// `DecisionService.decide()` called directly with N in flight (the ~300 B low-risk calls of
// latency-bench.ts), and the process's CPU time (all threads, process.cpuUsage) per decision,
// best of the rounds. No HTTP in the measured part: what is left is the service and the store.
//   node --import tsx bench/decision-cpu-bench.ts [inflight=16] [decisions per round=3000] [rounds=3]
import { hashSecret } from '../packages/server/src/ids.ts';
import { LOW_RISK_PATH } from './http/workload.ts';
import { startInProcessApp } from './lib/in-process-app.ts';
import { fmt } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';

const [inflight, perRound, rounds] = [16, 3_000, 3].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const { ctx, store, agents, close } = await startInProcessApp('cpu-bench');
try {
  const keys = await Promise.all(agents.map(async ({ key, agentId }) => ({ row: (await store.findKeyByHash(hashSecret(key)))!, agentId })));
  const template = payloadOfSize(230);
  let n = 0;
  const verdicts: Record<string, number> = {};
  const one = async () => {
    const { row, agentId } = keys[n % keys.length];
    const decided = await ctx.decisions.decide(row, {
      path: LOW_RISK_PATH,
      agent_id: agentId,
      payload: { ...template, request_id: `cpu-${n++}` },
    } as never);
    verdicts[decided.verdict] = (verdicts[decided.verdict] ?? 0) + 1;
  };
  const round = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: inflight }, async () => {
        while (left-- > 0) await one();
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
