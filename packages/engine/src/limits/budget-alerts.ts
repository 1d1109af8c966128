// Alert levels of a budget: `alert` at alert_threshold_pct, `soft_limit` at soft_limit_pct,
// `exceeded` past the limit. Each level is raised once per period, when usage (spent plus
// reserved) first reaches it; a new period starts again from none.

export type AlertLevel = 'alert' | 'soft_limit' | 'exceeded';

const ORDER: readonly AlertLevel[] = ['alert', 'soft_limit', 'exceeded'];

export interface AlertBudget {
  limitCents: number;
  softLimitPct: number;
  alertThresholdPct: number;
  /** Highest level raised in `alertPeriodStart`'s period (0 none, 1 alert, 2 soft_limit, 3 exceeded). */
  alertLevel: number;
  alertPeriodStart: number;
}

/** The level `usedCents` reaches (0 to 3). */
export function alertLevelOf(budget: Pick<AlertBudget, 'limitCents' | 'softLimitPct' | 'alertThresholdPct'>, usedCents: number): number {
  // Integer comparisons: used * 100 >= limit * pct, so no float rounds a threshold away.
  if (usedCents > budget.limitCents) return 3;
  if (usedCents * 100 >= budget.limitCents * budget.softLimitPct && usedCents > 0) return 2;
  if (usedCents * 100 >= budget.limitCents * budget.alertThresholdPct && usedCents > 0) return 1;
  return 0;
}

/** The levels newly reached by `usedCents` in the period starting `currentPeriodStart`, lowest first, and the level to store. */
export function newAlerts(budget: AlertBudget, usedCents: number, currentPeriodStart: number): { raised: AlertLevel[]; level: number } {
  const before = budget.alertPeriodStart === currentPeriodStart ? budget.alertLevel : 0;
  const reached = alertLevelOf(budget, usedCents);
  if (reached <= before) return { raised: [], level: before };
  return { raised: ORDER.slice(before, reached), level: reached };
}
