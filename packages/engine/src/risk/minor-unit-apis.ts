// Payment APIs that count money in the currency's smallest unit: Stripe's `amount=2000` is
// 20.00 USD, Adyen's `amount.value`, Square's `amount_money.amount` and Checkout.com's `amount`
// likewise; Modern Treasury's payment orders and GoCardless's payments count in cents and pence
// too. A call to one of them (by its URL, its tool's name, its CLI or its client library in
// code) has its plain amount fields divided by 100, except in the currencies that have no minor
// unit (JPY, KRW, …), so 500 dollars is not read as 50,000.

/** Currencies without a minor unit (Stripe's list): their amounts are whole units. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const MINOR_UNIT_NAMES = /^(?:stripe|adyen|square|squareup|checkout|gocardless|moderntreasury)$/;
const MINOR_UNIT_TEXT =
  /\bapi\.stripe\.com\b|\bstripe\s+(?:transfers|payouts|charges|payment_intents|refunds|topups|transfer_reversals)\s+create\b|\bstripe\.\w+\.create\s*\(|\bStripe::\w+\.create\b|\bstripe\.\w+\.create\b|\badyen(?:payments)?\.com\b|\bconnect\.squareup\.com\b|\bapi\.checkout\.com\b|\bapi\.(?:moderntreasury|gocardless)\.com\b/;

/** Whether the call goes to an API that counts in minor units, by the tool's words or a text of the call. */
export function countsInMinorUnits(toolWords: readonly string[], texts: Iterable<string>): boolean {
  if (toolWords.some((word) => MINOR_UNIT_NAMES.test(word))) return true;
  // `modern_treasury` and `ModernTreasury` split into two words.
  if (toolWords.some((word, at) => word === 'modern' && toolWords[at + 1] === 'treasury')) return true;
  for (const text of texts) if (text.length < 65536 && MINOR_UNIT_TEXT.test(text)) return true;
  return false;
}

/** The amount in whole units of `currency` (unknown currencies count as having cents). */
export function fromMinorUnits(amount: number, currency: string | undefined): number {
  return currency !== undefined && ZERO_DECIMAL.has(currency.toUpperCase()) ? amount : amount / 100;
}
