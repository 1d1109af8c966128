// Money spent as a count times a price per unit, whatever the keys: `qty x unit_price`, `items x
// amount_each`, `seats x per_seat`, `days x daily_budget`, `cards x face_value`, `lots x per_lot`,
// summed over an order's lines. It counts when the call spends: the tool's path or the URL it calls
// names an order, a purchase, a checkout, a bid, a booking, a trade or a budget, and does not
// only look at them (a report, a listing, an estimate, a GET). The total is
// valued in dollars from the currency beside the price, so 15,000,000 yen is about 100,000 USD.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import { parseAmount } from './money.ts';
import { currencyIn, siblingCurrency, toUsd } from './money-reading.ts';
import type { PayloadFields, ScalarField } from './payload-fields.ts';
import { splitWords } from './tool-name.ts';

const STATE_KEYS = new Set(['status', 'state', 'stage']);
const UNPLACED = /^(?:draft|proposed|planned|pending_approval|pending approval|quote|quoted|estimate)$/i;
const SPEND_WORDS = new Set([
  'order',
  'orders',
  'buy',
  'purchase',
  'purchases',
  'procure',
  'procurement',
  'checkout',
  'cart',
  'shop',
  'bid',
  'bids',
  'broker',
  'trade',
  'trades',
  'exchange',
  'ads',
  'campaign',
  'campaigns',
  'giftcard',
  'giftcards',
  'bonus',
  'bonuses',
  'billing',
  'wholesale',
  'booking',
  'bookings',
  'reserve',
  'reservation',
  'reservations',
  'invest',
  'subscription',
  'subscriptions',
]);
/** Words of calls that look at orders or price them without spending (`orders_report`, `estimate_order`). */
const LOOKING_WORDS = new Set([
  'report',
  'reports',
  'analytics',
  'stats',
  'statistics',
  'summary',
  'list',
  'get',
  'search',
  'query',
  'export',
  'preview',
  'estimate',
  'quote',
  'simulate',
  'view',
  'read',
  'history',
]);
/** Keys that count units: `qty`, `items`, `seats`, `n_items`, `tickets`, `headcount`, `days`. */
const COUNT_KEY =
  /^(?:q|qty|quantity|units?|count|items|pieces|pcs|lots|shares|seats|licen[cs]es|cards|tickets|cases|boxes|pallets|packs|headcount|people|persons|employees|days|weeks|months|nights|copies|contracts)$|^(?:n|num|number|count|no)_[a-z]+$|_(?:count|qty|quantity)$/;
/** Keys that price one unit: `unit_price`, `each`, `amount_each`, `per_seat`, `item_cost`, `daily_budget`, `face_value`. */
const UNIT_PRICE_KEY =
  /^(?:up|pu|each|price|cost|rate|limit|limit_price|unit_price|unit_cost|unit_rate|hourly_rate|daily_rate|nightly_rate)$|^(?:price|cost|fee|amount|budget|value)_(?:each|per_[a-z]+|[a-z]{3})$|^per_[a-z]+$|^[a-z]+_(?:price|cost|fee|budget|value)$|^(?:unit|item|line)_amount$|_each$/;
/** The amount of a price written as an object (`price: {amount: 3499, currency: "USD"}`). */
const PRICE_OBJECT_AMOUNT = new Set(['amount', 'value', 'unit_amount', 'units']);
/** Bounds and totals are not prices of one unit (`price_min`, `total_price`, `subtotal_cost`). */
const NOT_UNIT_PRICE = /_(?:min|max|from|to|total|sum|avg|id)$|^(?:total|grand|sub|sum|max|min|avg)_/;

/** What a key is to an order (keys repeat across a payload's items: each is tested once). */
const keyRoles = new Map<string, 'count' | 'price' | undefined>();
function keyRole(key: string): 'count' | 'price' | undefined {
  if (keyRoles.has(key)) return keyRoles.get(key);
  const role = COUNT_KEY.test(key) ? 'count' : UNIT_PRICE_KEY.test(key) && !NOT_UNIT_PRICE.test(key) ? 'price' : undefined;
  if (keyRoles.size >= 4096) keyRoles.clear();
  keyRoles.set(key, role);
  return role;
}
/** Whether a tool path names spending and not only looking (tested once per path). */
const pathSpends = new Map<string, boolean | undefined>();

