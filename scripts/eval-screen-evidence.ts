// Which detectors decide the screen's verdict on benign texts, and which on attacks (issue 13,
// precision 10). For every labelled row we have: the strongest weight per detector (as
// combine-signals.ts counts them), whether the row is flagged, which detector is the ONLY one
// firing, and which are DECIDING (without it the score falls below the threshold). Then a
// corroboration policy is simulated: detectors in a set C flag only beside a second, independent
// signal (another detector outside C, or the learned model at probability >= P).
//
//   node --import tsx scripts/eval-screen-evidence.ts            # dev data: per-detector table
//   node --import tsx scripts/eval-screen-evidence.ts --json out  # the per-row signals, for fitting
//
// Kept halves (`half: kept`) of the precision sets are counted only: their texts are never printed.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { combineSignals } from '../packages/engine/src/injection/combine-signals.ts';
import { learnedScore } from '../packages/engine/src/injection/learned-screen.ts';
import { gatherEvidence } from '../packages/engine/src/injection/screen-injection.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const casesDir = join(repoRoot, 'packages/engine/test/cases');

interface Labelled {
  source: string;
  attack: boolean;
  kept: boolean;
  payload: unknown;
}

function jsonl(name: string): Array<Record<string, unknown>> {
  const folder = join(dataRoot, name);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(folder, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );
}

function rows(): Labelled[] {
  const out: Labelled[] = [];
  for (const row of jsonl('pi_notinject_injecguard'))
    out.push({ source: `notinject:${String(row.subset)}`, attack: row.label === 1, kept: false, payload: { content: row.text } });
  const bipia = jsonl('pi_bipia');
  for (const row of bipia) out.push({ source: 'bipia', attack: row.label === 1, kept: false, payload: { content: row.text } });
  // A sample of BIPIA's splicing: every attack into a few clean contexts, at the start, middle and end.
  const clean = bipia.filter((r) => r.kind === 'clean_context').filter((_, i) => i % 40 === 0);
  for (const attack of bipia.filter((r) => r.label === 1))
    for (const context of clean) {
      const text = String(context.text);
      const mid = text.lastIndexOf('\n', text.length >> 1);
      const at = mid > 0 ? mid : text.length >> 1;
      for (const spliced of [
        `${attack.text}\n${text}`,
        `${text.slice(0, at)}\n${attack.text}\n${text.slice(at)}`,
        `${text}\n${attack.text}`,
      ])
        out.push({ source: 'bipia-spliced', attack: true, kept: false, payload: { content: spliced } });
    }
  const adversarial = JSON.parse(readFileSync(join(casesDir, 'screen-adversarial.json'), 'utf8')) as Array<Record<string, unknown>>;
  for (const row of adversarial) out.push({ source: 'adversarial', attack: row.expect === 'flag', kept: false, payload: row.payload });
  for (const n of [5, 6, 8, 9, 11]) {
    const set = JSON.parse(readFileSync(join(casesDir, `screen-precision-${n}.json`), 'utf8')) as Array<Record<string, unknown>>;
    for (const row of set) {
      // Only the kept halves of 8 and 9 are the honest measurement; 5 and 6's kept halves were seen by earlier sessions.
      const kept = row.half === 'kept' && (n === 8 || n === 9 || n === 11);
      out.push({
        source: `precision-${n}${row.half === 'kept' ? '-kept' : ''}`,
        attack: row.expect === 'flag',
        kept,
        payload: row.payload,
      });
    }
  }
  return out;
}

export interface RowSignals {
  source: string;
  attack: boolean;
  kept: boolean;
  /** Strongest weight per detector. */
  weights: Record<string, number>;
  /** The learned model's probability on the payload's text (0 when it does not read it). */
  learned: number;
}

function textOf(payload: unknown): string {
  return typeof payload === 'string' ? payload : JSON.stringify(payload);
}

export function signalsOf(row: Labelled): RowSignals {
  const weights: Record<string, number> = {};
  try {
    for (const { detector, weight } of gatherEvidence(row.payload).weighted)
      weights[detector] = Math.max(weights[detector] ?? 0, Math.min(1, Math.max(0, weight)));
  } catch {
    weights.screen_error = 1;
  }
  const learned = learnedScore(textOf(row.payload))?.probability ?? 0;
  return { source: row.source, attack: row.attack, kept: row.kept, weights, learned };
}

const scoreOf = (weights: Record<string, number>, without?: ReadonlySet<string>): number =>
  combineSignals(
    Object.entries(weights)
      .filter(([d]) => without === undefined || !without.has(d))
      .map(([detector, weight]) => ({ rule: detector, detector, weight })),
  );

/** The verdict under a corroboration policy: a flag that rests on detectors of `needy` alone needs a second signal. */
export function flaggedUnder(row: RowSignals, needy: ReadonlySet<string>, learnedAt: number): boolean {
  if (scoreOf(row.weights) < 0.5) return false;
  if (needy.size === 0 || scoreOf(row.weights, needy) >= 0.5) return true;
  const firing = Object.keys(row.weights).filter((d) => row.weights[d] > 0 && d !== 'learned_screen');
  const outside = firing.filter((d) => !needy.has(d));
  return outside.length > 0 || row.learned >= learnedAt;
}

