// Replays the screen's verdicts from a dump of per-row evidence (scripts/eval-screen-tiers-dump.ts)
// under the detector tiers of packages/engine/src/injection/detector-tiers.ts, against the same
// rows with no tiers: the `without adversarial` split (model trained without that source), every
// other source, the precision sets' dev and kept halves, and the rounds as the tests screen them.
// Seconds instead of the split's minutes; the verdicts are those of screenInjection as long as the
// dump was made from the same detectors (it stores the weights before the tiers are applied).
//
//   node --import tsx scripts/eval-screen-tiers.ts dump.json

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

function main(): void {
  const rows = JSON.parse(readFileSync(process.argv[2], 'utf8')) as DumpRow[];
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
}

main();
