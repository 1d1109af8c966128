// How weighted signals become one score. Independent evidence accumulates (noisy-OR: two 0.4
// signals give 0.64), but repeating the same evidence does not: per detector only the strongest
// signal counts, so "ignore ignore ignore …" in ten fields is worth one "ignore".

/** Noisy-OR of the strongest weight per detector (per rule when no detector is named). */
export function combineSignals(signals: ReadonlyArray<{ rule: string; detector?: string; weight: number }>): number {
  const strongest = new Map<string, number>();
  for (const { rule, detector, weight } of signals) {
    const key = detector ?? rule;
    const clamped = Math.min(1, Math.max(0, weight));
    if (clamped > (strongest.get(key) ?? 0)) strongest.set(key, clamped);
  }
  let miss = 1;
  for (const weight of strongest.values()) miss *= 1 - weight;
  return Math.round((1 - miss) * 1000) / 1000;
}
