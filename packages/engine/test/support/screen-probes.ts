// The injection screen's red-team probe table (cases/screen-adversarial.json), read once for the
// test that holds its floors and for scripts/eval-screen-adversarial.ts, which prints its figures.
import { readFileSync } from 'node:fs';

/** Filler repeated before or after a probe's text, so a row can be larger than the screen's size cap without storing it. */
export interface ProbePadding {
  text: string;
  times: number;
  at: 'start' | 'end';
}

export interface Probe {
  family: string;
  round: number;
  expect: 'flag' | 'pass';
  note?: string;
  pad?: ProbePadding;
  payload: unknown;
}

const padded = (probe: Probe): Probe => {
  if (probe.pad === undefined || typeof probe.payload !== 'string') return probe;
  const filler = probe.pad.text.repeat(probe.pad.times);
  return { ...probe, payload: probe.pad.at === 'start' ? filler + probe.payload : probe.payload + filler };
};

export const probes = (JSON.parse(readFileSync(new URL('../cases/screen-adversarial.json', import.meta.url), 'utf8')) as Probe[]).map(
  padded,
);
