// The injection screen's red-team probe table (cases/screen-adversarial.json), read once for the
// test that holds its floors and for scripts/eval-screen-adversarial.ts, which prints its figures.
import { readFileSync } from 'node:fs';

/**
 * Filler repeated before or after a probe's text (or on both sides, `around`), so a row can be larger than the
 * screen's size cap, or a long document with the probe's text at its start, middle or end, without storing it.
 */
export interface ProbePadding {
  text: string;
  times: number;
  at: 'start' | 'end' | 'around';
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
  const { at } = probe.pad;
  return { ...probe, payload: (at === 'end' ? '' : filler) + probe.payload + (at === 'start' ? '' : filler) };
};

export const probes = (JSON.parse(readFileSync(new URL('../cases/screen-adversarial.json', import.meta.url), 'utf8')) as Probe[]).map(
  padded,
);
