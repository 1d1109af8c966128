// Issue 15: the CPU of a decision outside HTTP and SQL, now and at earlier commits, side by side in
// one process (rounds interleaved, so a busy machine slows every version alike): the decision
// service's own work (payload hash, state merge, engine decide(), signed payload, Ed25519 signature,
// row) through `DecisionService.decide()` on a store stand-in that hands it a real decision state at
// once, then what the store does per decision with code outside SQL: the journal record's
// canonical JSON and hashes, the trust record updates and the packed payload-and-stages body.
// The state is captured from the real app (temp data dir, SQLite, seeded through its HTTP API, a
// `normal` agent making the ~300 B low-risk call of decision-cpu-bench.ts). Each commit's
// packages/engine and packages/server/src are extracted with `git archive` into a temporary
// directory whose node_modules borrows this tree's, except `@actiongate/engine`, which is its own.
//
//   node --import tsx bench/decision-parts-before-after.ts main HEAD
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashSecret } from '../packages/server/src/ids.ts';
import type { DecisionJob } from '../packages/server/src/store/store.ts';
import { LOW_RISK_PATH } from './http/workload.ts';
import { startInProcessApp } from './lib/in-process-app.ts';
import { fmt } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const commits = process.argv.slice(2);
if (commits.length === 0) throw new Error('name the commits to compare, e.g. `main HEAD`');
const ROUNDS = 7;
const PER_ROUND = 3_000;

function extract(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `parts-${commit.replace(/\W/g, '_')}-`));
  const archive = execFileSync('git', ['archive', commit, 'packages/engine', 'packages/server/src'], { cwd: repoRoot, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // This tree's packages, except the engine, which must be the commit's own.
  mkdirSync(join(dir, 'node_modules', '@actiongate'), { recursive: true });
  for (const name of readdirSync(join(repoRoot, 'node_modules')))
    if (name !== '@actiongate') symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  symlinkSync(join(dir, 'packages', 'engine'), join(dir, 'node_modules', '@actiongate', 'engine'));
  // The server's own node_modules (e.g. better-sqlite3), as in this tree.
  symlinkSync(join(repoRoot, 'packages', 'server', 'node_modules'), join(dir, 'packages', 'server', 'node_modules'));
  return dir;
}

/** Captures the state, key and extra state of a real decision from the app built in this process. */
async function captureDecision() {
  const { store, ctx, agents, close } = await startInProcessApp('parts-bench', 2);
  try {
    const [{ key, agentId }] = agents;
    const keyRow = (await store.findKeyByHash(hashSecret(key)))!;
    let state: unknown;
    const runDecision = store.runDecision.bind(store);
    store.runDecision = (job: DecisionJob) =>
      runDecision({
        ...job,
        compute: (loaded) => {
          state = loaded;
          return job.compute(loaded);
        },
      });
    const decided = await ctx.decisions.decide(keyRow, { path: LOW_RISK_PATH, agent_id: agentId, payload: payloadOfSize(230) } as never);
    if (decided.verdict !== 'ALLOWED') throw new Error(`expected an allowed call, got ${decided.verdict}`);
    const sources = (ctx.decisions as unknown as { extraState: { prepare: Function; current: Function } }).extraState;
    const prepared = await sources.prepare(keyRow.tenantId, { agentId, traceId: null });
    const current = sources.current(keyRow.tenantId);
    return { keyRow, agentId, state, prepared, current };
  } finally {
    await close();
  }
}

interface Version {
  name: string;
  /** One decision's work; returns its verdict. */
  run(n: number): Promise<string>;
}

async function load(commit: string, captured: Awaited<ReturnType<typeof captureDecision>>): Promise<Version & { dir: string }> {
  const dir = extract(commit);
  const url = (path: string) => pathToFileURL(join(dir, path)).href;
  const { DecisionService } = await import(url('packages/server/src/decision-service.ts'));
  const { decisionRecord } = await import(url('packages/server/src/journal/journal-records.ts'));
  const { encodeDecisionBody } = await import(url('packages/server/src/store/sqlite/decision-body.ts'));
  const { SigningKeyRing: Ring } = await import(url('packages/server/src/signing-keys.ts'));
  const engine = await import(url('packages/engine/src/index.ts'));
  const { keyRow, agentId, state, prepared, current } = captured;
  let previous: { seq: number; entry_hash: string } | null = null;
  // The store's work per decision that is not SQL (decision-transaction.ts, sqlite-journal.ts, sqlite-store.ts).
  const store = {
    async runDecision(job: DecisionJob) {
      const { decision, row } = job.compute(state as never);
      engine.recordOutcome((state as { agent: never }).agent, 'approved', job.now);
      engine.recordOutcome((state as { key: never }).key, 'approved', job.now);
      const text = engine.canonicalJson(decisionRecord(row));
      const entry = engine.chainEntry(previous, {
        type: 'decision',
        ref_id: row.id,
        time: new Date(row.createdAt).toISOString(),
        content_hash: createHash('sha256').update(text).digest('hex'),
      });
      previous = entry;
      Buffer.from(entry.entry_hash, 'hex');
      encodeDecisionBody(JSON.stringify(row.payload ?? {}), row.stages);
      return { ...row, seq: entry.seq, verdict: decision.verdict };
    },
  };
  const sources = { prepare: async () => prepared, current: () => current };
  const service = new DecisionService(store, Ring.ephemeral(), Date.now, undefined, sources);
  const template = payloadOfSize(230);
  return {
    name: commit,
    dir,
    async run(n) {
      const row = await service.decide(keyRow, {
        path: LOW_RISK_PATH,
        agent_id: agentId,
        payload: { ...template, request_id: `parts-${n}` },
      });
      return row.verdict;
    },
  };
}

const captured = await captureDecision();
const versions = [];
for (const commit of commits) versions.push(await load(commit, captured));
try {
  const times = new Map<string, number[]>(versions.map((version) => [version.name, []]));
  let n = 0;
  for (const version of versions) for (let i = 0; i < 500; i++) if ((await version.run(n++)) !== 'ALLOWED') throw new Error('not allowed');
  for (let round = 0; round < ROUNDS; round++) {
    for (const version of versions) {
      const before = process.cpuUsage();
      for (let i = 0; i < PER_ROUND; i++) await version.run(n++);
      const used = process.cpuUsage(before);
      times.get(version.name)!.push((used.user + used.system) / PER_ROUND);
    }
  }
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(12)} ${fmt(sorted[0])} µs best, ${fmt(sorted[Math.floor(sorted.length / 2)])} µs median CPU per decision (rounds: ${list.map((us) => fmt(us)).join(' / ')})`,
    );
  }
} finally {
  for (const version of versions) rmSync(version.dir, { recursive: true, force: true });
}
