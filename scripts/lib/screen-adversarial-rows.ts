// Our own red-team rounds (packages/engine/test/cases/screen-adversarial.json) as training
// examples. They are texts we wrote, not data-set rows, so the model may learn from them; a
// round's figure is honest only when the model was trained without that round
// (scripts/eval-screen-rounds-held-out.ts). A payload that is an object is read as the screen
// reads it whole: its strings, keys included, joined by line feeds in document order.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { walkPayload } from '../../packages/engine/src/injection/walk-strings.ts';
import type { Example } from './screen-trainer.ts';

export interface AdversarialRow {
  round: number;
  family: string;
  expect: 'flag' | 'pass';
  payload: unknown;
}

export function adversarialRows(repoRoot: string): AdversarialRow[] {
  const path = resolve(repoRoot, 'packages/engine/test/cases/screen-adversarial.json');
  return JSON.parse(readFileSync(path, 'utf8')) as AdversarialRow[];
}

/** The text of a payload: a string as it is, an object's strings joined by line feeds. */
export function payloadText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  const parts: string[] = [];
  walkPayload(payload, { maxBytes: 1 << 20, maxDepth: 64, maxNodes: 100_000 }, (text) => {
    parts.push(text);
  });
  return parts.join('\n');
}

/** The rows (of the given rounds, else all) as examples (source `adversarial`, one group per round and family). */
export function adversarialExamples(rows: readonly AdversarialRow[], rounds?: ReadonlySet<number>): Example[] {
  return rows
    .filter((row) => rounds === undefined || rounds.has(row.round))
    .map((row) => ({
      text: payloadText(row.payload),
      label: row.expect === 'flag' ? 1 : 0,
      source: 'adversarial',
      style: `round_${row.round}`,
      group: `adversarial:${row.round}:${row.family}`,
    }));
}
