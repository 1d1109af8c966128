// Risk from what a call does, whichever tool carries it (issue 13): secrets read or sent through
// any tool, money in any tool's arguments, hidden shell commands, SQL tricks, cloud deletes,
// privilege grants, and the false criticals to avoid. One row per case, each with a note.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { classifyRisk } from '../src/risk/classify-risk.ts';
import type { RiskClass } from '../src/risk/risk-class.ts';

interface EffectCase {
  note: string;
  path: string;
  payload: unknown;
  class: RiskClass;
  reason_includes?: string;
}

const cases = JSON.parse(readFileSync(new URL('./cases/risk-effects.json', import.meta.url), 'utf8')) as EffectCase[];

test('every effect case has a unique note', () => {
  assert.equal(new Set(cases.map((c) => c.note)).size, cases.length);
});

for (const c of cases) {
  test(`effect: ${c.note}`, () => {
    const result = classifyRisk({ path: c.path, payload: c.payload });
    assert.equal(result.class, c.class, `reasons: ${JSON.stringify(result.reasons)}`);
    if (c.reason_includes !== undefined) {
      const needle = c.reason_includes.toLowerCase();
      assert.ok(
        result.reasons.some((reason) => reason.toLowerCase().includes(needle)),
        `expected a reason containing ${JSON.stringify(c.reason_includes)}, got ${JSON.stringify(result.reasons)}`,
      );
    }
  });
}
