// Timing helpers for in-process benchmarks: warm up, then time many single calls with
// performance.now() and report percentiles in microseconds.
import { performance } from 'node:perf_hooks';

export interface Timing {
  iterations: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Percentile (0..100) of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Times `fn` one call at a time, after `warmup` calls, until `iterations` calls or `budgetMs`
 * milliseconds have gone by, whichever comes first. Results are microseconds per call.
 */
export function timeIt(fn: () => unknown, options: { warmup?: number; iterations?: number; budgetMs?: number } = {}): Timing {
  const warmup = options.warmup ?? 2_000;
  const iterations = options.iterations ?? 20_000;
  const budgetMs = options.budgetMs ?? 1_500;
  let sink: unknown;
  for (let i = 0; i < warmup; i++) sink = fn();
  const samples = new Float64Array(iterations);
  const start = performance.now();
  let n = 0;
  while (n < iterations) {
    const t0 = performance.now();
    sink = fn();
    const t1 = performance.now();
    samples[n++] = (t1 - t0) * 1000;
    if ((n & 63) === 0 && t1 - start > budgetMs) break;
  }
  if (sink === Symbol.for('never')) console.log(sink);
  const used = samples.subarray(0, n).sort();
  let total = 0;
  for (let i = 0; i < n; i++) total += used[i];
  return { iterations: n, p50: percentile(used, 50), p99: percentile(used, 99), mean: total / n };
}

/** A number in a table: 3 significant digits. */
export function fmt(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 10 ** digits) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(digits)).toString();
}
