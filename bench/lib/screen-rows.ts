// The long-text inputs of the screen benches: the bare rows of pi_bipia and pi_notinject_injecguard
// (e-mails, code answers, tables, prose), and the same rows as lists of ~4 KB of distinct documents.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The `text` of every row of the two sets under `dataRoot` (none when the folder is absent). */
export function dataRows(dataRoot: string): string[] {
  const texts: string[] = [];
  for (const set of ['pi_bipia', 'pi_notinject_injecguard']) {
    const folder = join(dataRoot, set);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith('.jsonl'))
      .sort())
      for (const line of readFileSync(join(folder, file), 'utf8').split('\n'))
        if (line.trim() !== '') texts.push(String(JSON.parse(line).text));
  }
  return texts;
}

/** The rows as search results of ~4 KB each (the bench payloads' documents repeat five sentences; these do not). */
export function rowsAsLists(rows: readonly string[]): unknown[] {
  const lists: unknown[] = [];
  let documents: Array<{ id: string; text: string }> = [];
  let size = 0;
  for (const [i, text] of rows.entries()) {
    documents.push({ id: `doc-${i}`, text });
    size += text.length;
    if (size >= 4096) {
      lists.push({ query: 'documents for the review', documents });
      documents = [];
      size = 0;
    }
  }
  return lists;
}

/** The `text` of every row of one set under `dataRoot`, plain or gzipped JSON lines, files sorted (none when absent). */
export function setTexts(dataRoot: string, set: string): string[] {
  const folder = join(dataRoot, set);
  if (!existsSync(folder)) return [];
  const texts: string[] = [];
  for (const file of readdirSync(folder).sort()) {
    let text: string;
    if (file.endsWith('.jsonl')) text = readFileSync(join(folder, file), 'utf8');
    else if (file.endsWith('.jsonl.gz')) text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    else continue;
    for (const line of text.split('\n')) if (line.trim() !== '') texts.push(String(JSON.parse(line).text));
  }
  return texts;
}
