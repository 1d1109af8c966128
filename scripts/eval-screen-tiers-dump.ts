// The per-row evidence the detector tiers are chosen from (issue 13, precision 12): for every
// labelled row we may use, the strongest weight per detector BEFORE the tier table is applied
// (gatherEvidence) and the learned model's probability on its text. Two models: the shipped one
// for every set, and one trained WITHOUT the adversarial source (as eval:screen-splits trains it)
// for the adversarial rows, so that the `without adversarial` split can be replayed from the dump
// under any tier table in seconds (scripts/eval-screen-tiers.ts).
//
//   node --import tsx scripts/eval-screen-tiers-dump.ts out.json
//
// The kept halves of the precision sets are dumped with `kept: true` (counted, never printed).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { learnedScore, useLearnedModel } from '../packages/engine/src/injection/learned-screen.ts';
import { gatherEvidence } from '../packages/engine/src/injection/screen-injection.ts';
import { bipiaSpliced } from './lib/bipia-splice.ts';
import { loadAllExamples } from './lib/screen-corpus.ts';
import { prepare, train, type Example } from './lib/screen-trainer.ts';
import { payloadText } from './lib/screen-adversarial-rows.ts';
import { probes } from '../packages/engine/test/support/screen-probes.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const casesDir = join(repoRoot, 'packages/engine/test/cases');

export interface DumpRow {
  /** `split:adversarial` (model trained without it), or the source as eval:screen-splits names it, or `precision-N`. */
  set: string;
  /** Round, style or family: what a row is reported under. */
  group: string;
  attack: boolean;
  kept: boolean;
  weights: Record<string, number>;
  learned: number;
}

function signals(payload: unknown): { weights: Record<string, number>; learned: number } {
  const weights: Record<string, number> = {};
  for (const { detector, weight } of gatherEvidence(payload).weighted)
    weights[detector] = Math.max(weights[detector] ?? 0, Math.min(1, Math.max(0, weight)));
  const text = payloadText(payload);
  return { weights, learned: learnedScore(text)?.probability ?? 0 };
}

function main(): void {
  const out = process.argv[2];
  if (out === undefined || !existsSync(dataRoot)) {
    console.log('usage: eval-screen-tiers-dump.ts out.json (needs ../shared/data)');
    return;
  }
  const started = Date.now();
  const { examples } = loadAllExamples(dataRoot, repoRoot);
  const rows: DumpRow[] = [];
  const isLocalTest = (e: Example): boolean => e.source === 'local' && e.group.includes(':test:');
  // The `without adversarial` split: its model, its rows, as eval-screen-splits.ts screens them.
  const training = examples.filter((e) => e.source !== 'adversarial' && !isLocalTest(e)).map(prepare);
  useLearnedModel(train(training));
  for (const e of examples.filter((x) => x.source === 'adversarial'))
    rows.push({ set: 'split:adversarial', group: e.style, attack: e.label === 1, kept: false, ...signals({ content: e.text }) });
  console.error(`split rows ${rows.length}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  useLearnedModel(undefined);
  // Every other source with the shipped model (in-sample where it was trained on).
  for (const e of examples) {
    if (e.source === 'adversarial') continue;
    const set = e.source === 'local' ? (isLocalTest(e) ? 'local-test' : 'local') : e.source;
    rows.push({ set, group: e.style, attack: e.label === 1, kept: false, ...signals({ content: e.text }) });
  }
  for (const e of bipiaSpliced(examples).filter((_, i) => i % 10 === 0))
    rows.push({ set: 'bipia-spliced', group: e.style, attack: true, kept: false, ...signals({ content: e.text }) });
  console.error(`sources ${rows.length}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const n of [5, 6, 8, 9, 11]) {
    const set = JSON.parse(readFileSync(join(casesDir, `screen-precision-${n}.json`), 'utf8')) as Array<Record<string, unknown>>;
    for (const row of set)
      rows.push({
        set: `precision-${n}`,
        group: String(row.genre ?? row.family ?? ''),
        attack: row.expect === 'flag',
        kept: row.half === 'kept',
        ...signals(row.payload),
      });
  }
  // The rounds as the tests screen them (payloads, not joined text), shipped model.
  for (const probe of probes)
    rows.push({ set: 'rounds', group: String(probe.round), attack: probe.expect === 'flag', kept: false, ...signals(probe.payload) });
  writeFileSync(out, JSON.stringify(rows));
  console.error(`${rows.length} rows, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
