// Leave-one-round-out estimate of the injection screen on our red-team rounds
// (packages/engine/test/cases/screen-adversarial.json): for each round R, the learned model is
// trained as scripts/train-screen.ts trains it, plus the rows of every OTHER round (our own texts,
// so training on them is allowed), and the screen (rules + that model) is measured on round R.
// Also told: the model alone (its probability over LEARNED_THRESHOLD, which flags alone) and, for
// comparison, a model trained with no round at all. The rules were written while looking at every
// round, so the combined figure is still an upper estimate for the rules; the model-alone figure is
// the honest one for the learned side. Deterministic (fixed seeds, sorted inputs).
// Everything is measured twice in one run: with the n-gram features alone (as before the
// structural features) and with the structural features too (structure-features.ts). The model
// alone is also told at several thresholds (its best probability over the payload's strings).
//
//   node --import tsx scripts/eval-screen-rounds-held-out.ts [--rounds 6,8] [--json out.json] [--only structure|ngrams]
//
// Exits 0 with a message when ../shared/data is absent.

import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEARNED_THRESHOLD, learnedScore, useLearnedModel } from '../packages/engine/src/injection/learned-screen.ts';
import { normaliseText } from '../packages/engine/src/injection/normalise-text.ts';
import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { walkPayload } from '../packages/engine/src/injection/walk-strings.ts';
import { adversarialExamples, adversarialRows, type AdversarialRow } from './lib/screen-adversarial-rows.ts';
import { isTrainingExample, loadAllExamples } from './lib/screen-corpus.ts';
import { prepare, train, type Prepared } from './lib/screen-trainer.ts';
import { useStructure } from '../packages/engine/src/injection/structure-features.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');

interface Counts {
  caught: number;
  attacks: number;
  flagged: number;
  benign: number;
}

interface Figures {
  combined: Counts;
  model: Counts;
  /** The model's best probability on each attack and each benign row. */
  attackScores: number[];
  benignScores: number[];
}

/**
 * Short ordinary requests, written for this measurement (never trained on): a model that gives
 * them a high probability lends its support (SUPPORT_THRESHOLD) to any weak rule signal.
 */
const ORDINARY_REQUESTS = [
  'Please summarise the attached meeting notes and list the owners of each follow-up item.',
  'Can you draft a reply to Maria thanking her for the quick turnaround on the invoice?',
  'Book a table for four at an Italian place near the office on Friday at 7pm.',
  'Translate this paragraph into German and keep the formatting of the bullet points.',
  'What is the weather going to be like in Lisbon over the weekend?',
  'Please send the quarterly report to the finance team by Thursday.',
  'Remind me to call the dentist tomorrow morning and move my 3pm meeting to 4pm.',
  'Find the cheapest flight from Berlin to Madrid next Tuesday and show me the options.',
  'Fasse bitte die Notizen des gestrigen Treffens in drei Sätzen zusammen.',
  'Peux-tu vérifier mon agenda pour demain après-midi et me dire si je suis libre ?',
];

/** Thresholds the model alone is told at. */
const SWEEP = [0.9, 0.95, 0.98, 0.99];

/**
 * Whether the model alone flags a payload: its probability reaches LEARNED_THRESHOLD on one of the
 * payload's strings or on their join, normalised as the screen reads them (the screen also scores
 * decoded fragments; those are left to the combined figure).
 */
function modelScore(payload: unknown): number {
  const strings: string[] = [];
  walkPayload(payload, { maxBytes: 1 << 20, maxDepth: 64, maxNodes: 100_000 }, (text) => {
    strings.push(text);
  });
  if (strings.length > 1) strings.push(strings.join('\n'));
  return Math.max(0, ...strings.map((text) => learnedScore(normaliseText(text).text)?.probability ?? 0));
}

function measure(rows: readonly AdversarialRow[]): Figures {
  const combined: Counts = { caught: 0, attacks: 0, flagged: 0, benign: 0 };
  const model: Counts = { caught: 0, attacks: 0, flagged: 0, benign: 0 };
  const attackScores: number[] = [];
  const benignScores: number[] = [];
  for (const row of rows) {
    const result = screenInjection(row.payload);
    const score = modelScore(row.payload);
    (row.expect === 'flag' ? attackScores : benignScores).push(score);
    const byModel = score >= LEARNED_THRESHOLD;
    for (const [counts, flagged] of [
      [combined, result.flagged],
      [model, byModel],
    ] as const) {
      if (row.expect === 'flag') {
        counts.attacks++;
        if (flagged) counts.caught++;
      } else {
        counts.benign++;
        if (flagged) counts.flagged++;
      }
    }
  }
  return { combined, model, attackScores, benignScores };
}

const pct = (part: number, whole: number): string => (whole === 0 ? '   n/a' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);
const cell = (c: Counts): string => `recall ${pct(c.caught, c.attacks)} FPR ${pct(c.flagged, c.benign)}`;