/** Where a row is counted: the kept halves of precision 8 and 9 together, the rest by source. */
function groupOf(row: RowSignals): string {
  if (row.kept) return 'KEPT 8+9+11';
  if (row.source.startsWith('notinject')) return 'notinject';
  if (row.source.startsWith('bipia')) return 'bipia+spliced';
  if (row.source === 'precision-5-kept' || row.source === 'precision-6-kept') return 'kept 5+6 (seen)';
  if (row.source.startsWith('precision')) return 'precision dev';
  return row.source;
}

function line(name: string, signals: RowSignals[], needy: ReadonlySet<string>, learnedAt: number): void {
  const groups = new Map<string, { a: number; na: number; b: number; nb: number }>();
  for (const row of signals) {
    const g = groups.get(groupOf(row)) ?? { a: 0, na: 0, b: 0, nb: 0 };
    const flagged = flaggedUnder(row, needy, learnedAt);
    if (row.attack) (g.na++, (g.a += Number(flagged)));
    else (g.nb++, (g.b += Number(flagged)));
    groups.set(groupOf(row), g);
  }
  const cells = [...groups].sort().map(([g, c]) => `${g} ${c.a}/${c.na} fp ${c.b}/${c.nb}`);
  console.log(`${name.padEnd(26)} ${cells.join(' | ')}`);
}

/** Per detector, on flagged dev rows: how often it is the only rule firing, and how often it decides. */
function deciders(dev: RowSignals[]): Map<string, { onlyB: number; onlyA: number; decB: number; decA: number }> {
  const table = new Map<string, { onlyB: number; onlyA: number; decB: number; decA: number }>();
  for (const row of dev) {
    if (scoreOf(row.weights) < 0.5) continue;
    const firing = Object.keys(row.weights).filter((d) => row.weights[d] > 0);
    const rules = firing.filter((d) => d !== 'learned_screen');
    for (const d of firing) {
      const entry = table.get(d) ?? { onlyB: 0, onlyA: 0, decB: 0, decA: 0 };
      if (rules.length === 1 && rules[0] === d) row.attack ? entry.onlyA++ : entry.onlyB++;
      if (scoreOf(row.weights, new Set([d])) < 0.5) row.attack ? entry.decA++ : entry.decB++;
      table.set(d, entry);
    }
  }
  return table;
}

function main(): void {
  const from = process.argv.indexOf('--from');
  const started = Date.now();
  const signals: RowSignals[] =
    from > 0 ? (JSON.parse(readFileSync(process.argv[from + 1], 'utf8')) as RowSignals[]) : rows().map(signalsOf);
  console.log(`${signals.length} rows, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const out = process.argv.indexOf('--json');
  if (out > 0) writeFileSync(process.argv[out + 1], JSON.stringify(signals));
  // Policies are chosen on these rows only; the kept halves of precision 8 and 9 are counted, never read.
  const dev = signals.filter((row) => !row.kept && !row.source.endsWith('-kept'));
  const table = deciders(dev);
  console.log('\ndetectors deciding a flag on a dev benign row (decB), against attacks (decA); only = the one rule firing');
  for (const [d, e] of [...table].filter(([, e]) => e.decB > 0).sort((x, y) => y[1].decB - x[1].decB || x[0].localeCompare(y[0])))
    console.log(
      `  ${d.padEnd(34)} decB ${String(e.decB).padStart(3)} decA ${String(e.decA).padStart(4)} onlyB ${String(e.onlyB).padStart(3)} onlyA ${String(e.onlyA).padStart(4)}`,
    );
  // Counts only: are the kept halves' false positives decided by detectors already seen to err on dev?
  let keptWrong = 0;
  let unseen = 0;
  let lone = 0;
  const keptDeciders = new Set<string>();
  for (const row of signals.filter((r) => r.kept && !r.attack && scoreOf(r.weights) >= 0.5)) {
    keptWrong++;
    const firing = Object.keys(row.weights).filter((d) => row.weights[d] > 0);
    const deciding = firing.filter((d) => scoreOf(row.weights, new Set([d])) < 0.5);
    for (const d of deciding) keptDeciders.add(d);
    if (deciding.every((d) => (table.get(d)?.decB ?? 0) === 0)) unseen++;
    if (firing.filter((d) => d !== 'learned_screen').length === 1) lone++;
  }
  console.log(
    `\nkept halves 8+9+11: ${keptWrong} benign flagged; ${lone} by one rule alone; ${unseen} decided only by detectors that decide no dev benign flag; ${keptDeciders.size} distinct deciding detectors`,
  );
  const rules = new Set(signals.flatMap((row) => Object.keys(row.weights)).filter((d) => d !== 'learned_screen'));
  console.log('\npolicies (attacks flagged/attacks, benign flagged/benign):');
  line('today', signals, new Set(), 2);
  for (const p of [0.3, 0.5, 0.8]) line(`every lone rule, P>=${p}`, signals, rules, p);
  // Exempt the detectors whose lone flags on dev are mostly attacks: at least k, at most one benign per `ratio`.
  for (const k of [5, 20, 40])
    for (const p of [0.3, 0.5]) {
      const needy = new Set(
        [...rules].filter((d) => !((table.get(d)?.decA ?? 0) >= k && (table.get(d)?.decB ?? 0) * 10 <= (table.get(d)?.decA ?? 0))),
      );
      line(`lone unless k>=${k}, P>=${p}`, signals, needy, p);
    }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
