// Issue 14: the mixed workload of http-bench.ts against the bare ceiling, one node on SQLite, one node
// on PostgreSQL and two nodes on one PostgreSQL database (autocannon spreads its connections over
// both), all in one run; then the approval race across the two nodes: per round, a call is held on
// node A, approved on node B, and resent N times at once spread over both nodes; a round passes
// when exactly one resend is ALLOWED and the approval reads `consumed`.
// PostgreSQL 15 starts the way the tests start it (test/support/postgres-server.ts: Debian's binaries,
// a temporary cluster run as `postgres` through runuser, with the tests' settings: fsync=off,
// synchronous_commit=off). Quick mode (`--quick` or BENCH_QUICK=1): 5 s loads after 2 s warm-up, 30 race rounds instead of 1,000.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSharedDatabase, startPostgres } from '../packages/server/test/support/postgres-server.ts';
import type { LoadResult, LoadSpec } from './http/load.ts';
import { seed } from './http/seed.ts';
import { LOW_RISK_PATH, type WorkloadKeys } from './http/workload.ts';
import { fmt } from './lib/measure.ts';
import { runToEnd, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

export type PostgresTarget = 'ceiling' | 'sqlite, 1 node' | 'postgres, 1 node' | 'postgres, 2 nodes';

export interface PostgresBenchResult {
  scenarios: Array<{ target: PostgresTarget; result: LoadResult }>;
  race: { rounds: number; passed: number; resends: number; allowedPerRound: Record<string, number>; failure: string | null };
  config: { connections: number; durationSeconds: number; warmupSeconds: number; quick: boolean; postgresSettings: string };
}

export interface PostgresBenchOptions {
  quick?: boolean;
  connections?: number;
  durationSeconds?: number;
  warmupSeconds?: number;
  raceRounds?: number;
  raceResends?: number;
  log?: (line: string) => void;
}

async function api(base: string, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(base + path, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const baseOf = (child: Child) => `http://127.0.0.1:${child.port}`;

export async function runPostgresBench(options: PostgresBenchOptions = {}): Promise<PostgresBenchResult> {
  const log = options.log ?? console.log;
  const quick = options.quick ?? false;
  const connections = options.connections ?? 50;
  const durationSeconds = options.durationSeconds ?? (quick ? 5 : 10);
  const warmupSeconds = options.warmupSeconds ?? (quick ? 2 : 3);
  const raceRounds = options.raceRounds ?? (quick ? 30 : 1_000);
  const raceResends = options.raceResends ?? 40;
  const adminKey = `fk_pgbench_${process.pid}_${Date.now()}`;
  // Nodes on one database share the vault key the database's secrets are sealed with.
  const vaultKey = randomBytes(32).toString('hex');
  const bundle = serverBundle();
  const dataDirs: string[] = [];
  const children: Child[] = [];
  const postgres = await startPostgres();
  try {
    const startReal = async (env: Record<string, string>) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-pgbench-'));
      dataDirs.push(dataDir);
      const child = await startNode(bundle, {
        env: {
          ACTIONGATE_DATA_DIR: dataDir,
          ACTIONGATE_ADMIN_KEY: adminKey,
          ACTIONGATE_LOG_LEVEL: 'warn',
          ACTIONGATE_VAULT_KEY: vaultKey,
          ...env,
        },
        probe: '/healthz',
      });
      children.push(child);
      return child;
    };
    // Started together: on a loaded machine each start takes tens of seconds.
    const sharedUrl = await createSharedDatabase(postgres.adminUrl);
    const singleUrl = await postgres.createDatabase();
    const ceilingStart = startNode('bench/http/bare-server.ts', { env: {}, probe: '/fabric/decisions' }).then((child) => {
      children.push(child);
      return child;
    });
    const [ceiling, sqlite, single, nodeA, nodeB] = await Promise.all([
      ceilingStart,
      startReal({}),
      startReal({ ACTIONGATE_DATABASE_URL: singleUrl, ACTIONGATE_NODE_ID: 'solo' }),
      startReal({ ACTIONGATE_DATABASE_URL: sharedUrl, ACTIONGATE_NODE_ID: 'node-a' }),
      startReal({ ACTIONGATE_DATABASE_URL: sharedUrl, ACTIONGATE_NODE_ID: 'node-b' }),
    ]);
    const normalAgents = 20;
    const sqliteKeys = await seed(baseOf(sqlite), adminKey, normalAgents);
    const singleKeys = await seed(baseOf(single), adminKey, normalAgents);
    const pairKeys = await seed(baseOf(nodeA), adminKey, normalAgents);
    log(`  started PostgreSQL 15 (test settings) and 5 servers; seeded ${normalAgents} normal agents on each store`);

    const targets: Array<[PostgresTarget, string[], WorkloadKeys]> = [
      ['ceiling', [baseOf(ceiling)], sqliteKeys],
      ['sqlite, 1 node', [baseOf(sqlite)], sqliteKeys],
      ['postgres, 1 node', [baseOf(single)], singleKeys],
      ['postgres, 2 nodes', [baseOf(nodeA), baseOf(nodeB)], pairKeys],
    ];
    const scenarios: PostgresBenchResult['scenarios'] = [];
    let run = 0;
    const load = async (urls: string[], keys: WorkloadKeys, seconds: number): Promise<LoadResult> => {
      const spec: LoadSpec = {
        url: urls[0],
        urls,
        path: '/fabric/decisions',
        keys,
        runTag: `pg${run++}`,
        connections,
        durationSeconds: seconds,
      };
      return JSON.parse((await runToEnd('bench/http/load.ts', [JSON.stringify(spec)])).trim().split('\n').pop()!);
    };
    for (const [target, urls, keys] of targets) {
      await load(urls, keys, warmupSeconds);
      const result = await load(urls, keys, durationSeconds);
      scenarios.push({ target, result });
      const mix = Object.entries(result.verdicts)
        .map(([verdict, count]) => `${verdict} ${((100 * count) / result.requests).toFixed(0)}%`)
        .join(', ');
      log(
        `  ${target.padEnd(18)} ${fmt(result.rps)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, non-2xx ${result.non2xx}, errors ${result.errors} [${mix}]`,
      );
    }

    // The approval race: bounded rounds; each round a fresh agent so its call is held.
    let passed = 0;
    const allowedPerRound: Record<string, number> = {};
    let failure: string | null = null;
    // Whoever asked may not approve their own call: a separate approver key approves.
    const approver = (await api(baseOf(nodeA), adminKey, 'POST', '/fabric/api-keys', { name: 'race-approver', role: 'approver' })).body
      .api_key as string;
    for (let round = 0; round < raceRounds; round++) {
      const call = { path: LOW_RISK_PATH, agent_id: `racer-${round}`, payload: { query: `race ${round}` } };
      const held = await api(baseOf(nodeA), adminKey, 'POST', '/fabric/decisions', call);
      // A round that cannot be set up fails (and says why once); it never counts as passed.
      if (held.body?.verdict !== 'REQUIRE_APPROVAL') {
        if (!failure) failure = `round ${round}: expected a hold, got ${JSON.stringify(held.body).slice(0, 300)}`;
        continue;
      }
      const approvalId = held.body.stages.find((stage: any) => stage.data?.approval_id).data.approval_id as string;
      const approved = await api(baseOf(nodeB), approver, 'POST', `/fabric/approvals/${approvalId}/approve`, {});
      if (approved.status !== 200) {
        if (!failure) failure = `round ${round}: approve answered ${approved.status}`;
        continue;
      }
      const resends = await Promise.all(
        Array.from({ length: raceResends }, (_, i) =>
          api(baseOf(i % 2 === 0 ? nodeA : nodeB), adminKey, 'POST', '/fabric/decisions', call),
        ),
      );
      const allowed = resends.filter((res) => res.status === 200 && res.body.verdict === 'ALLOWED').length;
      const after = await api(baseOf(nodeA), adminKey, 'GET', `/fabric/approvals/${approvalId}`);
      allowedPerRound[allowed] = (allowedPerRound[allowed] ?? 0) + 1;
      if (allowed === 1 && after.body?.status === 'consumed' && resends.every((res) => res.status === 200)) passed++;
    }
    log(
      `  approval race across 2 nodes: ${passed}/${raceRounds} rounds ran exactly once (${raceResends} concurrent resends each)${failure ? `; first failure: ${failure}` : ''}`,
    );
    return {
      scenarios,
      race: { rounds: raceRounds, passed, resends: raceResends, allowedPerRound, failure },
      config: {
        connections,
        durationSeconds,
        warmupSeconds,
        quick,
        postgresSettings: 'PostgreSQL 15, test settings: fsync=off, synchronous_commit=off, full_page_writes=off',
      },
    };
  } finally {
    for (const child of children) await stop(child.process);
    await postgres.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('HTTP, mixed workload on SQLite and PostgreSQL (one and two nodes), and the approval race');
  const result = await runPostgresBench({ quick: process.argv.includes('--quick') || process.env.BENCH_QUICK === '1' });
  console.log(JSON.stringify(result.race));
}
