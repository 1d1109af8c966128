// The injection screen's CPU cost per call at several commits, each engine alone in its own
// process, the processes alternated (commit A, B, …, working tree, then again). One process
// holding several engines, as screen-before-after.ts does, makes whichever engine is loaded
// later slower, by up to eightfold on the same code (ninth session): compare engines here.
// Inputs: the engine bench's 300 B and 1 KB payloads (the decision's shape), the bare rows of
// pi_bipia and pi_notinject_injecguard (long tool-output-like text) and those rows as ~4 KB lists.
//
//   node --import tsx bench/screen-cost-per-process.ts 1a630e4 main   [--runs 2]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEnginesPerProcess } from './lib/engines-per-process.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { dataRows, rowsAsLists } from './lib/screen-rows.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const ROUNDS = 4;

/** In a child: µs CPU per call of the engine under `root`, best of the rounds, per input. */
async function measure(root: string): Promise<void> {
  const { screenInjection } = await import(join(root, 'packages/engine/src/injection/screen-injection.ts'));
  const rows = dataRows(dataRoot);
  const lists = rowsAsLists(rows);
  const inputs: Array<[string, unknown[], number]> = [
    ['payloads 300 B', Array.from({ length: 64 }, (_, i) => payloadOfSize(300, i)), 40],
    ['payloads 1 KB', Array.from({ length: 64 }, (_, i) => payloadOfSize(1024, i)), 12],
    [`rows (${rows.length})`, rows.map((text) => ({ content: text })), 1],
    [`rows as ~4 KB lists (${lists.length})`, lists, 1],
  ];
  const best: Record<string, number> = {};
  for (const [, payloads] of inputs) for (const payload of payloads) screenInjection(payload);
  for (let round = 0; round < ROUNDS; round++)
    for (const [label, payloads, repeat] of inputs) {
      if (payloads.length === 0) continue;
      const before = process.cpuUsage();
      for (let r = 0; r < repeat; r++) for (const payload of payloads) screenInjection(payload);
      const used = process.cpuUsage(before);
      best[label] = Math.min(best[label] ?? Infinity, (used.user + used.system) / repeat / payloads.length);
    }
  console.log(JSON.stringify(best));
}

void runEnginesPerProcess({
  script: fileURLToPath(import.meta.url),
  repoRoot,
  title: `screenInjection, µs CPU per call, one engine per process, best of ${ROUNDS} rounds`,
  labelWidth: 30,
  columnWidth: 22,
  digits: 1,
  measure,
});
