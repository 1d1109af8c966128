// The load generator, run as its own process so it does not share an event loop with either
// server: autocannon cycling through the mixed workload, with our own latency histogram at
// microsecond resolution (autocannon's own histogram counts whole milliseconds). Prints one JSON
// object on stdout.
import autocannon from 'autocannon';
import { percentile } from '../lib/measure.ts';
import { nthRequest, type Kind, type WorkloadKeys } from './workload.ts';

export interface LoadSpec {
  url: string;
  /** Several servers (autocannon spreads the connections over them round robin); overrides `url`. */
  urls?: string[];
  path: string;
  keys: WorkloadKeys;
  runTag: string;
  connections: number;
  durationSeconds: number;
  /** Fixed total rate (requests per second); unset: as fast as the server answers. */
  overallRate?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  p999: number;
  /** Milliseconds, over the answers that were served (HTTP 200) only: shed answers are fast by design. */
  p99Served?: number;
  /** Slowest answer of any status, milliseconds. */
  maxMs?: number;
  verdicts: Record<string, number>;
  sent: Record<Kind, number>;
  /** Server CPU time per request (µs), added by the caller that knows the server's pid. */
  cpuUsPerRequest?: number;
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
let n = 0;
const sent: Record<Kind, number> = { allowed: 0, held: 0, blocked: 0 };
const verdicts: Record<string, number> = {};
const latencies: number[] = [];
const servedLatencies: number[] = [];

const instance = autocannon(
  {
    url: spec.urls ?? spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    overallRate: spec.overallRate,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: spec.path,
        setupRequest: (request: Record<string, unknown>) => {
          const planned = nthRequest(n++, spec.keys, spec.runTag);
          sent[planned.kind]++;
          return { ...request, headers: { 'content-type': 'application/json', 'x-api-key': planned.apiKey }, body: planned.body };
        },
        onResponse: (status: number, body: string) => {
          const verdict = status === 200 ? (/"verdict":"(\w+)"/.exec(body)?.[1] ?? 'none') : `http_${status}`;
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
        },
      },
    ],
  } as autocannon.Options,
  (error, result) => {
    if (error) {
      process.stderr.write(`autocannon failed: ${error.message}\n`);
      process.exit(1);
    }
    latencies.sort((a, b) => a - b);
    const out: LoadResult = {
      requests: result.requests.total,
      rps: result.requests.total / (result.duration || spec.durationSeconds),
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      p999: percentile(latencies, 99.9),
      p99Served: percentile(
        servedLatencies.sort((a, b) => a - b),
        99,
      ),
      maxMs: latencies[latencies.length - 1] ?? 0,
      verdicts,
      sent,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
  },
);
instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
  latencies.push(responseTime);
  if (status === 200) servedLatencies.push(responseTime);
});
