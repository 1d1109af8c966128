// The latency benchmark's client, its own process (no shared event loop with the servers): distinct
// ~300 B low-risk calls of seeded `normal` agents over kept-alive connections, in one of three modes,
// against one or more servers measured side by side (paired in time, so a shared machine's load
// swings hit every server alike):
//   sequential: one call at a time, each after a GET /healthz on the same connection pool, so the
//               decision's latency is compared with the same client's bare round trip; with several
//               servers the calls alternate between them (A, B, A, B…);
//   rate:       open loop at a fixed rate, sends evenly spaced (not autocannon's per-second
//               bursts) whether or not earlier answers came back; servers in turns of one second;
//   inflight:   closed loop with N calls always in flight per server, servers at once (the caller
//               reads the servers' CPU time when this prints `measuring` and when it prints its result).
// Prints one JSON array (a LatencyResult per server, in order) as its last line.
import { Agent, request } from 'node:http';
import { percentile } from '../lib/measure.ts';
import { payloadOfSize } from '../lib/payloads.ts';
import { LOW_RISK_PATH } from './workload.ts';

export interface LatencyTarget {
  port: number;
  /** `token`: an agent token sent as `Authorization: Bearer` instead of the key (bearer-agents.ts). */
  agents: Array<{ key: string; agentId: string; token?: string }>;
}

export interface LatencySpec {
  targets: LatencyTarget[];
  runTag: string;
  mode: 'sequential' | 'rate' | 'inflight';
  /** sequential: calls measured per server (after `warmup`). */
  count?: number;
  warmup?: number;
  /** rate: calls per second per server; inflight: calls in flight per server. */
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
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What one server's answers came to. */
class Tally {
  verdicts: Record<string, number> = {};
  errors = 0;
  constructor(readonly target: LatencyTarget) {}

  /** One distinct low-risk call; resolves to its latency in ms. */
  async decision(agentIndex = n): Promise<number> {
    const { key, agentId, token } = this.target.agents[agentIndex % this.target.agents.length];
    const credential: Record<string, string> = token ? { authorization: `Bearer ${token}` } : { 'x-api-key': key };
    const body = `{"path":"${LOW_RISK_PATH}","agent_id":"${agentId}","payload":${TEMPLATE.replace('__RID__', `${spec.runTag}-${n++}`)}}`;
    const t0 = performance.now();
    try {
      const res = await send(this.target.port, 'POST', '/fabric/decisions', { 'content-type': 'application/json', ...credential }, body);
      const ms = performance.now() - t0;
      const verdict = res.status === 200 ? (/"verdict":"(\w+)"/.exec(res.text)?.[1] ?? 'none') : `http_${res.status}`;
      this.verdicts[verdict] = (this.verdicts[verdict] ?? 0) + 1;
      return ms;
    } catch {
      this.errors++;
      return performance.now() - t0;
    }
  }

  async health(): Promise<number> {
    const t0 = performance.now();
    await send(this.target.port, 'GET', '/healthz', {});
    return performance.now() - t0;
  }
}

const sorted = (values: number[]) => values.sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tallies = spec.targets.map((target) => new Tally(target));

async function sequential(): Promise<LatencyResult[]> {
  const warmup = spec.warmup ?? 200;
  const count = spec.count ?? 1_000;
  const calls = tallies.map(() => [] as number[]);
  const probes = tallies.map(() => [] as number[]);
  const started = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    for (const [t, tally] of tallies.entries()) {
      const h = await tally.health();
      // One agent, as an agent making calls one after another would.
      const d = await tally.decision(0);
      if (i >= warmup) {
        probes[t].push(h);
        calls[t].push(d);
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return tallies.map((tally, t) => {
    sorted(calls[t]);
    sorted(probes[t]);
    return {
      requests: count,
      p50: percentile(calls[t], 50),
      p99: percentile(calls[t], 99),
      max: calls[t].at(-1)!,
      healthP50: percentile(probes[t], 50),
      healthP99: percentile(probes[t], 99),
      rps: (warmup + count) / seconds,
      verdicts: tally.verdicts,
      errors: tally.errors,
    };
  });
}

/** Open loop: call i is due at start + i / rate; the timer wakes for each due call. */
async function atRate(tally: Tally, rate: number, seconds: number, latencies: number[] | null, lags: number[]): Promise<number> {
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0.5) await sleep(wait);
    if (latencies) lags.push(Math.max(0, performance.now() - due));
    pending.push(tally.decision().then((ms) => void latencies?.push(ms)));
  }
  await Promise.all(pending);
  return total;
}

async function steady(): Promise<LatencyResult[]> {
  const rate = spec.rate!;
  // One-second slices taken in turn (A, B, A, B…): each server gets the rate alone, and a swing of
  // the machine's load falls on all of them.
  const slices = async (seconds: number, keep: boolean) => {
    for (let s = 0; s < seconds; s++)
      for (const [t, tally] of tallies.entries()) {
        const started = performance.now();
        sent[t] += await atRate(tally, rate, 1, keep ? latencies[t] : null, lags[t]);
        if (keep) elapsed[t] += (performance.now() - started) / 1000;
      }
  };
  const latencies = tallies.map(() => [] as number[]);
  const lags = tallies.map(() => [] as number[]);
  const sent = tallies.map(() => 0);
  const elapsed = tallies.map(() => 0);
  await slices(spec.warmupSeconds ?? 2, false);
  sent.fill(0);
  await slices(spec.seconds ?? 10, true);
  return tallies.map((tally, t) => {
    sorted(latencies[t]);
    sorted(lags[t]);
    return {
      requests: sent[t],
      p50: percentile(latencies[t], 50),
      p99: percentile(latencies[t], 99),
      max: latencies[t].at(-1)!,
      senderLagP99: percentile(lags[t], 99),
      rps: sent[t] / elapsed[t],
      verdicts: tally.verdicts,
      errors: tally.errors,
    };
  });
}

async function closedLoop(tally: Tally, inflight: number, seconds: number, latencies: number[] | null): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < end) {
        const ms = await tally.decision();
        latencies?.push(ms);
        done++;
      }
    }),
  );
  return done;
}

async function inflight(): Promise<LatencyResult[]> {
  await Promise.all(tallies.map((tally) => closedLoop(tally, spec.inflight!, spec.warmupSeconds ?? 2, null)));
  process.stdout.write('measuring\n');
  return Promise.all(
    tallies.map(async (tally) => {
      const latencies: number[] = [];
      const started = performance.now();
      const done = await closedLoop(tally, spec.inflight!, spec.seconds ?? 10, latencies);
      const elapsed = (performance.now() - started) / 1000;
      sorted(latencies);
      return {
        requests: done,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1)!,
        rps: done / elapsed,
        verdicts: tally.verdicts,
        errors: tally.errors,
      };
    }),
  );
}

const results = spec.mode === 'sequential' ? await sequential() : spec.mode === 'rate' ? await steady() : await inflight();
process.stdout.write(JSON.stringify(results) + '\n');
agent.destroy();
