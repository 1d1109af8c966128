// A card or account spending limit raised to the critical amount or above: whoever holds the card can
// then spend that much without another approval, so it weighs as a transfer of the limit
// (`{spending_restrictions: {amount: 50000}}`, `{credit_limit: 25000}`, `{card_limit: {amount: …}}`).
// Lower limits, budgets (`monthly_limit`: a cap, no card) and row limits of queries (`limit: 50000`) match nothing.

import type { Findings } from './findings.ts';
import { parseAmount } from './money.ts';
import type { PayloadFields } from './payload-fields.ts';

/** A key that is itself a spending limit. */
const LIMIT_KEY =
  /^(?:\w+_)?(?:spend(?:ing)?_limit|credit_limit|card_limit|spend_cap|spending_cap|purchase_limit|transaction_limit)(?:_amount|_value|_usd)?$/;
/** A parent object of spending limits, whose `amount`/`limit`/`value` is the limit. */
const LIMIT_PARENT = /^(?:\w+_)?(?:spend(?:ing)?_(?:restrictions?|limits?|controls?|caps?)|credit_limit|card_limit)$/;
const AMOUNT_KEY = /^(?:amount|limit|value|max|maximum|amount_limit|limit_amount)$/;

export function assessSpendingLimitRaises(fields: PayloadFields, threshold: number, findings: Findings): void {
  for (const scalar of fields.scalars) {
    const named = LIMIT_KEY.test(scalar.key) || (AMOUNT_KEY.test(scalar.key) && LIMIT_PARENT.test(scalar.parentKey));
    if (!named) continue;
    const amount = parseAmount(scalar.value);
    if (amount === undefined || amount < threshold) continue;
    findings.add('critical', `money: sets a spending limit (\`${scalar.key}\`) to ${amount}, at or above ${threshold}`);
    return;
  }
}
