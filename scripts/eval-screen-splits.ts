// The honest estimate of the injection screen (rules + learned model) on attacks it was not tuned
// on: for every source and every style, train the model WITHOUT it, then screen it. Prints recall
// (injections) and false-positive rate (benign rows) per held-out source and style, the FPR on the
// local benign texts kept out of every training run, and BIPIA's attack instructions spliced into
// its clean contexts (start, middle, end) when BIPIA is held out. Then the shipped weights on
// everything (in-sample where the row was trained on: marked so).
//
//   npm run eval:screen-splits            (all splits; a few minutes on 2 cores)
//   EVAL_SPLITS=garak,style:encoded npm run eval:screen-splits
//
// Exits 0 with a message when ../shared/data is absent.

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useLearnedModel } from '../packages/engine/src/injection/learned-screen.ts';
import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { bipiaSpliced } from './lib/bipia-splice.ts';
import { loadAllExamples } from './lib/screen-corpus.ts';
import { prepare, train, type Example, type Prepared } from './lib/screen-trainer.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const SHOW_WRONG = Number(process.env.EVAL_SHOW_WRONG ?? 5);
const RECALL_TARGET = 0.9;
const FPR_TARGET = 0.02;

interface Tally {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
  wrong: string[];
}

function tally(examples: readonly Example[]): Tally {
  const t: Tally = { tp: 0, fn: 0, fp: 0, tn: 0, wrong: [] };
  for (const example of examples) {
    const flagged = screenInjection({ content: example.text }).flagged;
    if (example.label === 1) flagged ? t.tp++ : t.fn++;
    else flagged ? t.fp++ : t.tn++;
    if (flagged !== (example.label === 1) && t.wrong.length < SHOW_WRONG) {
      t.wrong.push(`    ${example.label === 1 ? 'MISS' : 'FP  '} [${example.style}] ${oneLine(example.text)}`);
    }
  }
  return t;
}

function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '   n/a' : `${((part / whole) * 100).toFixed(1).padStart(5)}%`;
}

function line(name: string, t: Tally, extra = ''): string {
  const positives = t.tp + t.fn;
  const negatives = t.fp + t.tn;
  const recallOk = positives === 0 || t.tp / positives >= RECALL_TARGET;
  const fprOk = negatives === 0 || t.fp / negatives <= FPR_TARGET;
  const verdict = recallOk && fprOk ? 'meets' : 'MISSES';
  return `  ${name.padEnd(34)} recall ${pct(t.tp, positives)} (${t.tp}/${positives})  FPR ${pct(t.fp, negatives)} (${t.fp}/${negatives})${extra}  ${verdict}`;
}

interface Split {
  name: string;
  heldOut: (e: Example) => boolean;
}

function main(): void {
  if (!existsSync(dataRoot)) {
    console.log(`eval:screen-splits: no data folder at \`${dataRoot}\` (set ACTIONGATE_DATA_SETS); nothing measured, skipping.`);
    return;
  }
  const started = Date.now();
  const { examples, present } = loadAllExamples(dataRoot, repoRoot);
  if (present.length === 0) {
    console.log(`eval:screen-splits: no injection data sets under \`${dataRoot}\`; nothing measured, skipping.`);
    return;
  }
  const prepared = examples.map(prepare);
  const isLocalTest = (e: Example): boolean => e.source === 'local' && e.group.includes(':test:');
  const localTest = examples.filter(isLocalTest);
  console.log(
    `data: ${dataRoot} (${present.join(', ')}); ${examples.length} texts; local benign test fold ${localTest.length} texts (never trained on); read in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const sources = [...new Set(examples.map((e) => e.source))].filter((s) => s !== 'local');
  const styles = [...new Set(examples.filter((e) => e.source === 'garak' || e.source === 'promptfoo').map((e) => e.style))].sort();
  const splits: Split[] = [
    ...sources.map((source) => ({ name: source, heldOut: (e: Example) => e.source === source })),
    ...styles.map((style) => ({
      name: `style:${style}`,
      heldOut: (e: Example) => (e.source === 'garak' || e.source === 'promptfoo') && e.style === style,
    })),
  ];
  const only = process.env.EVAL_SPLITS?.split(',').filter((s) => s !== '');
  const chosen = only === undefined ? splits : splits.filter((s) => only.includes(s.name));

  console.log(
    `\n== leave-one-out: trained WITHOUT the named source/style, measured on it (targets: recall >= ${RECALL_TARGET * 100}%, FPR <= ${FPR_TARGET * 100}%)`,
  );
  const summary: string[] = [];
  for (const split of chosen) {
    const training: Prepared[] = prepared.filter((p) => !split.heldOut(p.example) && !isLocalTest(p.example));
    useLearnedModel(train(training));
    const heldOut = examples.filter(split.heldOut);
    const t = tally(heldOut);
    const local = tally(localTest);
    const row = line(`without ${split.name}`, t, `  local FPR ${pct(local.fp, local.fp + local.tn)}`);
    console.log(row);
    summary.push(row);
    for (const wrong of t.wrong) console.log(wrong);
    // Per style inside a held-out source.
    if (!split.name.startsWith('style:')) {
      const byStyle = new Map<string, Example[]>();
      for (const e of heldOut) byStyle.set(e.style, [...(byStyle.get(e.style) ?? []), e]);
      if (byStyle.size > 1) for (const [style, rows] of [...byStyle].sort()) console.log(`  ${line(`  ${style}`, tally(rows))}`);
    }
    if (split.name === 'bipia') {
      const spliced = bipiaSpliced(examples);
      console.log(`  ${line('  bipia spliced (start/middle/end)', tally(spliced))}`);
      for (const position of ['start', 'middle', 'end'])
        console.log(`  ${line(`    at ${position}`, tally(spliced.filter((e) => e.style === `spliced_${position}`)))}`);
    }
  }
  useLearnedModel(undefined);

  console.log('\n== shipped weights on every row (IN-SAMPLE for rows it was trained on; the local test fold is not)');
  const bySource = new Map<string, Example[]>();
  for (const e of examples)
    bySource.set(e.source === 'local' ? (isLocalTest(e) ? 'local (test fold)' : 'local (trained)') : e.source, [
      ...(bySource.get(e.source === 'local' ? (isLocalTest(e) ? 'local (test fold)' : 'local (trained)') : e.source) ?? []),
      e,
    ]);
  for (const [source, rows] of [...bySource].sort()) console.log(line(source, tally(rows)));
  if (present.includes('pi_bipia')) console.log(line('bipia spliced', tally(bipiaSpliced(examples))));

  console.log('\n== summary of leave-one-out splits');
  for (const row of summary) console.log(row);
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main();
