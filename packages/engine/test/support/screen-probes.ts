// The injection screen's red-team probe table (cases/screen-adversarial.json), read once for the
// test that holds its floors and for scripts/eval-screen-adversarial.ts, which prints its figures.
import { readFileSync } from 'node:fs';

export interface Probe {
  family: string;
  round: number;
  expect: 'flag' | 'pass';
  note?: string;
  payload: unknown;
}

export const probes = JSON.parse(readFileSync(new URL('../cases/screen-adversarial.json', import.meta.url), 'utf8')) as Probe[];