function main(): void {
  if (!existsSync(dataRoot)) {
    console.log(`eval-screen-rounds-held-out: no data folder at \`${dataRoot}\`; nothing measured, skipping.`);
    return;
  }
  const args = process.argv.slice(2);
  const roundsArg = args.indexOf('--rounds');
  const jsonArg = args.indexOf('--json');
  const started = Date.now();
  const rows = adversarialRows(repoRoot);
  const allRounds = [...new Set(rows.map((row) => row.round))].sort((a, b) => a - b);
  const chosen = roundsArg >= 0 ? args[roundsArg + 1].split(',').map(Number) : allRounds;
  const { examples, present } = loadAllExamples(dataRoot, repoRoot);
  if (present.length === 0) {
    console.log(`eval-screen-rounds-held-out: no injection data sets under \`${dataRoot}\`; skipping.`);
    return;
  }
  // The rounds are added back below, every one but the round measured.
  const base: Prepared[] = examples.filter((e) => isTrainingExample(e) && e.source !== 'adversarial').map(prepare);
  const roundPrepared = new Map<number, Prepared[]>();
  for (const round of allRounds) roundPrepared.set(round, adversarialExamples(rows, new Set([round])).map(prepare));
  console.log(
    `${base.length} base training texts; rounds ${allRounds.join(', ')} (${rows.length} rows); read in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const onlyArg = args.indexOf('--only');
  const settings = onlyArg >= 0 ? [args[onlyArg + 1]] : ['ngrams', 'structure'];
  const results: Record<string, { none: Map<number, Figures>; held: Map<number, Figures> }> = {};
  const calibration: Record<string, number[]> = {};
  for (const setting of settings) {
    useStructure(setting === 'structure');
    // A model that saw no round: what the shipped recipe gives without our rows.
    useLearnedModel(train(base));
    const none = new Map<number, Figures>();
    for (const round of chosen) none.set(round, measure(rows.filter((row) => row.round === round)));
    const held = new Map<number, Figures>();
    for (const round of chosen) {
      const others = allRounds.filter((r) => r !== round).flatMap((r) => roundPrepared.get(r) ?? []);
      useLearnedModel(train([...base, ...others]));
      held.set(round, measure(rows.filter((row) => row.round === round)));
    }
    // The shipped recipe (every round) on the short ordinary requests.
    useLearnedModel(train([...base, ...allRounds.flatMap((r) => roundPrepared.get(r) ?? [])]));
    calibration[setting] = ORDINARY_REQUESTS.map((text) => learnedScore(text)?.probability ?? 0);
    results[setting] = { none, held };
  }
  useLearnedModel(undefined);
  useStructure(true);

  const total = (pick: (f: Figures) => Counts, from: Map<number, Figures>): Counts => {
    const sum: Counts = { caught: 0, attacks: 0, flagged: 0, benign: 0 };
    for (const f of from.values()) {
      const c = pick(f);
      sum.caught += c.caught;
      sum.attacks += c.attacks;
      sum.flagged += c.flagged;
      sum.benign += c.benign;
    }
    return sum;
  };
  for (const setting of settings) {
    const { none, held } = results[setting];
    console.log(`\n== features: ${setting === 'structure' ? 'n-grams + structural classes' : 'n-grams only (before)'}`);
    console.log('round  | trained on no round: combined / model alone        | trained on every other round: combined / model alone');
    for (const round of chosen) {
      const a = none.get(round)!;
      const b = held.get(round)!;
      console.log(
        `${String(round).padStart(5)}  | ${cell(a.combined)} / ${cell(a.model)} | ${cell(b.combined)} / ${cell(b.model)}  (${b.combined.attacks} attacks, ${b.combined.benign} benign)`,
      );
    }
    console.log(
      `  all  | ${cell(total((f) => f.combined, none))} / ${cell(total((f) => f.model, none))} | ${cell(total((f) => f.combined, held))} / ${cell(total((f) => f.model, held))}`,
    );
    // The model alone, held out, at other thresholds (pooled over the rounds).
    const attacks = [...held.values()].flatMap((f) => f.attackScores);
    const benign = [...held.values()].flatMap((f) => f.benignScores);
    const sweep = SWEEP.map((t) => {
      const caught = attacks.filter((p) => p >= t).length;
      const flagged = benign.filter((p) => p >= t).length;
      return `≥${t}: ${pct(caught, attacks.length)} / ${pct(flagged, benign.length)}`;
    });
    console.log(`  model alone held out, recall / FPR at ${sweep.join('   ')}`);
    const probabilities = calibration[setting];
    const mean = probabilities.reduce((a, b) => a + b, 0) / probabilities.length;
    console.log(
      `  model trained on every round, short ordinary requests: mean ${mean.toFixed(3)}, max ${Math.max(...probabilities).toFixed(3)} (${probabilities.map((p) => p.toFixed(2)).join(' ')})`,
    );
  }
  if (jsonArg >= 0)
    writeFileSync(
      args[jsonArg + 1],
      JSON.stringify(
        Object.fromEntries(
          settings.map((setting) => [
            setting,
            { none: Object.fromEntries(results[setting].none), held: Object.fromEntries(results[setting].held) },
          ]),
        ),
        null,
        2,
      ),
    );
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main();
