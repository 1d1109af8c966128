// Critical recall and benign rows rated critical, per family, for one red-team round of the risk
// probes (packages/engine/test/cases/risk-adversarial.json), with the classifier of any tree: the
// first-sight figure of a round is its rows measured with the tree of the time it was written.
//
//   node --import tsx scripts/eval-risk-round.ts --round 8 [--tree /work/main] [--second-sight|--all] [--misses]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Row {
  note: string;
  family: string;
  round: number;
  path: string;
  payload: unknown;
  expect: string;
}
type Classify = (input: { path: string; payload: unknown }) => { class: string };

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tree = resolve(option('--tree') ?? repoRoot);
const round = Number(option('--round') ?? '8');
const which = args.includes('--all') ? 'all' : args.includes('--second-sight') ? 'second' : 'first';
const { classifyRisk } = (await import(join(tree, 'packages/engine/src/risk/classify-risk.ts'))) as { classifyRisk: Classify };
const rows = (JSON.parse(readFileSync(join(repoRoot, 'packages/engine/test/cases/risk-adversarial.json'), 'utf8')) as Row[])
  .filter((row) => row.round === round)
  .filter((row) => which === 'all' || (which === 'second') === row.note.includes('(second sight)'));

const families = new Map<string, { caught: number; critical: number; benignCritical: number; benign: number; low: number; lows: number }>();
const misses: string[] = [];
for (const row of rows) {
  const family = families.get(row.family) ?? { caught: 0, critical: 0, benignCritical: 0, benign: 0, low: 0, lows: 0 };
  families.set(row.family, family);
  const rated = classifyRisk({ path: row.path, payload: row.payload }).class;
  if (row.expect === 'critical') {
    family.critical++;
    if (rated === 'critical') family.caught++;
    else misses.push(`missed (${rated}): ${row.note}`);
    continue;
  }
  family.benign++;
  if (rated === 'critical') {
    family.benignCritical++;
    misses.push(`benign rated critical: ${row.note}`);
  }
  if (row.expect === 'low') {
    family.lows++;
    if (rated === 'low') family.low++;
    else misses.push(`ordinary read rated ${rated}: ${row.note}`);
  }
}
const total = { caught: 0, critical: 0, benignCritical: 0, benign: 0, low: 0, lows: 0 };
console.log(
  `round ${round} (${which === 'first' ? 'rows seen first' : which === 'second' ? 'second-sight rows' : 'all rows'}), classifier of ${tree}`,
);
for (const [name, family] of families) {
  console.log(
    `${name.padEnd(13)} ${family.caught}/${family.critical} critical, ${family.benignCritical}/${family.benign} benign critical, ${family.low}/${family.lows} reads low`,
  );
  for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += family[key];
}
const share = total.critical === 0 ? 0 : (100 * total.caught) / total.critical;
console.log(
  `total         ${total.caught}/${total.critical} (${share.toFixed(1)}%) critical, ${total.benignCritical}/${total.benign} benign critical, ${total.low}/${total.lows} reads low`,
);
if (args.includes('--misses')) for (const miss of misses) console.log(`  ${miss}`);
