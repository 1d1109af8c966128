// Brokered call overhead (issue 18), in one run: the same GET to a local upstream on 127.0.0.1,
// sent directly (undici, keep-alive) and through `POST /fabric/calls` (decided, journaled, fsynced,
// credential injected, DNS check, sent through undici), plus a bare `POST /fabric/decisions` for
// reference. One call at a time, so the figures are latencies, not throughput. Server, upstream
// and client share this process (tsx); see bench/README.md for the figures of a run.
//   node --import tsx bench/brokered-call-bench.ts [iterations]
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore, bootstrap } from '../packages/server/src/index.ts';
import { percentile } from './lib/measure.ts';

const ITERATIONS = Number(process.argv[2] ?? 1000);
const WARMUP = 100;
const ADMIN = 'fk_bench_brokered';

async function timeAsync(fn: () => Promise<void>): Promise<{ p50: number; p90: number; p99: number; mean: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples = new Float64Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples[i] = (performance.now() - t0) * 1000;
  }
  const sorted = samples.sort();
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), mean };
}

const upstream = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true,"items":[1,2,3]}');
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/items`;

const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-bench-broker-'));
const store = new SqliteStore({ dataDir });
await bootstrap(store, ADMIN, Date.now());
const config = { ...configFromEnv({ ACTIONGATE_DATA_DIR: dataDir, PORT: '0', ACTIONGATE_LOG_LEVEL: 'warn' }), adminKey: ADMIN };
const { app } = buildApp({ config, store, keyRing: SigningKeyRing.loadOrCreate(dataDir), logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function post(path: string, body: unknown): Promise<any> {
  const response = await request(base + path, {
    method: 'POST',
    headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = await response.body.json();
  if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode} ${JSON.stringify(parsed)}`);
  return parsed;
}

await post('/fabric/credentials', { name: 'bench', secret: 'bench-secret-value', allowed_hosts: ['127.0.0.1'] });
await post('/fabric/tool-rules', { name: 'bench-http', effect: 'allow', match_path: '/tools/http/' });
await post('/fabric/tool-rules', { name: 'bench-search', effect: 'allow', match_path: '/tools/search' });

const direct = await timeAsync(async () => {
  const response = await request(upstreamUrl, { headers: { authorization: 'Bearer bench-secret-value' } });
  await response.body.text();
});
const brokered = await timeAsync(async () => {
  const result = await post('/fabric/calls', { credential: 'bench', url: upstreamUrl, agent_id: 'bench-agent' });
  if (!result.sent || result.upstream.status !== 200) throw new Error(`not sent: ${result.detail}`);
});
const decision = await timeAsync(async () => {
  const result = await post('/fabric/decisions', { path: '/tools/search', agent_id: 'bench-agent', payload: { q: 'x' } });
  if (result.blocked) throw new Error(`blocked: ${result.detail}`);
});

const us = (n: number) => `${(n / 1000).toFixed(2)} ms`;
console.log(`brokered call overhead, ${ITERATIONS} sequential calls each after ${WARMUP} warm-up (node ${process.version})`);
console.log('| call | p50 | p90 | p99 | mean |');
console.log('|---|---|---|---|---|');
for (const [name, t] of [
  ['direct GET to the upstream', direct],
  ['POST /fabric/calls (same GET, brokered)', brokered],
  ['POST /fabric/decisions (decision only)', decision],
] as const) {
  console.log(`| ${name} | ${us(t.p50)} | ${us(t.p90)} | ${us(t.p99)} | ${us(t.mean)} |`);
}
console.log(`overhead of brokering at p50: ${us(brokered.p50 - direct.p50)}; of which a decision alone: ${us(decision.p50)}`);

await app.close();
await store.close();
upstream.close();
rmSync(dataDir, { recursive: true, force: true });
