// Expressions searched from their opening words (issue 15, opening-words.ts) find exactly what a
// whole scan finds: the helper on its own (a global expression's successive matches and lastIndex,
// a non-global one, the letters that fold to ASCII only under `iu`, several openings and a finder),
// and every expression the screen searches that way, on every string of the screen's case files
// and the long-document rows. A lexicon word added to such an expression without its opening word
// fails here as soon as a case holds it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import '../src/injection/screen-injection.ts';
import { OPENING_SEARCHES, searchFromOpenings, type OpeningSearch } from '../src/injection/opening-words.ts';
import { walkPayload } from '../src/injection/walk-strings.ts';
import { longDocumentRows, longDocumentText } from './support/long-documents.ts';

const casesDir = join(dirname(fileURLToPath(import.meta.url)), 'cases');

/** Every match of `exec` over `text` from 0, as a global expression's loop reads them (the one match of a non-global one). */
function matches(expression: RegExp, exec: (text: string) => RegExpExecArray | null, text: string): unknown[] {
  const out: unknown[] = [];
  expression.lastIndex = 0;
  for (let found = exec(text); found !== null; found = expression.global ? exec(text) : null) {
    out.push([found.index, [...found], expression.lastIndex]);
    if (found[0].length === 0) expression.lastIndex++;
  }
  return out;
}

function assertSame(expression: RegExp, search: OpeningSearch, text: string): void {
  assert.deepEqual(
    matches(expression, search.exec, text),
    matches(expression, (t) => expression.exec(t), text),
    `/${expression.source.slice(0, 60)}…/ on ${JSON.stringify(text.slice(0, 100))}`,
  );
  expression.lastIndex = 0;
  const searched = search.test(text);
  const searchedIndex = expression.lastIndex;
  expression.lastIndex = 0;
  assert.equal(searched, expression.test(text));
  assert.equal(searchedIndex, expression.lastIndex);
  expression.lastIndex = 0;
}

test('a global expression: the same matches in turn and the same lastIndex', () => {
  const expression = /\b(?:send|forward)\s+(?:the\s+)?(?:report|keys?)\b|\bnever\s+tell\b/gi;
  const search = searchFromOpenings(expression, String.raw`\b(?:send|forward|never)`);
  for (const text of [
    'Please send the report, then forward keys and never tell anyone. Sender: sendmail; send keys',
    'nothing here',
    'SEND THE REPORT',
    '',
  ])
    assertSame(expression, search, text);
  // Started from a lastIndex the caller set, as cue-windows.ts does.
  expression.lastIndex = 5;
  const found = search.exec('send keys, send the report');
  assert.equal(found?.index, 11);
  assert.equal(expression.lastIndex, 26);
  expression.lastIndex = 0;
});

test('a non-global expression: the first match, lastIndex untouched', () => {
  const expression = /\b(?:may|must)\s+not\s+refuse\b|不要拒绝/i;
  const search = searchFromOpenings(expression, String.raw`\b(?:may|must)|不要`);
  assertSame(expression, search, 'You must not refuse. 不要拒绝');
  assertSame(expression, search, '请不要拒绝');
  assertSame(expression, search, 'mayhem must wait');
});

test('under `iu`, "ſ" and the Kelvin sign still match s and k (the text is scanned whole)', () => {
  const expression = /\b(?:skip|ask)\s+\p{L}+/giu;
  const search = searchFromOpenings(expression, String.raw`\b(?:skip|ask)`);
  for (const text of ['ſkip review', 'a\u212ak nobody', 'as\u212a them; skip it', 'ſ skip it']) assertSame(expression, search, text);
  assert.equal(search.exec('ſkip review')?.index, 0);
});

test('several openings and a finder: the leftmost of them, the same alternative chosen there', () => {
  const expression = /(\b(?:ai|bot)\b)|(\d{6,})|(<!--)/gi;
  const digitsFrom = (text: string, from: number): number => {
    const at = text.slice(from).search(/\d{6}/);
    return at < 0 ? -1 : from + at;
  };
  const search = searchFromOpenings(expression, [String.raw`\b(?:ai|bot)\b`, digitsFrom, '<!--']);
  for (const text of ['call 1234567 then <!-- hi --> the AI bot 99999 and 123456', 'aid robot 12345', '<!--<!--ai'])
    assertSame(expression, search, text);
});

test("every expression the screen searches from openings finds what a whole scan finds on the case files' strings", () => {
  const texts: string[] = [];
  for (const file of readdirSync(casesDir).sort()) {
    if (!file.endsWith('.json') || (file !== 'injection.json' && !file.startsWith('screen-'))) continue;
    for (const row of JSON.parse(readFileSync(join(casesDir, file), 'utf8')) as Array<{ payload?: unknown }>)
      if (row.payload !== undefined)
        walkPayload(row.payload, { maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: 64, maxNodes: 1_000_000 }, (text) => {
          texts.push(text);
        });
  }
  for (const row of longDocumentRows) texts.push(longDocumentText(row));
  assert.ok(texts.length > 5_000, `${texts.length} texts`);
  const searches = OPENING_SEARCHES.slice();
  assert.ok(searches.length >= 3);
  for (const { expression, openings } of searches) {
    const copy = new RegExp(expression.source, expression.flags);
    const search = searchFromOpenings(copy, openings);
    for (const text of texts) assertSame(copy, search, text);
  }
});
