// The learned screen's own CPU cost (learnedScore, the model half of the injection screen) per KB
// of text at several commits, each engine alone in its own process, runs alternated (as
// screen-cost-per-process.ts does for the whole screen, whose figure the rules dominate). Inputs:
// the bare rows of pi_bipia and pi_notinject_injecguard, and the same rows in seven languages'
// worth of our own texts (screen-own-texts.ts), which hold the words the structural classes read.
//
//   node --import tsx bench/learned-score-cost.ts 57ff652 [--runs 2]
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractEngine } from './lib/engine-at-commit.ts';
import { dataRows } from './lib/screen-rows.ts';
import { ownExamples } from '../scripts/lib/screen-own-texts.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const ROUNDS = 5;

/** In a child: µs CPU per KB of learnedScore under `root`, best of the rounds, per input. */
async function measure(root: string): Promise<void> {
  const { learnedScore } = await import(join(root, 'packages/engine/src/injection/learned-screen.ts'));
  const inputs: Array<[string, string[]]> = [
    ['data rows', dataRows(dataRoot)],
    ['own texts', ownExamples().map((e) => e.text)],
  ];
  const best: Record<string, number> = {};
  for (const [, texts] of inputs) for (const text of texts) learnedScore(text);
  for (let round = 0; round < ROUNDS; round++)
    for (const [label, texts] of inputs) {
      if (texts.length === 0) continue;
      let bytes = 0;
      for (const text of texts) bytes += text.length;
      const before = process.cpuUsage();
      for (const text of texts) learnedScore(text);
      const used = process.cpuUsage(before);
      best[label] = Math.min(best[label] ?? Infinity, (used.user + used.system) / (bytes / 1024));
    }
  console.log(JSON.stringify(best));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return measure(args[1]);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 2;
  const commits = args.filter((arg, i) => !arg.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
  const dirs = commits.map((commit) => extractEngine(repoRoot, commit));
  try {
    const versions = [...commits.map((name, i) => ({ name, root: dirs[i] })), { name: 'working tree', root: repoRoot }];
    const results = new Map<string, Array<Record<string, number>>>();
    for (let run = 0; run < runs; run++)
      for (const { name, root } of versions) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', root], { cwd: repoRoot });
        results.set(name, [...(results.get(name) ?? []), JSON.parse(out.toString().trim().split('\n').pop()!)]);
      }
    const labels = Object.keys(results.get('working tree')![0]);
    console.log(`learnedScore, µs CPU per KB, one engine per process, best of ${ROUNDS} rounds; each run's figure, runs alternated\n`);
    console.log(['input'.padEnd(14), ...versions.map((v) => v.name.padStart(18))].join(' '));
    for (const label of labels)
      console.log(
        [
          label.padEnd(14),
          ...versions.map((v) =>
            results
              .get(v.name)!
              .map((r) => r[label].toFixed(2))
              .join(' / ')
              .padStart(18),
          ),
        ].join(' '),
      );
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

void main();
