// Money as integer cents: budgets never add floats. The risk classifier reads amounts in units
// (e.g. `amount: 12.5` or `amount_cents: 1250`); this turns them into whole cents.
import { callAmount } from '../risk/call-amount.ts';

/** The amount a call asks to move, in whole cents (rounded half up), or null when it names none or a negative one. */
export function callAmountCents(payload: unknown): number | null {
  const amount = callAmount(payload);
  if (amount === null || !Number.isFinite(amount) || amount < 0) return null;
  // Round through a fixed decimal text so 0.29 * 100 = 28.999999999999996 becomes 29, not 28.
  return Math.round(Number((amount * 100).toFixed(6)));
}
