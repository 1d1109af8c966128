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
// With --labelled (issue 15, name-tokens.ts), every row of eval:screen's sets and every spliced
// text is also screened as a tool call's field beside the labels such calls carry (a request id,
// snake_case field names), and cut at its sentences into fields with an id between each two (an
// order split across fields): there the whole results may differ where a label was joined before,
// and the verdicts (flagged or not) are counted apart; the exit code is then 1 on a different verdict.
// --labelled-only: those payloads alone; with --all-sets they take in pi_promptfoo and every fourth
// row of pi_garak too (mostly attacks).
//
//   node --import tsx bench/screen-identity.ts /work/main [--all-sets] [--labelled | --labelled-only]
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
function* payloads(allSets: boolean, labelled: boolean, labelledOnly: boolean): Generator<[string, unknown]> {
  if (labelledOnly) return yield* labelledPayloads(allSets);
  for (const set of ['pi_bipia', 'pi_notinject_injecguard']) for (const text of setTexts(dataRoot, set)) yield [set, { content: text }];
  const bipia = loadDataSet(dataRoot, 'pi_bipia');
  if (bipia !== undefined) for (const e of bipiaSpliced(bipia)) yield ['bipia spliced', { content: e.text }];
  yield* casePayloads();
  for (const [file, text] of testFileStrings()) yield [file, text];
  if (labelled) yield* labelledPayloads(allSets);
  if (allSets)
    for (const set of INJECTION_SETS)
      if (set === 'pi_garak' || set === 'pi_promptfoo') for (const text of setTexts(dataRoot, set)) yield [set, { content: text }];
}

/** The rows and spliced texts as a labelled tool call's field, and cut into fields with ids between them. */
function* labelledPayloads(allSets: boolean): Generator<[string, unknown]> {
  const texts: string[] = [];
  for (const set of ['pi_bipia', 'pi_notinject_injecguard']) texts.push(...setTexts(dataRoot, set));
  const bipia = loadDataSet(dataRoot, 'pi_bipia');
  if (bipia !== undefined) for (const e of bipiaSpliced(bipia)) texts.push(e.text);
  // With --all-sets, pi_promptfoo and every fourth row of pi_garak too (mostly attacks).
  if (allSets) texts.push(...setTexts(dataRoot, 'pi_promptfoo'), ...setTexts(dataRoot, 'pi_garak').filter((_, i) => i % 4 === 0));
  for (const [i, text] of texts.entries()) {
    const filters = { region: 'north', status: ['open', 'closed'] };
    const call = { query: text, filters, fields: ['id', 'updated_at', 'owner_id'], request_id: `req-${String(i).padStart(8, '0')}` };
    yield ['labelled call', call];
  }
  for (const [i, text] of texts.entries()) {
    const sentences = text.split(/(?<=[.!?:;\n])\s+/).filter((part) => part.length > 0);
    if (sentences.length < 2) continue;
    const fields: Record<string, string> = {};
    for (const [at, sentence] of sentences.slice(0, 40).entries()) {
      fields[`part_${at}`] = sentence;
      fields[`id_${at}`] = `msg-${i}-${at}`;
    }
    yield ['labelled split', fields];
  }
}

const verdictOf = (result: string): boolean => result.startsWith('{"flagged":true');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const otherRoot = resolve(args.find((arg) => !arg.startsWith('--')) ?? '/work/main');
  const before = (await import(join(otherRoot, 'packages/engine/src/injection/screen-injection.ts'))).screenInjection as Screen;
  const now = (await import('../packages/engine/src/injection/screen-injection.ts')).screenInjection as Screen;
  const labelledOnly = args.includes('--labelled-only');
  const labelled = labelledOnly || args.includes('--labelled');
  const counts = new Map<string, { compared: number; flagged: number; differ: number; verdicts: number }>();
  let differ = 0;
  let verdicts = 0;
  let current = '';
  const line = (source: string): void => {
    const count = counts.get(source)!;
    console.log(
      `${source.padEnd(44)} ${String(count.compared).padStart(6)} compared, ${String(count.flagged).padStart(6)} flagged, ${count.differ} different, ${count.verdicts} verdicts different`,
    );
  };
  for (const [source, payload] of payloads(args.includes('--all-sets'), labelled, labelledOnly)) {
    // Each source's count as soon as it is done: a long run on a busy machine shows its progress.
    if (source !== current && current !== '') line(current);
    current = source;
    const a = JSON.stringify(before(payload));
    const b = JSON.stringify(now(payload));
    const count = counts.get(source) ?? { compared: 0, flagged: 0, differ: 0, verdicts: 0 };
    count.compared++;
    if (verdictOf(a)) count.flagged++;
    if (verdictOf(a) !== verdictOf(b)) {
      count.verdicts++;
      verdicts++;
    }
    if (a !== b) {
      count.differ++;
      differ++;
      if (differ <= 10 || verdictOf(a) !== verdictOf(b))
        console.log(
          `DIFFERENT (${source}) on ${JSON.stringify(payload).slice(0, 160)}\n  before: ${a.slice(0, 400)}\n  now:    ${b.slice(0, 400)}`,
        );
    }
    counts.set(source, count);
  }
  if (current !== '') line(current);
  let compared = 0;
  for (const count of counts.values()) compared += count.compared;
  console.log(`\n${otherRoot} vs working tree: ${compared} payloads compared, ${differ} different, ${verdicts} verdicts different`);
  if (labelled ? verdicts > 0 : differ > 0) process.exitCode = 1;
}

await main();
