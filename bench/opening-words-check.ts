// Checks every expression the screen searches from its opening words (packages/engine/src/injection/
// opening-words.ts) against a whole scan of the same expression: every match a global one finds in
// turn (index, text and groups), or the one match of a non-global one, on every text the trainer
// reads (the sets of ../shared/data, the local benign corpus, our own texts), BIPIA's spliced
// texts, the long-document rows (6-20 KB), each also in upper case and with "ſ" and the Kelvin sign for every s and k (the letters
// that fold to ASCII only under `iu`). Exit code 1 on any difference.
//
//   node --import tsx bench/opening-words-check.ts [every=1]
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import '../packages/engine/src/injection/screen-injection.ts';
import { OPENING_SEARCHES, searchFromOpenings } from '../packages/engine/src/injection/opening-words.ts';
import { loadAllExamples } from '../scripts/lib/screen-corpus.ts';
import { bipiaSpliced } from '../scripts/lib/bipia-splice.ts';
import { longDocumentRows, longDocumentText } from '../packages/engine/test/support/long-documents.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = process.env.ACTIONGATE_DATA_SETS ?? resolve(repoRoot, '../shared/data');
const every = Number(process.argv[2] ?? 1);

/** Every match of a whole scan from 0 (global), or its one match, as JSON. */
function scanned(expression: RegExp, text: string): string {
  const out: unknown[] = [];
  expression.lastIndex = 0;
  for (let found = expression.exec(text); found !== null; found = expression.global ? expression.exec(text) : null) {
    out.push([found.index, [...found], found.groups ?? null]);
    if (found[0].length === 0) expression.lastIndex++;
  }
  expression.lastIndex = 0;
  return JSON.stringify(out);
}

function searched(expression: RegExp, exec: (text: string) => RegExpExecArray | null, text: string): string {
  const out: unknown[] = [];
  expression.lastIndex = 0;
  for (let found = exec(text); found !== null; found = expression.global ? exec(text) : null) {
    out.push([found.index, [...found], found.groups ?? null]);
    if (found[0].length === 0) expression.lastIndex++;
  }
  expression.lastIndex = 0;
  return JSON.stringify(out);
}

const { examples } = loadAllExamples(dataRoot, repoRoot);
const texts = [
  ...examples.map((e) => e.text),
  ...bipiaSpliced(examples).map((e) => e.text),
  ...longDocumentRows.map((row) => longDocumentText(row)),
].filter((_, i) => i % every === 0);
const searches = OPENING_SEARCHES.slice();
let compared = 0;
let differ = 0;
for (const { expression, openings } of searches) {
  // A copy of the expression: the screen's own keeps its lastIndex untouched.
  const copy = new RegExp(expression.source, expression.flags);
  const search = searchFromOpenings(copy, openings);
  let matched = 0;
  for (const text of texts) {
    const forms = [text, text.toUpperCase(), text.replace(/s/g, '\u017f').replace(/k/g, '\u212a')];
    for (const form of forms) {
      compared++;
      const a = scanned(copy, form);
      const b = searched(copy, search.exec, form);
      if (a !== '[]') matched++;
      if (a !== b) {
        differ++;
        if (differ <= 10)
          console.log(
            `DIFFERENT /${expression.source.slice(0, 60)}…/ on ${JSON.stringify(form.slice(0, 120))}\n  scan:   ${a.slice(0, 200)}\n  search: ${b.slice(0, 200)}`,
          );
      }
    }
  }
  console.log(
    `${String(matched).padStart(6)} texts matched of ${texts.length * 3}: /${expression.source.slice(0, 70)}…/${expression.flags}`,
  );
}
console.log(`${searches.length} expressions, ${texts.length} texts (three forms each), ${compared} scans compared, ${differ} different`);
if (differ > 0) process.exitCode = 1;
