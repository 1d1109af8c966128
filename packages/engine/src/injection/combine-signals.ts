// How weighted signals become one score. Independent evidence accumulates (noisy-OR: two 0.4
// signals give 0.64), but repeating the same evidence does not: per detector only the strongest
// signal counts, so "ignore ignore ignore …" in ten fields is worth one "ignore".

/**
 * The learned model's weight below which it only supports other evidence (learned-screen.ts gives
 * 0.15 from probability 0.8): alone it would put a score on benign text the model half-suspects,
 * beside a weak rule signal it is what tips a borderline payload.
 */
const SUPPORT_ONLY = { detector: 'learned_screen', below: 0.5 };

/** Noisy-OR of the strongest weight per detector (per rule when no detector is named). */
export function combineSignals(signals: ReadonlyArray<{ rule: string; detector?: string; weight: number }>): number {
  const strongest = new Map<string, number>();
  for (const { rule, detector, weight } of signals) {
    const key = detector ?? rule;
    const clamped = Math.min(1, Math.max(0, weight));
    if (clamped > (strongest.get(key) ?? 0)) strongest.set(key, clamped);
  }
  const support = strongest.get(SUPPORT_ONLY.detector);
  if (support !== undefined && support < SUPPORT_ONLY.below) {
    let other = false;
    for (const [key, weight] of strongest) if (key !== SUPPORT_ONLY.detector && weight > 0) other = true;
    if (!other) return 0;
  }
  let miss = 1;
  for (const weight of strongest.values()) miss *= 1 - weight;
  return Math.round((1 - miss) * 1000) / 1000;
}
