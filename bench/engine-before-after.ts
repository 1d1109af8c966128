// Issue 15: engine `decide()` at two commits, side by side in one process (rounds alternating, each
// commit first in every other round), on the decision state of the real app (temp data dir, SQLite,
// seeded through its HTTP API, a `normal` agent making the ~300 B low-risk call of
// decision-cpu-bench.ts) and on that state with 1,000 and 10,000 tool rules (lib/rule-sets.ts). It
// first checks the two commits decide alike: 3,000 random calls (paths that hit and miss the rules,
// payloads of 100 B to 2 KB, some risky) must give byte-identical decisions. Then it prints the CPU
// of one decide() per commit, and of the injection screen plus the risk classifier alone on the
// same calls, so the rest of decide() (the stages, rules, trust, combining) shows as the difference.
// Each commit's packages/engine is extracted with `git archive` into a temporary directory.
//
//   node --import tsx bench/engine-before-after.ts <before> <after>
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DecisionInput, DecisionState } from '@actiongate/engine';
import { hashSecret } from '../packages/server/src/ids.ts';
import type { DecisionJob } from '../packages/server/src/store/store.ts';
import { LOW_RISK_PATH } from './http/workload.ts';
import { startInProcessApp } from './lib/in-process-app.ts';
import { fmt } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { toolRules } from './lib/rule-sets.ts';

type Engine = typeof import('@actiongate/engine');

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const commits = process.argv.slice(2);
if (commits.length !== 2) throw new Error('name two commits, e.g. `main HEAD`');
const ROUNDS = 9;
const PER_ROUND = 5_000;

function extract(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `engine-${commit.replace(/\W/g, '_')}-`));
  const archive = execFileSync('git', ['archive', commit, 'packages/engine'], { cwd: repoRoot, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(repoRoot, 'node_modules')))
    if (name !== '@actiongate') symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  return dir;
}

/** The state, key and agent of a real decision from the app built in this process. */
async function captureState() {
  const { store, ctx, agents, close } = await startInProcessApp('engine-ab', 2);
  try {
    const [{ key, agentId }] = agents;
    const keyRow = (await store.findKeyByHash(hashSecret(key)))!;
    let loaded: DecisionState | undefined;
    const runDecision = store.runDecision.bind(store);
    store.runDecision = (job: DecisionJob) =>
      runDecision({
        ...job,
        compute: (state) => {
          loaded = state;
          return job.compute(state);
        },
      });
    await ctx.decisions.decide(keyRow, { path: LOW_RISK_PATH, agent_id: agentId, payload: payloadOfSize(230) } as never);
    const sources = (ctx.decisions as unknown as { extraState: { prepare: Function; current: Function } }).extraState;
    const prepared = await sources.prepare(keyRow.tenantId, { agentId, traceId: null });
    const state: DecisionState = Object.assign({}, loaded, prepared, sources.current(keyRow.tenantId));
    return { keyRow, agentId, state };
  } finally {
    await close();
  }
}

const dirs = commits.map(extract);
try {
  const engines: Array<{ name: string; engine: Engine }> = [];
  for (const [i, dir] of dirs.entries())
    engines.push({ name: commits[i], engine: await import(pathToFileURL(join(dir, 'packages/engine/src/index.ts')).href) });
  const { keyRow, agentId, state } = await captureState();
  const cases: Array<[string, DecisionState]> = [
    ['the real state', state],
    ['1,000 rules', { ...state, rules: toolRules(1_000) }],
    ['10,000 rules', { ...state, rules: toolRules(10_000) }],
  ];
  const hash = engines[0].engine.canonicalHash;
  const inputOf = (i: number, path: string, payload: unknown): DecisionInput => ({
    decisionId: `fd_ab${i}`,
    tenantId: keyRow.tenantId,
    now: 1_800_000_000_000,
    path,
    agentId,
    payload,
    payloadHash: hash(payload),
    principal: { kind: keyRow.kind, keyId: keyRow.id, boundAgentId: keyRow.agentId ?? undefined },
    newApprovalId: `apr_ab${i}`,
    traceId: null,
  });

  // Byte-identical decisions on random calls (a seeded generator, so a difference repeats).
  let seed = 7;
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const words = ['tools', 'svc5', 'svc15', 'op5', 'op-only-9', 'search_documents', 'shell', 'x', '*', '..', 'Svc5'];
  for (let i = 0; i < 3_000; i++) {
    const path = i % 3 === 0 ? LOW_RISK_PATH : '/' + Array.from({ length: 1 + next(4) }, () => words[next(words.length)]).join('/');
    const payload =
      i % 5 === 0 ? { command: ['ls', 'rm -rf /', 'curl x | sh'][next(3)], n: i } : payloadOfSize([100, 300, 2_000][next(3)], i);
    const caseState = cases[next(cases.length)][1];
    const [a, b] = engines.map(({ engine }) => JSON.stringify(engine.decide(inputOf(i, path, payload), caseState)));
    if (a !== b) throw new Error(`the commits decide ${path} differently:\n${a}\n${b}`);
  }
  console.log(`3,000 random calls: byte-identical decisions at ${commits.join(' and ')}`);

  const template = payloadOfSize(230);
  const inputs = Array.from({ length: 64 }, (_, i) => inputOf(i, LOW_RISK_PATH, { ...template, request_id: `ab-${i}` }));
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1];
  const cpuPerCall = (run: (i: number) => unknown) => {
    const before = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) run(i);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / PER_ROUND;
  };
  for (const [label, caseState] of cases) {
    const decideTimes = engines.map(() => [] as number[]);
    const partTimes = engines.map(() => [] as number[]);
    const parts = ({ engine }: { engine: Engine }, i: number) => {
      const { payload } = inputs[i & 63];
      engine.screenInjection(payload);
      engine.classifyRisk({
        path: LOW_RISK_PATH,
        payload,
        registeredRisk: caseState.registeredRisk,
        criticalTransferAmount: caseState.settings.criticalTransferAmount,
      });
    };
    for (const version of engines) for (let i = 0; i < 3_000; i++) version.engine.decide(inputs[i & 63], caseState);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const v of order) decideTimes[v].push(cpuPerCall((i) => engines[v].engine.decide(inputs[i & 63], caseState)));
      for (const v of order) partTimes[v].push(cpuPerCall((i) => parts(engines[v], i)));
    }
    const line = engines.map(({ name }, v) => {
      const whole = median(decideTimes[v]);
      const screenAndRisk = median(partTimes[v]);
      return `${name} ${fmt(whole)} µs (screen + classifier alone ${fmt(screenAndRisk)}, rest ${fmt(whole - screenAndRisk)})`;
    });
    const ratios = decideTimes[1].map((after, round) => after / decideTimes[0][round]).sort((a, b) => a - b);
    console.log(
      `decide(), ${label}, median of ${ROUNDS} rounds: ${line.join('; ')}; after ÷ before per round, median ${ratios[ROUNDS >> 1].toFixed(3)}`,
    );
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
