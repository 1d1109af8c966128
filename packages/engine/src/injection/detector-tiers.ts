// Detector tiers (issue 13, precision 12): which detectors may flag a payload alone, and which
// only beside independent evidence. Measured over every labelled row we may use
// (scripts/eval-screen-tiers-dump.ts, scripts/eval-screen-tiers.ts): most detectors that decide a
// flag decide it on attacks only, but some decide as many benign flags as attack flags, or more.
// Such detectors would stay in the screen (their weight still adding to other evidence) but count
// only when a detector outside the tier fires at CORROBORATING_WEIGHT or more, or the learned model
// supports them. No table measured so far keeps recall on rows it was not chosen on, so the screen
// does not apply tiers (screen-injection.ts): scripts/eval-screen-tiers.ts replays verdicts under a
// candidate table, and a table goes into the screen only when that measurement says so.

/**
 * Detectors that flag only when corroborated. Empty: a table chosen greedily on training folds
 * (the detectors whose lone flags cost at most one attack per benign text removed) lost 25 attacks
 * for 2 benign flags on the rounds it was not chosen on (leave-one-round-out), and one chosen
 * without our rounds lost 113 for 3 (docs/injection-screen.md, "Precision 12"). A detector belongs
 * here only when such a measurement says so.
 */
export const NEEDS_CORROBORATION: ReadonlySet<string> = new Set<string>();

/** The weight from which a detector outside the tier corroborates one inside it. */
export const CORROBORATING_WEIGHT = 0.5;
const LEARNED = 'learned_screen';

/**
 * The signals with those of the corroboration tier dropped when nothing independent backs them:
 * no detector outside the tier (the learned model apart) at CORROBORATING_WEIGHT or more, and no
 * learned support (learned-screen.ts gives one from probability 0.8).
 */
export function withDetectorTiers<T extends { rule: string; detector?: string; weight: number }>(
  signals: readonly T[],
  tier: ReadonlySet<string> = NEEDS_CORROBORATION,
): readonly T[] {
  if (tier.size === 0) return signals;
  let weak = false;
  for (const { rule, detector, weight } of signals) {
    const key = detector ?? rule;
    if (weight <= 0) continue;
    if (tier.has(key)) weak = true;
    else if (key === LEARNED || weight >= CORROBORATING_WEIGHT) return signals;
  }
  return weak ? signals.filter(({ rule, detector }) => !tier.has(detector ?? rule)) : signals;
}
