// Measures the injection screen on the red-team probe set (packages/engine/test/cases/screen-adversarial.json):
// recall on attacks and false-positive rate on hard benign texts, per round and family. Each round
// was written before looking at how the screen does on it, so a round's first measurement is its
// honest figure; later measurements of the same round are upper estimates (see docs/injection-screen.md).
//
//   node --import tsx scripts/eval-screen-adversarial.ts [--round N] [--misses]

import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { probes } from '../packages/engine/test/support/screen-probes.ts';
const args = process.argv.slice(2);
const roundArg = args.indexOf('--round');
const onlyRound = roundArg >= 0 ? Number(args[roundArg + 1]) : undefined;
const showMisses = args.includes('--misses');

const pct = (part: number, whole: number): string => (whole === 0 ? '   n/a' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);

for (const round of [...new Set(probes.map((p) => p.round))].sort()) {
  if (onlyRound !== undefined && round !== onlyRound) continue;
  const inRound = probes.filter((p) => p.round === round);
  const families = [...new Set(inRound.map((p) => `${p.expect}\u0000${p.family}`))];
  let caught = 0;
  let attacks = 0;
  let flaggedBenign = 0;
  let benign = 0;
  console.log(`round ${round}`);
  for (const key of families) {
    const [expect, family] = key.split('\u0000');
    const rows = inRound.filter((p) => p.family === family && p.expect === expect);
    const wrong = rows.filter((p) => screenInjection(p.payload).flagged !== (expect === 'flag'));
    const hit = expect === 'flag' ? rows.length - wrong.length : wrong.length;
    if (expect === 'flag') {
      caught += hit;
      attacks += rows.length;
    } else {
      flaggedBenign += hit;
      benign += rows.length;
    }
    const label = expect === 'flag' ? 'recall' : 'FPR   ';
    console.log(`  ${family.padEnd(24)} ${label} ${pct(hit, rows.length)} (${hit}/${rows.length})`);
    if (showMisses)
      for (const p of wrong) console.log(`      ${expect === 'flag' ? 'missed' : 'flagged'}: ${JSON.stringify(p.payload).slice(0, 160)}`);
  }
  console.log(`  ${'ALL attacks'.padEnd(24)} recall ${pct(caught, attacks)} (${caught}/${attacks})`);
  console.log(`  ${'ALL benign'.padEnd(24)} FPR    ${pct(flaggedBenign, benign)} (${flaggedBenign}/${benign})`);
}
