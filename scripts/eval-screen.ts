// Measures the prompt-injection screen on the labelled data sets (see ../shared/data/README.md):
// per set rows, precision, recall, F1, false-positive rate and the first rows it gets wrong; for
// BIPIA also every attack instruction spliced into the clean contexts at the start, middle and end
// (as BIPIA builds its test set), and the false-positive rate on those clean contexts.
//
//   node --import tsx scripts/eval-screen.ts
//   ACTIONGATE_DATA_SETS=/path/to/data node --import tsx scripts/eval-screen.ts
//
// The data measure the screen; they are never copied into its rules.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { mulberry32 } from './lib/screen-trainer.ts';

interface Row {
  text: string;
  label: number;
  [field: string]: unknown;
}

interface Outcome {
  row: Row;
  flagged: boolean;
  score: number;
  rules: string[];
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
if (!existsSync(dataRoot)) {
  // The labelled data are not bundled: without them there is nothing to measure, which is not an error.
  console.log(`eval-screen: no data folder at \`${dataRoot}\` (set ACTIONGATE_DATA_SETS); nothing measured, skipping.`);
  process.exit(0);
}
const SHOW_WRONG = 20;

function loadSet(name: string): Row[] {
  const folder = join(dataRoot, name);
  if (!existsSync(folder)) throw new Error(`data set \`${name}\` not found under \`${dataRoot}\``);
  const rows: Row[] = [];
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
      if (line.trim() !== '') rows.push(JSON.parse(line) as Row);
    }
  }
  return rows;
}

function screen(row: Row): Outcome {
  const result = screenInjection({ content: row.text });
  return { row, flagged: result.flagged, score: result.score, rules: [...new Set(result.findings.map((f) => f.rule))] };
}

function pct(value: number): string {
  return Number.isNaN(value) ? '  n/a' : `${(value * 100).toFixed(1).padStart(5)}%`;
}

function oneLine(text: string, max = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function report(title: string, outcomes: Outcome[]): void {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const o of outcomes) {
    if (o.row.label === 1) o.flagged ? tp++ : fn++;
    else o.flagged ? fp++ : tn++;
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const f1 = (2 * precision * recall) / (precision + recall);
  const fpr = fp / (fp + tn);
  console.log(`\n== ${title}`);
  console.log(
    `rows ${outcomes.length} (positive ${tp + fn}, negative ${fp + tn})  precision ${pct(precision)}  recall ${pct(recall)}  F1 ${pct(f1)}  FPR ${pct(fpr)}  [tp ${tp} fp ${fp} fn ${fn} tn ${tn}]`,
  );
  const wrong = outcomes.filter((o) => o.flagged !== (o.row.label === 1)).slice(0, SHOW_WRONG);
  if (wrong.length > 0) console.log(`first ${wrong.length} wrong:`);
  for (const o of wrong) {
    const kind = o.row.label === 1 ? 'MISS' : 'FP  ';
    const tag = String(o.row.attack_category ?? o.row.subset ?? o.row.source_file ?? '');
    console.log(`  ${kind} score ${o.score.toFixed(2)} [${o.rules.join(',')}] (${tag}) ${oneLine(o.row.text)}`);
  }
}

// --- BIPIA splicing (start / middle / end, as BIPIA's data/utils.py) ---------------------------

function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((part) => part.trim() !== '');
}

type Position = 'start' | 'middle' | 'end';

function splice(context: string, attack: string, position: Position, random: () => number): string {
  if (position === 'start') return `${attack}\n${context}`;
  if (position === 'end') return `${context}\n${attack}`;
  const sentences = splitSentences(context);
  if (sentences.length === 0) return `${context}\n${attack}`;
  const at = sentences.length > 1 ? 1 + Math.floor(random() * (sentences.length - 1)) : 0;
  return [sentences.slice(0, at).join(' '), attack, sentences.slice(at).join(' ')].join('\n');
}

