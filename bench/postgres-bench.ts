// Issue 14: the mixed workload of http-bench.ts against the bare ceiling, one node on SQLite, one node
// on PostgreSQL and two nodes on one PostgreSQL database (autocannon spreads its connections over
// both), all in one run; then the approval race across the two nodes: per round, a call is held on
// node A, approved on node B, and resent N times at once spread over both nodes; a round passes
// when exactly one resend is ALLOWED and the approval reads `consumed`.
// PostgreSQL 15 starts the way the tests start it (test/support/postgres-server.ts: Debian's binaries,
// a temporary cluster run as `postgres` through runuser, with the tests' settings: fsync=off,
// synchronous_commit=off). Quick mode (`--quick` or BENCH_QUICK=1): 5 s loads after 2 s warm-up, 30 race rounds instead of 1,000.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSharedDatabase, startPostgres } from '../packages/server/test/support/postgres-server.ts';
import type { LoadResult, LoadSpec } from './http/load.ts';
import { seed } from './http/seed.ts';
import { LOW_RISK_PATH, type WorkloadKeys } from './http/workload.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { postgresCpuBetween, postgresCpuMs } from './lib/postgres-cpu.ts';
import { fmt } from './lib/measure.ts';
import { runToEnd, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

export type PostgresTarget =
  'ceiling' | 'sqlite, 1 node' | 'postgres, 1 node' | 'postgres, 2 nodes' | 'postgres, 1 node (baseline)' | 'postgres, 2 nodes (baseline)';

/** Short names for `--targets` (default: all four). */
const TARGET_NAMES: Record<string, PostgresTarget> = {
  ceiling: 'ceiling',
  sqlite: 'sqlite, 1 node',
  pg1: 'postgres, 1 node',
  pg2: 'postgres, 2 nodes',
};

export interface PostgresBenchResult {
  scenarios: Array<{
    target: PostgresTarget;
    result: LoadResult;
    /** CPU per decision (µs, from /proc): the nodes (all of them), and PostgreSQL (every process of the cluster). */
    cpu: { nodesUs: number; postgresUs: number | null };
    queriesPerDecision?: Record<string, number>;
  }>;
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
  /** The targets to load (default all); the race runs whenever `raceRounds` > 0. */
  targets?: PostgresTarget[];
  /** Counts the statements each PostgreSQL node sends per decision (preload lib/pg-query-count.ts). */
  countQueries?: boolean;
  /**
   * Another build of the server (a bundle made from an earlier commit, inside this checkout so it finds
   * node_modules): its one and two PostgreSQL nodes are loaded in the same run, each just before ours.
   */
  baselineBundle?: string;
  /** Writes a CPU profile of each PostgreSQL node into this directory (node --cpu-prof) when it stops. */
  profileDir?: string;
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

const nodesCpuMs = (nodes: Child[]) => nodes.reduce((sum, node) => sum + (cpuMs(node.process.pid!) ?? 0), 0);

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
  const wanted = new Set(options.targets ?? (Object.values(TARGET_NAMES) as PostgresTarget[]));
  const countQueries = options.countQueries ?? false;
  const countFiles = new Map<Child, string>();
  const postgres = await startPostgres();
  try {
    const startReal = async (env: Record<string, string>, counted = false, script = bundle) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-pgbench-'));
      dataDirs.push(dataDir);
      const countFile = join(dataDir, 'pg-queries.json');
      const child = await startNode(script, {
        env: {
          ACTIONGATE_DATA_DIR: dataDir,
          ACTIONGATE_ADMIN_KEY: adminKey,
          ACTIONGATE_LOG_LEVEL: 'warn',
          ACTIONGATE_VAULT_KEY: vaultKey,
          ...(counted ? { PG_QUERY_COUNT_FILE: countFile } : {}),
          ...env,
        },
        imports: counted ? ['./bench/lib/pg-query-count.ts'] : [],
        nodeFlags: options.profileDir && env.ACTIONGATE_DATABASE_URL ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
        probe: '/healthz',
      });
      if (counted) countFiles.set(child, countFile);
      children.push(child);
      return child;
    };
    // Started together: on a loaded machine each start takes tens of seconds.
    const pair = wanted.has('postgres, 2 nodes') || raceRounds > 0;
    const sharedUrl = pair ? await createSharedDatabase(postgres.adminUrl) : '';
    const singleUrl = wanted.has('postgres, 1 node') ? await postgres.createDatabase() : '';
    const none = Promise.resolve(null);
    const baseline = options.baselineBundle;
    const baselineSingleUrl = baseline && wanted.has('postgres, 1 node') ? await postgres.createDatabase() : '';
    const baselineSharedUrl = baseline && wanted.has('postgres, 2 nodes') ? await createSharedDatabase(postgres.adminUrl) : '';
    const [ceiling, sqlite, single, nodeA, nodeB, oldSingle, oldA, oldB] = await Promise.all([
      wanted.has('ceiling')
        ? startNode('bench/http/bare-server.ts', { env: {}, probe: '/fabric/decisions' }).then((child) => {
            children.push(child);
            return child;
          })
        : none,
      wanted.has('sqlite, 1 node') || wanted.has('ceiling') ? startReal({}) : none,
      singleUrl ? startReal({ ACTIONGATE_DATABASE_URL: singleUrl, ACTIONGATE_NODE_ID: 'solo' }, countQueries) : none,
      pair ? startReal({ ACTIONGATE_DATABASE_URL: sharedUrl, ACTIONGATE_NODE_ID: 'node-a' }, countQueries) : none,
      pair ? startReal({ ACTIONGATE_DATABASE_URL: sharedUrl, ACTIONGATE_NODE_ID: 'node-b' }, countQueries) : none,
      baselineSingleUrl ? startReal({ ACTIONGATE_DATABASE_URL: baselineSingleUrl, ACTIONGATE_NODE_ID: 'old-solo' }, false, baseline) : none,
      baselineSharedUrl ? startReal({ ACTIONGATE_DATABASE_URL: baselineSharedUrl, ACTIONGATE_NODE_ID: 'old-a' }, false, baseline) : none,
      baselineSharedUrl ? startReal({ ACTIONGATE_DATABASE_URL: baselineSharedUrl, ACTIONGATE_NODE_ID: 'old-b' }, false, baseline) : none,
    ]);
    const normalAgents = 20;
    // The ceiling answers any key: it is loaded with the SQLite node's keys.
    const sqliteKeys = sqlite ? await seed(baseOf(sqlite), adminKey, normalAgents) : null;
    const singleKeys = single ? await seed(baseOf(single), adminKey, normalAgents) : null;
    const pairKeys = nodeA && wanted.has('postgres, 2 nodes') ? await seed(baseOf(nodeA), adminKey, normalAgents) : null;
    const oldSingleKeys = oldSingle ? await seed(baseOf(oldSingle), adminKey, normalAgents) : null;
    const oldPairKeys = oldA ? await seed(baseOf(oldA), adminKey, normalAgents) : null;
    log(`  started PostgreSQL 15 (test settings) and ${children.length} servers; seeded ${normalAgents} normal agents on each store`);

    const targets: Array<[PostgresTarget, Child[], WorkloadKeys | null]> = [
      ['ceiling', ceiling ? [ceiling] : [], sqliteKeys],
      ['sqlite, 1 node', sqlite ? [sqlite] : [], sqliteKeys],
      ['postgres, 1 node (baseline)', oldSingle ? [oldSingle] : [], oldSingleKeys],
      ['postgres, 1 node', single ? [single] : [], singleKeys],
      ['postgres, 2 nodes (baseline)', oldA && oldB ? [oldA, oldB] : [], oldPairKeys],
      ['postgres, 2 nodes', nodeA && nodeB ? [nodeA, nodeB] : [], pairKeys],
    ];
    /** Statements sent so far by the counted nodes, summed by name (each node writes its counts on SIGUSR2). */
    const sentSoFar = async (nodes: Child[]): Promise<Map<string, number>> => {
      const total = new Map<string, number>();
      for (const node of nodes) {
        const file = countFiles.get(node);
        if (!file) continue;
        node.process.kill('SIGUSR2');
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const [name, n] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>))
          if (typeof n === 'number') total.set(name, (total.get(name) ?? 0) + n); // not `_wire` (socket writes, bytes)
      }
      return total;
    };
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
    for (const [target, nodes, keys] of targets) {
      if (!wanted.has(target.replace(' (baseline)', '') as PostgresTarget) || nodes.length === 0 || !keys) continue;
      const urls = nodes.map(baseOf);
      await load(urls, keys, warmupSeconds);
      const before = countFiles.has(nodes[0]) ? await sentSoFar(nodes) : null;
      const cpuBefore = { nodes: nodesCpuMs(nodes), postgres: await postgresCpuMs(postgres.adminUrl) };
      const result = await load(urls, keys, durationSeconds);
      const cpuAfter = { nodes: nodesCpuMs(nodes), postgres: await postgresCpuMs(postgres.adminUrl) };
      const isPostgres = target.startsWith('postgres');
      const cpu = {
        nodesUs: ((cpuAfter.nodes - cpuBefore.nodes) * 1000) / result.requests,
        postgresUs: isPostgres ? (postgresCpuBetween(cpuBefore.postgres, cpuAfter.postgres) * 1000) / result.requests : null,
      };
      let queriesPerDecision: Record<string, number> | undefined;
      if (before) {
        const after = await sentSoFar(nodes);
        // Per decision written in the window (its row insert), not per answer: the window's edges cut groups.
        const inserts = (counts: Map<string, number>) =>
          (counts.get('decision_insert') ?? 0) + (counts.get('decision_insert_journaled') ?? 0);
        const written = inserts(after) - inserts(before) || result.requests;
        queriesPerDecision = Object.fromEntries(
          [...after]
            .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / written] as const)
            .filter(([, perDecision]) => perDecision >= 0.01)
            .sort((a, b) => b[1] - a[1]),
        );
      }
      scenarios.push({ target, result, cpu, ...(queriesPerDecision ? { queriesPerDecision } : {}) });
      const mix = Object.entries(result.verdicts)
        .map(([verdict, count]) => `${verdict} ${((100 * count) / result.requests).toFixed(0)}%`)
        .join(', ');
      log(
        `  ${target.padEnd(29)} ${fmt(result.rps)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, non-2xx ${result.non2xx}, errors ${result.errors} [${mix}]; CPU per decision: nodes ${fmt(cpu.nodesUs)} µs${cpu.postgresUs === null ? '' : `, PostgreSQL ${fmt(cpu.postgresUs)} µs`}`,
      );
      if (queriesPerDecision) {
        const total = Object.values(queriesPerDecision).reduce((sum, n) => sum + n, 0);
        const top = Object.entries(queriesPerDecision)
          .map(([name, n]) => `${name} ${n.toFixed(2)}`)
          .join(', ');
        log(`    statements per decision: ${total.toFixed(1)} (${top})`);
      }
    }

    // The approval race: bounded rounds; each round a fresh agent so its call is held.
    let passed = 0;
    const allowedPerRound: Record<string, number> = {};
    let failure: string | null = null;
    if (raceRounds > 0 && nodeA && nodeB) {
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
    }

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
  // --targets ceiling,sqlite,pg1,pg2 (default all); --rounds N (race rounds; 0: no race); --count-queries;
  // --profile-dir DIR (CPU profiles of the PostgreSQL nodes); --baseline-bundle FILE (an earlier build, loaded beside ours).
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const targets = value('--targets')
    ?.split(',')
    .map(
      (name) =>
        TARGET_NAMES[name] ??
        (() => {
          throw new Error(`unknown target ${name}; one of ${Object.keys(TARGET_NAMES).join(', ')}`);
        })(),
    );
  const rounds = value('--rounds');
  console.log('HTTP, mixed workload on SQLite and PostgreSQL (one and two nodes), and the approval race');
  const result = await runPostgresBench({
    quick: args.includes('--quick') || process.env.BENCH_QUICK === '1',
    targets,
    raceRounds: rounds === undefined ? undefined : Number(rounds),
    countQueries: args.includes('--count-queries'),
    profileDir: value('--profile-dir'),
    baselineBundle: value('--baseline-bundle'),
  });
  console.log(JSON.stringify(result.race));
}
