// Replays the screen's verdicts from a dump of per-row evidence (scripts/eval-screen-tiers-dump.ts)
// under the detector tiers of packages/engine/src/injection/detector-tiers.ts, against the same
// rows with no tiers: the `without adversarial` split (model trained without that source), every
// other source, the precision sets' dev and kept halves, and the rounds as the tests screen them.
// Seconds instead of the split's minutes; the verdicts are those of screenInjection as long as the
// dump was made from the same detectors (it stores the weights before the tiers are applied).
//
// Then the choice of a tier by measured precision, honestly: greedily, the detector whose move into
// the corroboration tier removes the most benign flags per attack lost, while that cost is at most
// `--cost` attacks per benign flag, chosen (1) on every row (in-sample), (2) for each round on the
// rows of the other rounds and every other source (leave-one-round-out: the figure for rounds
// nobody chose on), (3) on the other sources only (the figure the `without adversarial` split
// would honestly give).
//
//   node --import tsx scripts/eval-screen-tiers.ts dump.json [--cost 1]

import { readFileSync } from 'node:fs';
import { combineSignals } from '../packages/engine/src/injection/combine-signals.ts';
import { withDetectorTiers } from '../packages/engine/src/injection/detector-tiers.ts';
import type { DumpRow } from './eval-screen-tiers-dump.ts';

function verdicts(row: DumpRow): { before: boolean; after: boolean } {
  const signals = Object.entries(row.weights).map(([detector, weight]) => ({ rule: detector, detector, weight }));
  return { before: combineSignals(signals) >= 0.5, after: combineSignals(withDetectorTiers(signals)) >= 0.5 };
}

interface Count {
  attacks: number;
  before: number;
  after: number;
  benign: number;
  fpBefore: number;
  fpAfter: number;
}

function reportOf(rows: readonly DumpRow[], keyOf: (row: DumpRow) => string | undefined): Map<string, Count> {
  const out = new Map<string, Count>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined) continue;
    const c = out.get(key) ?? { attacks: 0, before: 0, after: 0, benign: 0, fpBefore: 0, fpAfter: 0 };
    const v = verdicts(row);
    if (row.attack) {
      c.attacks++;
      c.before += Number(v.before);
      c.after += Number(v.after);
    } else {
      c.benign++;
      c.fpBefore += Number(v.before);
      c.fpAfter += Number(v.after);
    }
    out.set(key, c);
  }
  return out;
}

const pct = (part: number, whole: number): string => (whole === 0 ? '  n/a' : `${((100 * part) / whole).toFixed(1)}%`);

function print(title: string, table: Map<string, Count>): void {
  console.log(`\n== ${title}: recall before -> after | FPR before -> after`);
  for (const [key, c] of [...table].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })))
    console.log(
      `  ${key.padEnd(28)} ${c.before}/${c.attacks} (${pct(c.before, c.attacks)}) -> ${c.after} (${pct(c.after, c.attacks)}) | ${c.fpBefore}/${c.benign} (${pct(c.fpBefore, c.benign)}) -> ${c.fpAfter} (${pct(c.fpAfter, c.benign)})`,
    );
}

type Signals = ReadonlyArray<{ rule: string; detector: string; weight: number }>;
interface Flagged {
  attack: boolean;
  round: string;
  signals: Signals;
}

const flaggedUnder = (row: Flagged, tier: ReadonlySet<string>): boolean => combineSignals(withDetectorTiers(row.signals, tier)) >= 0.5;

function greedyTier(rows: readonly Flagged[], cost: number): Set<string> {
  const byDetector = new Map<string, Flagged[]>();
  for (const row of rows)
    for (const { detector } of row.signals)
      if (detector !== 'learned_screen') byDetector.set(detector, [...(byDetector.get(detector) ?? []), row]);
  const tier = new Set<string>();
  for (;;) {
    let best: { ratio: number; detector: string; benign: number } | undefined;
    for (const [detector, firing] of byDetector) {
      if (tier.has(detector)) continue;
      const trial = new Set([...tier, detector]);
      let attacks = 0;
      let benign = 0;
      for (const row of firing) if (flaggedUnder(row, tier) && !flaggedUnder(row, trial)) row.attack ? attacks++ : benign++;
      if (benign === 0) continue;
      const ratio = attacks / benign;
      if (best === undefined || ratio < best.ratio || (ratio === best.ratio && benign > best.benign)) best = { ratio, detector, benign };
    }
    if (best === undefined || best.ratio > cost) return tier;
    tier.add(best.detector);
  }
}

function counts(rows: readonly Flagged[], tier: ReadonlySet<string>): string {
  let attacks = 0;
  let benign = 0;
  for (const row of rows) if (flaggedUnder(row, tier)) row.attack ? attacks++ : benign++;
  return `${attacks} attacks, ${benign} benign flagged`;
}

function chooseTiers(rows: readonly DumpRow[], cost: number): void {
  const asFlagged = (row: DumpRow): Flagged => ({
    attack: row.attack,
    round: row.group,
    signals: Object.entries(row.weights).map(([detector, weight]) => ({ rule: detector, detector, weight })),
  });
  // Only rows flagged with no tier can change.
  const split = rows.filter((r) => r.set === 'split:adversarial' && verdicts(r).before).map(asFlagged);
  const others = rows.filter((r) => r.set !== 'split:adversarial' && r.set !== 'rounds' && !r.kept && verdicts(r).before).map(asFlagged);
  console.log(`
== tiers chosen greedily at <= ${cost} attacks lost per benign flag removed; measured on the without-adversarial split's flags`);
  console.log(`  no tier:                         ${counts(split, new Set())}`);
  const all = greedyTier([...split, ...others], cost);
  console.log(`  chosen on every row (in-sample): ${counts(split, all)}  [${[...all].sort().join(', ')}]`);
  let attacks = 0;
  let benign = 0;
  for (const round of [...new Set(split.map((r) => r.round))]) {
    const tier = greedyTier([...split.filter((r) => r.round !== round), ...others], cost);
    for (const row of split.filter((r) => r.round === round)) if (flaggedUnder(row, tier)) row.attack ? attacks++ : benign++;
  }
  console.log(`  leave-one-round-out:             ${attacks} attacks, ${benign} benign flagged`);
  const outside = greedyTier(others, cost);
  console.log(`  chosen without any round:        ${counts(split, outside)}  [${[...outside].sort().join(', ')}]`);
}

function main(): void {
  const rows = JSON.parse(readFileSync(process.argv[2], 'utf8')) as DumpRow[];
  const costAt = process.argv.indexOf('--cost');
  print(
    'without adversarial (split model)',
    reportOf(rows, (r) => (r.set === 'split:adversarial' ? 'all' : undefined)),
  );
  print(
    'sources (shipped model)',
    reportOf(rows, (r) => (r.set.startsWith('split:') || r.set.startsWith('precision') || r.set === 'rounds' ? undefined : r.set)),
  );
  print(
    'precision sets',
    reportOf(rows, (r) => (r.set.startsWith('precision') ? `${r.set} ${r.kept ? 'kept' : 'dev'}` : undefined)),
  );
  print(
    'rounds (payloads, shipped model)',
    reportOf(rows, (r) => (r.set === 'rounds' ? `round ${r.group}` : undefined)),
  );
  chooseTiers(rows, costAt > 0 ? Number(process.argv[costAt + 1]) : 1);
}

main();
