// Issue 15: what the HTTP layer of `POST /fabric/decisions` costs on its own. The real app is built in
// this process (temp data dir, default SQLite store), seeded through its API, and measured with the
// latency client twice: once as it is, once with `DecisionService.decide()` swapped for one that
// answers the last recorded decision again (no engine, signature or commit; every hook, the auth,
// body parsing, validation, metrics and the serialisation of the record still run). Prints, for
// both, the server's CPU per request at 16 in flight (all threads, process.cpuUsage) and the
// sequential p50 beside the same client's GET /healthz p50; the swapped one also at the rate the
// real decisions reached. A measuring device, never the service.
//   node --import tsx bench/http-layer-bench.ts [seconds=6] [sequential calls=500]
import { client } from './latency-bench.ts';
import { startInProcessApp } from './lib/in-process-app.ts';
import { fmt } from './lib/measure.ts';

const [seconds, sequentialCalls] = [6, 500].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const { ctx, port, agents, close } = await startInProcessApp('http-layer');
try {
  const target = { port, agents };
  const measure = async (label: string, runTag: string) => {
    const [sequential] = await client({ targets: [target], runTag: `${runTag}s`, mode: 'sequential', count: sequentialCalls, warmup: 200 });
    let before = process.cpuUsage();
    const [inflight] = await client(
      { targets: [target], runTag: `${runTag}i`, mode: 'inflight', inflight: 16, warmupSeconds: 2, seconds },
      () => {
        before = process.cpuUsage();
      },
    );
    const used = process.cpuUsage(before);
    const cpuUs = (used.user + used.system) / inflight.requests;
    console.log(
      `${label}: ${fmt(cpuUs)} µs CPU per request at 16 in flight (${fmt(inflight.rps)}/s); sequential p50 ${fmt(sequential.p50)} ms, /healthz p50 ${fmt(sequential.healthP50!)} ms; ${JSON.stringify(inflight.verdicts)}`,
    );
    return { cpuUs, rps: inflight.rps };
  };
  // CPU per request falls as the rate rises (fixed costs of each event-loop turn are shared), so the
  // HTTP layer alone is also measured at the rate the real decisions reached.
  const atRate = async (label: string, runTag: string, rate: number) => {
    const before = process.cpuUsage();
    const [steady] = await client({ targets: [target], runTag, mode: 'rate', rate, warmupSeconds: 0, seconds });
    const used = process.cpuUsage(before);
    const cpuUs = (used.user + used.system) / steady.requests;
    console.log(
      `${label}: ${fmt(cpuUs)} µs CPU per request at a steady ${fmt(rate)}/s; p50 ${fmt(steady.p50)} ms; ${JSON.stringify(steady.verdicts)}`,
    );
    return cpuUs;
  };
  const whole = await measure('decisions (HTTP layer + decide + commit)', 'w');
  // From here on decide() answers the last decision it recorded: the HTTP layer alone.
  const real = ctx.decisions.decide.bind(ctx.decisions);
  let recorded: Awaited<ReturnType<typeof real>> | null = null;
  ctx.decisions.decide = async (...args) => (recorded ??= await real(...args));
  await measure('HTTP layer alone (decide answers a recorded decision)', 'h');
  const rate = Math.round(whole.rps);
  const http = await atRate("HTTP layer alone at the decisions' rate", 'r', rate);
  console.log(`HTTP layer share of the CPU per decision at ${fmt(rate)}/s: ${fmt((100 * http) / whole.cpuUs)}%`);
} finally {
  await close();
}
