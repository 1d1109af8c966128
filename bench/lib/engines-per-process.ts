// Runs a measurement once per engine version, each in its own process, the processes alternated
// (commit A, B, …, working tree, then again), and prints each run's figure per input. One process
// holding several engines makes whichever is loaded later slower (ninth session), so benches that
// compare engine versions measure them here.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { extractEngine } from './engine-at-commit.ts';

export interface PerProcessBench {
  /** The bench script's own URL: the children run it with `--child <engine root>`. */
  readonly script: string;
  readonly repoRoot: string;
  readonly title: string;
  readonly labelWidth: number;
  readonly columnWidth: number;
  readonly digits: number;
  /** In a child: the figure per input of the engine under `root`, printed as one JSON line. */
  readonly measure: (root: string) => Promise<void>;
}

export async function runEnginesPerProcess(bench: PerProcessBench): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return bench.measure(args[1]);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 2;
  const commits = args.filter((arg, i) => !arg.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
  const dirs = commits.map((commit) => extractEngine(bench.repoRoot, commit));
  try {
    const versions = [...commits.map((name, i) => ({ name, root: dirs[i] })), { name: 'working tree', root: bench.repoRoot }];
    const results = new Map<string, Array<Record<string, number>>>();
    for (let run = 0; run < runs; run++)
      for (const { name, root } of versions) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', bench.script, '--child', root], { cwd: bench.repoRoot });
        results.set(name, [...(results.get(name) ?? []), JSON.parse(out.toString().trim().split('\n').pop()!)]);
      }
    const labels = Object.keys(results.get('working tree')![0]);
    console.log(`${bench.title}; each run's figure, runs alternated\n`);
    console.log(['input'.padEnd(bench.labelWidth), ...versions.map((v) => v.name.padStart(bench.columnWidth))].join(' '));
    for (const label of labels)
      console.log(
        [
          label.padEnd(bench.labelWidth),
          ...versions.map((v) =>
            results
              .get(v.name)!
              .map((r) => r[label].toFixed(bench.digits))
              .join(' / ')
              .padStart(bench.columnWidth),
          ),
        ].join(' '),
      );
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
