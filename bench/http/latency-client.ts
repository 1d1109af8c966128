// The latency benchmark's client, its own process (no shared event loop with the server): distinct
// ~300 B low-risk calls of seeded `normal` agents over kept-alive connections, in one of three modes.
//   sequential: one call at a time, each after a GET /healthz on the same connection pool, so the
//               decision's latency is compared with the same client's bare round trip;
//   rate:       open loop at a fixed rate, sends evenly spaced (not autocannon's per-second bursts)
//               whether or not earlier answers came back;
//   inflight:   closed loop with N calls always in flight (the caller reads the server's CPU time
//               when this prints `measuring` and when it prints its result).
// Prints one JSON object (LatencyResult) as its last line.
import { Agent, request } from 'node:http';
import { percentile } from '../lib/measure.ts';
import { payloadOfSize } from '../lib/payloads.ts';
import { LOW_RISK_PATH } from './workload.ts';

export interface LatencySpec {
  port: number;
  agents: Array<{ key: string; agentId: string }>;
  runTag: string;
  mode: 'sequential' | 'rate' | 'inflight';
  /** sequential: calls measured (after `warmup`). */
  count?: number;
  warmup?: number;
  /** rate: calls per second; inflight: calls in flight. */
  rate?: number;
  inflight?: number;
  warmupSeconds?: number;
  seconds?: number;
}

export interface LatencyResult {
  requests: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** sequential: the same client's GET /healthz, milliseconds. */
  healthP50?: number;
  healthP99?: number;
  /** rate: how late the sender was at p99 (ms): above ~1 ms the client, not the server, set the pace. */
  senderLagP99?: number;
  rps: number;
  verdicts: Record<string, number>;
  errors: number;
}

const spec = JSON.parse(process.argv[2]) as LatencySpec;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const TEMPLATE = JSON.stringify(payloadOfSize(230)).replace('req-00000000', '__RID__');
let n = 0;

function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: spec.port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const verdicts: Record<string, number> = {};
let errors = 0;

/** One distinct low-risk call; resolves to its latency in ms. */
async function decision(agentIndex = n): Promise<number> {
  const { key, agentId } = spec.agents[agentIndex % spec.agents.length];
  const body = `{"path":"${LOW_RISK_PATH}","agent_id":"${agentId}","payload":${TEMPLATE.replace('__RID__', `${spec.runTag}-${n++}`)}}`;
  const t0 = performance.now();
  try {
    const res = await send('POST', '/fabric/decisions', { 'content-type': 'application/json', 'x-api-key': key }, body);
    const ms = performance.now() - t0;
    const verdict = res.status === 200 ? (/"verdict":"(\w+)"/.exec(res.text)?.[1] ?? 'none') : `http_${res.status}`;
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    return ms;
  } catch {
    errors++;
    return performance.now() - t0;
  }
}

async function health(): Promise<number> {
  const t0 = performance.now();
  await send('GET', '/healthz', {});
  return performance.now() - t0;
}

const sorted = (values: number[]) => values.sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sequential(): Promise<LatencyResult> {
  const warmup = spec.warmup ?? 200;
  const count = spec.count ?? 1_000;
  const calls: number[] = [];
  const probes: number[] = [];
  const started = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    const h = await health();
    // One agent, as an agent making calls one after another would.
    const d = await decision(0);
    if (i >= warmup) {
      probes.push(h);
      calls.push(d);
    }
  }
  sorted(calls);
  sorted(probes);
  return {
    requests: count,
    p50: percentile(calls, 50),
    p99: percentile(calls, 99),
    max: calls.at(-1)!,
    healthP50: percentile(probes, 50),
    healthP99: percentile(probes, 99),
    rps: ((warmup + count) * 1000) / (performance.now() - started),
    verdicts,
    errors,
  };
}

/** Open loop: call i is due at start + i / rate; the timer wakes for each due call. */
async function atRate(rate: number, seconds: number, keep: boolean, latencies: number[], lags: number[]): Promise<number> {
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0.5) await sleep(wait);
    if (keep) lags.push(Math.max(0, performance.now() - due));
    pending.push(decision().then((ms) => void (keep && latencies.push(ms))));
  }
  await Promise.all(pending);
  return total;
}

async function steady(): Promise<LatencyResult> {
  const rate = spec.rate!;
  const latencies: number[] = [];
  const lags: number[] = [];
  await atRate(rate, spec.warmupSeconds ?? 2, false, latencies, lags);
  const started = performance.now();
  const total = await atRate(rate, spec.seconds ?? 10, true, latencies, lags);
  const elapsed = (performance.now() - started) / 1000;
  sorted(latencies);
  sorted(lags);
  return {
    requests: total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    senderLagP99: percentile(lags, 99),
    rps: total / elapsed,
    verdicts,
    errors,
  };
}

async function closedLoop(inflight: number, seconds: number, latencies: number[] | null): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < end) {
        const ms = await decision();
        latencies?.push(ms);
        done++;
      }
    }),
  );
  return done;
}

async function inflight(): Promise<LatencyResult> {
  await closedLoop(spec.inflight!, spec.warmupSeconds ?? 2, null);
  process.stdout.write('measuring\n');
  const latencies: number[] = [];
  const started = performance.now();
  const done = await closedLoop(spec.inflight!, spec.seconds ?? 10, latencies);
  const elapsed = (performance.now() - started) / 1000;
  sorted(latencies);
  return {
    requests: done,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    rps: done / elapsed,
    verdicts,
    errors,
  };
}

const result = spec.mode === 'sequential' ? await sequential() : spec.mode === 'rate' ? await steady() : await inflight();
process.stdout.write(JSON.stringify(result) + '\n');
agent.destroy();
