// Budget periods: where the current period of a budget began, in UTC. Spending resets at each
// boundary (midnight UTC, Monday 00:00 UTC, the 1st of the month 00:00 UTC); `total` never resets.

export type BudgetPeriod = 'daily' | 'weekly' | 'monthly' | 'total';

const DAY_MS = 24 * 3600 * 1000;

/** Start (ms since the epoch) of the period that contains `now`; 0 for `total`. */
export function periodStart(period: BudgetPeriod, now: number): number {
  const date = new Date(now);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  switch (period) {
    case 'daily':
      return midnight;
    case 'weekly':
      // ISO weeks start on Monday: getUTCDay() is 0 for Sunday.
      return midnight - ((date.getUTCDay() + 6) % 7) * DAY_MS;
    case 'monthly':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case 'total':
      return 0;
  }
}

/** Start of the period after the one that contains `now`; null for `total`. */
export function nextPeriodStart(period: BudgetPeriod, now: number): number | null {
  const start = periodStart(period, now);
  const date = new Date(start);
  switch (period) {
    case 'daily':
      return start + DAY_MS;
    case 'weekly':
      return start + 7 * DAY_MS;
    case 'monthly':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    case 'total':
      return null;
  }
}

/** What was spent in the current period: the stored figure when it belongs to this period, else 0 (it reset). */
export function spentThisPeriod(budget: { period: BudgetPeriod; spentCents: number; periodStart: number }, now: number): number {
  return budget.periodStart === periodStart(budget.period, now) ? budget.spentCents : 0;
}