function countOf(field: ScalarField): number | undefined {
  // `qty: "1k"`, `"2.5k"`: a count with a thousands suffix.
  const suffixed = typeof field.value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*[kK]\s*$/.exec(field.value) : null;
  const value =
    typeof field.value === 'number'
      ? field.value
      : suffixed !== null
        ? Number(suffixed[1]) * 1000
        : Number(field.value.replace(/[,_\s]/g, ''));
  return Number.isFinite(value) && value > 0 && value <= 1e9 ? value : undefined;
}

/** Whether the call spends: its tool path or the path of the URL it calls names a purchase. */
function spends(toolPath: string, fields: PayloadFields): boolean {
  let byPath = pathSpends.get(toolPath);
  if (!pathSpends.has(toolPath)) {
    const toolWords = splitWords(toolPath);
    byPath = toolWords.some((word) => LOOKING_WORDS.has(word)) ? false : toolWords.some((word) => SPEND_WORDS.has(word)) ? true : undefined;
    if (pathSpends.size >= 1024) pathSpends.clear();
    pathSpends.set(toolPath, byPath);
  }
  if (byPath !== undefined) return byPath;
  const url = callUrl(fields);
  if (url === undefined || callMethod(fields) === 'GET') return false;
  const urlWords = splitWords(url.text.replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/, ''));
  return urlWords.some((word) => SPEND_WORDS.has(word)) && !urlWords.some((word) => LOOKING_WORDS.has(word));
}

/** Adds a critical finding when the call spends count x unit price at or above the threshold (in USD). */
export function assessOrderTotal(toolPath: string, fields: PayloadFields, threshold: number, findings: Findings): void {
  if (fields.scalars.length < 2 || !spends(toolPath, fields)) return;
  // A draft or proposed order is a document until someone places it.
  if (fields.strings.some((field) => STATE_KEYS.has(field.key) && field.parentKey === '' && UNPLACED.test(field.text.trim()))) return;
  // Counts and prices per object; the lines of one array share a group and pair up in order.
  const groups = new Map<string, { counts: ScalarField[]; prices: ScalarField[] }>();
  for (const field of fields.scalars) {
    let role = keyRole(field.key);
    let object = field.group.slice(0, field.group.lastIndexOf('.'));
    // `{quantity: 30, price: {amount: 3499, currency: "USD"}}`: the object's amount prices the line that holds it.
    if (role === undefined && PRICE_OBJECT_AMOUNT.has(field.key) && field.parentKey !== '' && keyRole(field.parentKey) === 'price') {
      role = 'price';
      object = object.slice(0, object.lastIndexOf('.'));
    }
    if (role === undefined) continue;
    const count = role === 'count';
    const entry = groups.get(object) ?? { counts: [], prices: [] };
    (count ? entry.counts : entry.prices).push(field);
    groups.set(object, entry);
  }
  let best: { usd: number; why: string } | undefined;
  for (const { counts, prices } of groups.values()) {
    if (counts.length === 0 || prices.length === 0) continue;
    const lines = counts.length === prices.length && counts.length > 1 ? counts.length : 1;
    let usd = 0;
    for (let line = 0; line < lines; line++) {
      let lineBest = 0;
      for (const count of lines > 1 ? [counts[line]] : counts) {
        for (const price of lines > 1 ? [prices[line]] : prices) {
          const units = countOf(count);
          const each = parseAmount(price.value);
          if (units === undefined || each === undefined) continue;
          const currency = (typeof price.value === 'string' ? currencyIn(price.value) : undefined) ?? siblingCurrency(fields, price);
          lineBest = Math.max(lineBest, toUsd(units * each, currency));
        }
      }
      usd += lineBest;
    }
    if (usd > 0 && (best === undefined || usd > best.usd))
      best = { usd, why: `\`${counts[0].key}\` x \`${prices[0].key}\`${lines > 1 ? ` over ${lines} lines` : ''}` };
  }
  if (best === undefined || best.usd < threshold) return;
  findings.add('critical', `money: spends ${Math.round(best.usd)} USD (${best.why}) >= ${threshold}`);
}
