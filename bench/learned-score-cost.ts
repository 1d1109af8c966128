// The learned screen's own CPU cost (learnedScore, the model half of the injection screen) per KB
// of text at several commits, each engine alone in its own process, runs alternated (as
// screen-cost-per-process.ts does for the whole screen, whose figure the rules dominate). Inputs:
// the bare rows of pi_bipia and pi_notinject_injecguard, and the same rows in seven languages'
// worth of our own texts (screen-own-texts.ts), which hold the words the structural classes read.
//
//   node --import tsx bench/learned-score-cost.ts 57ff652 [--runs 2]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEnginesPerProcess } from './lib/engines-per-process.ts';
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

void runEnginesPerProcess({
  script: fileURLToPath(import.meta.url),
  repoRoot,
  title: `learnedScore, µs CPU per KB, one engine per process, best of ${ROUNDS} rounds`,
  labelWidth: 14,
  columnWidth: 18,
  digits: 2,
  measure,
});
