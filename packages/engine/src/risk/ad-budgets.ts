// An advertising budget is money committed to be spent: a campaign budget of 15,000 a day is a
// payment of 15,000 to the ad platform, whatever the call is named (`mutate`, `create_campaign`).
// Google Ads counts in micros (`amountMicros: 15000000000` is 15,000), Meta's `daily_budget` and
// `lifetime_budget` in the currency's minor unit (`2500000` is 25,000.00); other platforms in
// whole units; a daily budget run for a number of days spends their product. A report that reads `cost_micros` sets no budget (reads are not looked at).

import type { Findings } from './findings.ts';
import { toUsd } from './money-reading.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Tool words of advertising platforms and their objects. */
const AD_WORDS =
  /(?:^|[/_.-])(?:ads?|adwords|advertis\w*|campaigns?|adsets?|ad_?groups?|google_ads|meta_ads|facebook_ads|tiktok_ads|linkedin_ads|bing_ads|dv360|amazon_ads)(?:$|[/_.-])/i;
/** Platforms whose budgets are written in minor units. */
const MINOR_UNIT_PLATFORM = /(?:^|[/_.-])(?:meta|facebook|fb|instagram)(?:$|[/_.-])/i;
/** Budget amounts: a budget key, or an amount inside a budget object. */
const BUDGET_KEY =
  /^(?:daily_budget|lifetime_budget|budget|budget_amount|total_budget|spend_cap|spending_limit|amount_micros|budget_micros|daily_budget_micros|amount)$/;
const READ_WORDS = /(?:^|[/_.-])(?:search|get|list|report|reports|query|read|insights|stats)(?:$|[/_.-])/i;

/** Whether any key names a budget, a spend cap or an amount in micros: most calls have none. */
function budgetKeys(keys: ReadonlySet<string>): boolean {
  for (const key of keys) if (key.includes('budget') || key.endsWith('_micros') || key.startsWith('spend')) return true;
  return false;
}

/** Adds a money finding for an advertising budget set by the call. */
export function assessAdBudget(toolPath: string, fields: PayloadFields, threshold: number, findings: Findings): void {
  if (!budgetKeys(fields.keys) && !toolPath.includes('budget')) return;
  if (READ_WORDS.test(toolPath) || !(AD_WORDS.test(toolPath) || fields.scalars.some((field) => /budget|campaign/.test(field.group))))
    return;
  const minorUnits = MINOR_UNIT_PLATFORM.test(toolPath);
  // `/tools/ads/budget/update {amount_micros}`: the path says the amount is a budget.
  const budgetTool = /budget/i.test(toolPath);
  const currency = fields.strings
    .find((field) => field.key === 'currency' || field.key === 'currency_code')
    ?.text.trim()
    .toUpperCase();
  let largest: number | undefined;
  for (const field of fields.scalars) {
    if (!BUDGET_KEY.test(field.key)) continue;
    // A plain `amount` counts only inside a budget (`campaignBudgetOperation.create.amount`).
    if ((field.key === 'amount' || field.key === 'amount_micros') && !/budget/.test(field.group) && !budgetTool) continue;
    const value = typeof field.value === 'number' ? field.value : Number(String(field.value).replace(/[,_\s]/g, ''));
    if (!Number.isFinite(value) || value <= 0) continue;
    const whole = field.key.endsWith('_micros')
      ? value / 1e6
      : minorUnits && /^(?:daily|lifetime)_budget$|^spend_cap$/.test(field.key)
        ? value / 100
        : value;
    const usd = toUsd(whole, currency);
    if (largest === undefined || usd > largest) largest = usd;
  }
  if (largest === undefined) return;
  // A daily budget run for a number of days spends their product.
  const days = fields.scalars.find((field) => /^(?:days|duration_days|num_days|run_days)$/.test(field.key));
  const times = days === undefined ? 1 : Number(days.value);
  const total = Number.isInteger(times) && times > 1 && times <= 3660 ? largest * times : largest;
  // Below the threshold the call keeps the class it had: a small budget is an ordinary setting.
  if (total >= threshold)
    findings.add('critical', `money: advertising budget of ${Number.isInteger(total) ? total : total.toFixed(2)} >= ${threshold}`);
}