function evaluateSpliced(rows: Row[]): void {
  const contexts = rows.filter((r) => r.kind === 'clean_context');
  const attacks = rows.filter((r) => r.kind === 'attack_instruction');
  const random = mulberry32(20231218);
  const byPosition = new Map<Position, { hit: number; total: number }>();
  const byCategory = new Map<string, { hit: number; total: number }>();
  const byCarrier = new Map<string, { hit: number; total: number }>();
  const misses: string[] = [];
  const missed = new Set<string>();
  const started = performance.now();
  let screened = 0;
  for (const attack of attacks) {
    const isCode = attack.source_file === 'code_attack_test.json';
    const carriers = contexts.filter((c) => (c.source_file === 'code_test.jsonl') === isCode);
    for (const context of carriers) {
      for (const position of ['start', 'middle', 'end'] as const) {
        const text = splice(context.text, attack.text, position, random);
        const result = screenInjection({ content: text });
        screened++;
        const bump = (map: Map<string, { hit: number; total: number }>, key: string): void => {
          const entry = map.get(key) ?? { hit: 0, total: 0 };
          entry.total++;
          if (result.flagged) entry.hit++;
          map.set(key, entry);
        };
        bump(byPosition as Map<string, { hit: number; total: number }>, position);
        bump(byCategory, String(attack.attack_category));
        bump(byCarrier, String(context.source_file));
        if (!result.flagged && misses.length < SHOW_WRONG && !missed.has(attack.text)) {
          missed.add(attack.text);
          misses.push(
            `  MISS score ${result.score.toFixed(2)} (${String(attack.attack_category)}, first missed at ${position} of ${String(context.source_file)} #${String(context.source_id)}) ${oneLine(attack.text, 80)}`,
          );
        }
      }
    }
  }
  const elapsed = performance.now() - started;
  let hit = 0;
  let total = 0;
  for (const entry of byPosition.values()) {
    hit += entry.hit;
    total += entry.total;
  }
  console.log(
    `\n== pi_bipia: attack instructions spliced into clean contexts (${total} texts, ${((elapsed * 1000) / screened).toFixed(0)} µs/text mean)`,
  );
  console.log(`recall ${pct(hit / total)}  [${hit}/${total}]`);
  for (const [position, entry] of byPosition) console.log(`  at ${position.padEnd(6)} recall ${pct(entry.hit / entry.total)}`);
  for (const [carrier, entry] of byCarrier) console.log(`  in ${carrier.padEnd(16)} recall ${pct(entry.hit / entry.total)}`);
  console.log('  by attack category:');
  for (const [category, entry] of [...byCategory].sort((a, b) => a[1].hit / a[1].total - b[1].hit / b[1].total)) {
    console.log(`    ${pct(entry.hit / entry.total)}  ${category}`);
  }
  if (misses.length > 0) console.log(`first ${misses.length} missed attacks (one line per attack):`);
  for (const line of misses) console.log(line);
}

function main(): void {
  console.log(`data: ${dataRoot}`);
  const bipia = loadSet('pi_bipia');
  const bipiaOutcomes = bipia.map(screen);
  report('pi_bipia (bare attack instructions and clean contexts)', bipiaOutcomes);
  report(
    'pi_bipia clean contexts only (FPR target <= 3%)',
    bipiaOutcomes.filter((o) => o.row.kind === 'clean_context'),
  );
  evaluateSpliced(bipia);

  const notInject = loadSet('pi_notinject_injecguard');
  const notInjectOutcomes = notInject.map(screen);
  report('pi_notinject_injecguard (all rows)', notInjectOutcomes);
  report(
    'pi_notinject_injecguard NotInject benign rows (FPR target <= 3%)',
    notInjectOutcomes.filter((o) => String(o.row.subset).startsWith('NotInject')),
  );
  report(
    'pi_notinject_injecguard InjecGuard validation rows',
    notInjectOutcomes.filter((o) => o.row.subset === 'InjecGuard_valid'),
  );
  // The cost per KB, screened warm (the first pass above compiled the expressions and loaded the
  // model): CPU time of the process, so a busy machine's waiting is not counted.
  const texts = [...bipia, ...notInject].map((row) => row.text);
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const before = process.cpuUsage();
  for (let round = 0; round < 3; round++) for (const text of texts) screenInjection({ content: text });
  const used = process.cpuUsage(before);
  console.log(
    `\nscreen cost, bare rows of pi_bipia and pi_notinject_injecguard screened warm 3 times: ${((used.user + used.system) / 3 / (bytes / 1024)).toFixed(1)} µs CPU per KB (${(bytes / 1024).toFixed(0)} KB)`,
  );
}

main();
