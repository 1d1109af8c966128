// How much money a call asks to move, for budgets: the largest amount under a money-like key
// (`amount`, `total`, `price`, `cost`, …; `*_cents` and `*_minor` scaled to units). Null when the
// call names no amount.
import { parseAmount } from './money.ts';
import { collectFields } from './payload-fields.ts';

const UNIT_KEYS = new Set(['amount', 'amount_usd', 'value', 'total', 'total_usd', 'sum', 'price', 'price_usd', 'cost', 'cost_usd', 'usd']);
const MINOR_SUFFIXES = ['_cents', '_minor'];

/** The largest amount the payload names, in units (cents divided by 100), or null. */
export function callAmount(payload: unknown): number | null {
  let largest: number | null = null;
  for (const scalar of collectFields(payload).scalars) {
    let scale: number;
    if (UNIT_KEYS.has(scalar.key)) scale = 1;
    else if (MINOR_SUFFIXES.some((suffix) => scalar.key.endsWith(suffix))) scale = 0.01;
    else continue;
    const amount = parseAmount(scalar.value);
    if (amount !== undefined && (largest === null || amount * scale > largest)) largest = amount * scale;
  }
  return largest;
}
