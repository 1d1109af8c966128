// Overload (issue 23): 1,000 connections at full speed against the real server (the bundle `npm start`
// runs, own process, durable group commit), once with load shedding off and once with the default
// thresholds. Reports the share of calls shed (503 with Retry-After, never a verdict), the p99 of the
// answers that were served, the slowest answer, client timeouts (10 s), and how long a /healthz probe
// waited meanwhile (one every 250 ms). Run: node --import tsx bench/overload-bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult, LoadSpec } from './http/load.ts';
import { seed } from './http/seed.ts';
import { fmt, percentile } from './lib/measure.ts';
import { runToEnd, serverBundle, startNode, stop } from './lib/processes.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 10);

interface OverloadRow {
  variant: string;
  result: LoadResult;
  probeP99Ms: number;
  probeMaxMs: number;
  probeFailures: number;
}

async function run(variant: string, env: Record<string, string>): Promise<OverloadRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-overload-'));
  const adminKey = `fk_overload_${process.pid}_${Date.now()}`;
  const child = await startNode(serverBundle(), {
    env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey, ACTIONGATE_LOG_LEVEL: 'error', ...env },
    probe: '/healthz',
  });
  try {
    const base = `http://127.0.0.1:${child.port}`;
    const keys = await seed(base, adminKey, 20);
    const probes: number[] = [];
    let probeFailures = 0;
    let loading = true;
    const prober = (async () => {
      while (loading) {
        const started = performance.now();
        try {
          const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(15_000) });
          if (res.status !== 200) probeFailures++;
          await res.arrayBuffer();
        } catch {
          probeFailures++;
        }
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const spec: LoadSpec = {
      url: base,
      path: '/fabric/decisions',
      keys,
      runTag: variant.replace(/\W+/g, '-'),
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
    };
    const result = JSON.parse((await runToEnd('bench/http/load.ts', [JSON.stringify(spec)])).trim().split('\n').pop()!) as LoadResult;
    loading = false;
    await prober;
    probes.sort((a, b) => a - b);
    return { variant, result, probeP99Ms: percentile(probes, 99), probeMaxMs: probes[probes.length - 1] ?? 0, probeFailures };
  } finally {
    await stop(child.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Overload: ${CONNECTIONS} connections, ${SECONDS} s at full speed, real server`);
const rows = [await run('shedding off', { ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0' }), await run('shedding on (defaults)', {})];
for (const { variant, result, probeP99Ms, probeMaxMs, probeFailures } of rows) {
  const shed = result.verdicts.http_503 ?? 0;
  const served = result.requests - result.non2xx;
  console.log(
    `  ${variant.padEnd(24)} answers ${result.requests} (${fmt(result.rps)}/s), served ${served}, shed ${fmt((100 * shed) / Math.max(1, result.requests))}%, ` +
      `p99 served ${fmt(result.p99Served ?? NaN)} ms, p99 all ${fmt(result.p99)} ms, max ${fmt(result.maxMs ?? NaN)} ms, timeouts ${result.timeouts}, errors ${result.errors}, ` +
      `other non-2xx ${result.non2xx - shed}; /healthz p99 ${fmt(probeP99Ms)} ms, max ${fmt(probeMaxMs)} ms, failed ${probeFailures}`,
  );
}
