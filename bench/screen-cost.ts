// The injection screen's cost per call and per KB on the inputs a decision sees, and the time to
// load its modules. Inputs: (a) decision payloads, the latency bench's ~300 B low-risk search
// call (bench/http/latency-client.ts: payloadOfSize(230), a distinct request id per call) and the
// engine bench's 300 B payloads; (b) the bare rows of pi_bipia and pi_notinject_injecguard (what
// `npm run eval:screen`'s cost line screens) and every fortieth long document (2 KB or more) of every
// injection set under ../shared/data; (c) every third row of the long-document set (6-20 KB reports,
// logs, pages, transcripts, with or without an order planted mid-text). Each figure is the median of ROUNDS rounds of process CPU
// time, after one warm pass (the first calls compile the expressions and load the model).
//
// Alone: the working tree's screen, in this process.
//   node --import tsx bench/screen-cost.ts
// Paired: another engine root (a checkout holding packages/engine, e.g. main's) and the working
// tree, each in its own process, processes alternated `--runs` times (one process holding two
// engines slows whichever loads second; ninth session); prints each run and the ratio of medians.
//   node --import tsx bench/screen-cost.ts --before /work/main --runs 3   [--quick: no long documents, 3 rounds]
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { payloadOfSize } from './lib/payloads.ts';
import { dataRows, setTexts } from './lib/screen-rows.ts';
import { longDocumentRows, longDocumentText } from '../packages/engine/test/support/long-documents.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 3 : 5;
const LONG_CHARS = 2048;
const LONG_EVERY = 40;
/** Every third row of the long-document set (cases/screen-long-documents.json, 6-20 KB, orders planted mid-text). */
const PLANTED_EVERY = 3;

type Figures = Record<string, number>;

/** Every row's text of the injection sets. */
function injectionRows(): string[] {
  return ['pi_bipia', 'pi_notinject_injecguard', 'pi_garak', 'pi_promptfoo'].flatMap((set) => setTexts(dataRoot, set));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** In this process: load the screen under `root` and measure it; one JSON line of figures. */
async function measure(root: string): Promise<Figures> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const { screenInjection } = (await import(join(root, 'packages/engine/src/injection/screen-injection.ts'))) as {
    screenInjection: (payload: unknown) => unknown;
  };
  const loadCpu = process.cpuUsage(cpu0);
  const figures: Figures = {
    'module load, ms wall': performance.now() - wall0,
    'module load, ms CPU': (loadCpu.user + loadCpu.system) / 1000,
  };
  const cpuFirst = process.cpuUsage();
  screenInjection(payloadOfSize(230));
  const first = process.cpuUsage(cpuFirst);
  figures['first call, ms CPU'] = (first.user + first.system) / 1000;

  const template = JSON.stringify(payloadOfSize(230));
  const decisions = Array.from({ length: 64 }, (_, i) => JSON.parse(template.replace('req-00000000', `run-${i}`)) as unknown);
  const rows = dataRows(dataRoot).map((text) => ({ content: text }));
  // Every fortieth long document (~30 documents): one round stays within seconds on a busy machine.
  // --quick (a busy machine): no long documents, and three rounds.
  const long = QUICK
    ? []
    : injectionRows()
        .filter((text) => text.length >= LONG_CHARS)
        .filter((_, i) => i % LONG_EVERY === 0)
        .map((text) => ({ content: text }));
  const planted = QUICK
    ? []
    : longDocumentRows.filter((_, i) => i % PLANTED_EVERY === 0).map((row) => ({ content: longDocumentText(row) }));
  const inputs: Array<[string, unknown[], number]> = [
    ['decision ~300 B (latency bench)', decisions, 20],
    ['payloads 300 B (engine bench)', Array.from({ length: 64 }, (_, i) => payloadOfSize(300, i)), 20],
    [`bipia + notinject rows (${rows.length})`, rows, 1],
    [`long documents >= 2 KB (${long.length})`, long, 1],
    [`long-document rows 6-20 KB (${planted.length})`, planted, 1],
  ];
  for (const [, payloads] of inputs) for (const payload of payloads) screenInjection(payload);
  const perCall = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const [label, payloads, repeat] of inputs) {
      if (payloads.length === 0) continue;
      const before = process.cpuUsage();
      for (let r = 0; r < repeat; r++) for (const payload of payloads) screenInjection(payload);
      const used = process.cpuUsage(before);
      perCall.set(label, [...(perCall.get(label) ?? []), (used.user + used.system) / repeat / payloads.length]);
    }
  for (const [label, payloads] of inputs) {
    if (payloads.length === 0) continue;
    const kbPerCall = payloads.reduce<number>((sum, p) => sum + JSON.stringify(p).length, 0) / 1024 / payloads.length;
    const us = median(perCall.get(label)!);
    figures[`${label}, µs/call`] = us;
    figures[`${label}, µs/KB`] = us / kbPerCall;
  }
  return figures;
}

function table(columns: Array<[string, Figures[]]>): void {
  const labels = Object.keys(columns[0][1][0]);
  console.log(['figure'.padEnd(44), ...columns.map(([name]) => name.padStart(28))].join(' '));
  for (const label of labels)
    console.log(
      [
        label.padEnd(44),
        ...columns.map(([, runs]) =>
          runs
            .map((r) => r[label].toFixed(1))
            .join(' / ')
            .padStart(28),
        ),
      ].join(' '),
    );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    console.log(JSON.stringify(await measure(args[1])));
    return;
  }
  const beforeAt = args.indexOf('--before');
  const runsAt = args.indexOf('--runs');
  if (beforeAt < 0) {
    const figures = await measure(repoRoot);
    console.log(`screenInjection, working tree, median of ${ROUNDS} rounds (process CPU)\n`);
    table([['working tree', [figures]]]);
    return;
  }
  const before = resolve(args[beforeAt + 1]);
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
  const child = (root: string): Figures =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', root, ...(QUICK ? ['--quick'] : [])], {
        cwd: repoRoot,
        maxBuffer: 1 << 24,
      })
        .toString()
        .trim()
        .split('\n')
        .pop()!,
    ) as Figures;
  const a: Figures[] = [];
  const b: Figures[] = [];
  for (let run = 0; run < runs; run++) {
    a.push(child(before));
    b.push(child(repoRoot));
  }
  console.log(`screenInjection, median of ${ROUNDS} rounds per process, ${runs} process pairs alternated (before, after, before, …)\n`);
  table([
    [before, a],
    ['working tree', b],
  ]);
  console.log('\nafter / before, ratio of the medians over the runs');
  for (const label of Object.keys(a[0]))
    console.log(`${label.padEnd(44)} ${(median(b.map((r) => r[label])) / median(a.map((r) => r[label]))).toFixed(3)}`);
}

await main();
