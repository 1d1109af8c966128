// A precision engineer's own set (hard benign texts and attacks dressed as them, `half: kept` rows
// kept back while tuning): each half must stay at its floors, so that a change that loses ground fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { screenInjection } from '../../src/injection/screen-injection.ts';

interface SetRow {
  family: string;
  half: 'dev' | 'kept';
  expect: 'flag' | 'pass';
  payload: unknown;
}
type Floors = Record<SetRow['half'], { recall: number; fpr: number }>;

const flagged = (payload: unknown): boolean => screenInjection(payload).flagged;
const show = (list: SetRow[]): string => list.map((row) => `${row.family}: ${JSON.stringify(row.payload).slice(0, 90)}`).join('\n  ');

/** One test per half of the set in `file` (under test/cases/), held at `floors`. */
export function holdPrecisionSet(name: string, file: string, floors: Floors): void {
  const set = JSON.parse(readFileSync(new URL(`../cases/${file}`, import.meta.url), 'utf8')) as SetRow[];
  for (const half of ['dev', 'kept'] as const) {
    test(`${name} set, ${half} half: recall and false-positive rate stay at their floors`, () => {
      const rows = set.filter((row) => row.half === half);
      const attacks = rows.filter((row) => row.expect === 'flag');
      const benign = rows.filter((row) => row.expect === 'pass');
      const missed = attacks.filter((row) => !flagged(row.payload));
      const wrong = benign.filter((row) => flagged(row.payload));
      assert.ok(attacks.length > 0 && benign.length > 0, `${name} ${half}: rows of both kinds`);
      assert.ok(1 - missed.length / attacks.length >= floors[half].recall, `missed:\n  ${show(missed)}`);
      assert.ok(wrong.length / benign.length <= floors[half].fpr, `flagged:\n  ${show(wrong)}`);
    });
  }
}
