// Money in a tool call: amounts in the usual fields (`amount`, `value`, `total`, `sum`, `price`,
// `amount_usd`, minor units such as `amount_cents` scaled by 1/100), as numbers or as strings
// with separators and symbols (`"12,500.00"`, `"$25,000"`, `"EUR 9.999,50"`), at any depth,
// and summed over a batch (`payouts: [{amount}, …]`). On a payment tool, or when the payload
// reads like a transfer (a recipient, an IBAN, `type: "wire"`), an amount at or above the
// critical threshold is critical and any other payment high.

import { withoutLocalCurrency } from './locale-amounts.ts';
import type { Findings } from './findings.ts';
import { withoutCurrencyWord } from './currency-words.ts';
import { scaledMemoAmount } from './scaled-memo-amounts.ts';
import { currencyIn, memoAmount, parseLooseAmount, quantityOfAsset, quantityTimesPrice, siblingCurrency, toUsd } from './money-reading.ts';
import type { PayloadFields, ScalarField } from './payload-fields.ts';
import { fromMinorUnits } from './minor-unit-apis.ts';

/** Default amount from which a transfer is critical. */
export const DEFAULT_CRITICAL_TRANSFER_AMOUNT = 10000;

const MONEY_KEY =
  /^(?:amount|amt|amnt|value|total|sum|price|cost|fee|principal|money|funds|subtotal|grand_total|net|gross|balance_transfer|betrag|montant|importe|importo|monto|valor|bedrag|kwota|summe|somme|belopp|beloeb|tutar|jumlah)(?:_[a-z]{3})?$|(?:^|_)amount(?:_|$)|^(?:total|sum|price|cost)_|_(?:total|price|sum)$/;
/** Keys counting in a currency's hundredth, wherever the unit word sits (`amount_cents`, `value_in_pence`, `cents_total`). */
const MINOR_UNITS =
  /(?:^|_)(?:cents?|pence|penny|pennies|paise|kopecks?|kopeks?|centavos|centimes|rappen)(?:_|$)|(?:^|_)minor(?:_units?)?$|^minor_(?:amount|units?|value)$/;
/** Keys counting in millionths of a currency unit (Google Ads' `amount_micros`, `cpc_bid_micros`); `latency_micros` is no money. */
const MICRO_UNITS = /(?:^|_)(?:amount|value|cost|price|budget|bid|spend|total|balance)_micros$/;
/** Argument lists of generic call tools. */
const POSITIONAL_KEYS = new Set(['args', 'arguments', 'params', 'parameters', 'argv', 'inputs']);
/** Keys too generic to be money unless inside a money field or a transfer. */
const GENERIC_KEYS = new Set(['value', 'sum', 'total', 'net', 'gross']);
/** Containers of a call's arguments: a generic key directly inside one is the call's own amount (`params: {total: 88000}`). */
const ARGUMENT_HOLDERS = new Set([
  'params',
  'parameters',
  'args',
  'arguments',
  'input',
  'data',
  'body',
  'json',
  'payload',
  'request',
  'form',
]);
/** Arrays whose items are the payments of one batch (`payments: [{sum}]`, a payroll's `employees: [{net}]`): their generic keys are amounts. */
const BATCH_KEYS = new Set([
  'payments',
  'transfers',
  'payouts',
  'items',
  'transactions',
  'disbursements',
  'employees',
  'payees',
  'recipients',
  'beneficiaries',
  'workers',
  'lines',
  'entries',
]);
/** Bounds of a search or a filter (`min_amount`, `amount_gte`), not an amount that moves; chain base units (`value_wei`), which crypto-transfers.ts scales. */
const NOT_DOLLARS_KEY =
  /^(?:min|max|minimum|maximum)_|_(?:min|max|gte?|lte?|above|below|over|under|from|threshold|limit)$|(?:^|_)(?:lamports|satoshis?|sats|msats?|millisatoshis|gwei|wei)$/;
/** A balance held (`balance_minor`, `available_balance_cents`), read back from an account: no money moves by it. */
const HELD_BALANCE_KEY =
  /^(?:(?:available|current|ledger|account|closing|opening)_)?balance(?:_(?:minor|cents?|micros|units?|amount|value))?$/;
/** Scale written in the key (`amount_k: 250`, `value_mm: 2`). */
const KEY_SCALE: ReadonlyArray<readonly [RegExp, number]> = [
  [/_(?:k|thousands?)$/, 1e3],
  [/_(?:m|mm|mn|millions?)$/, 1e6],
];
/** How many times one payment is made (`repeat: 6`): the amount moves that many times. */
const REPEAT_KEY = /^(?:repeat|repeats|times|repetitions|occurrences|recurrences)$/;
const TRANSFER_KEYS = new Set([
  'recipient',
  'recipient_id',
  'recipient_account',
  'beneficiary',
  'beneficiary_account',
  'beneficiary_name',
  'payee',
  'payee_id',
  'to_account',
  'to_account_id',
  'from_account',
  'source_account',
  'destination',
  'destination_account',
  'destination_id',
  'iban',
  'to_iban',
  'account_number',
  'routing_number',
  'swift',
  'swift_code',
  'bic',
  'sort_code',
  'counterparty',
  'wallet_address',
  'to_address',
  'receiver',
  'creditor',
  'creditor_account',
  'debtor_account',
  'bank_account',
  'payment_method',
  'payout_method',
  'transfer_id',
  'payee_account',
  'card_number',
  'aba',
]);
const TRANSFER_WORDS =
  /^(?:transfer|wire|wire_transfer|payment|payout|withdrawal|withdraw|send|send_money|remittance|disbursement|ach|sepa|swift|refund|charge|purchase|buy|sell|trade|market_order|limit_order|transferencia|virement|ueberweisung|überweisung|bonifico|overboeking|overschrijving|przelew|transferencia_bancaria)$/i;
// A recipient that is a crypto address or an IBAN makes any amount a transfer.
const ADDRESS_VALUE =
  /^(?:0x[0-9a-fA-F]{8,}|(?:bc1|[13])[a-km-zA-HJ-NP-Z0-9]{20,}|T[1-9A-HJ-NP-Za-km-z]{33}|[A-Z]{2}\d{2}[A-Z0-9 ]{11,30})$/;
const RECIPIENT_KEYS = new Set(['to', 'recipient', 'address', 'dest', 'destination', 'account', 'wallet', 'payee']);
/** Chinese and Japanese numerals and myriads (`五十万元`, `1000万円`). */
const CJK_NUMERAL = /[一二三四五六七八九十百千万萬亿億]/;
const TYPE_KEYS = new Set([
  'type',
  'kind',
  'action',
  'operation',
  'transaction_type',
  'intent',
  'method',
  'category',
  'operacion',
  'tipo',
  'art',
  'soort',
  'typ',
  'operazione',
]);

/** Scale words written after a number: `15k`, `$2.3MM`, `1,5 Mio.`, `2 Mrd.`, `45 lakh`, `2 crore`. */
const SCALE_SUFFIX: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  mil: 1e6,
  b: 1e9,
  bn: 1e9,
  mrd: 1e9,
  md: 1e9,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  crore: 1e7,
  crores: 1e7,
  cr: 1e7,
};

/** Reads an amount from a number or a numeric string with currency marks and separators. */
export function parseAmount(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.abs(value) : undefined;
  let text = withoutLocalCurrency(withoutCurrencyWord(value.trim()));
  if (text.length === 0 || text.length > 40) return undefined;
  text = text
    .replace(/^(?:[A-Za-z]{3}|Rs\.?|R\$|US\$|[CASH]\$|HK\$|NZ\$)\s*|\s*[A-Za-z]{3}$/g, '')
    .replace(/[$€£¥₹₩₽¢\s]/g, '')
    .replace(/^[+-]|^\((.*)\)$/, '$1');
  let scale = 1;
  const suffix = /^([\d.,']+)([a-z.]{1,7})$/i.exec(text);
  if (suffix) {
    const factor = SCALE_SUFFIX[suffix[2].toLowerCase().replace(/\.$/, '')];
    if (factor === undefined) return undefined;
    text = suffix[1];
    scale = factor;
  }
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/.test(text)) {
    // 12.500,00: dots group thousands, the comma marks decimals.
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+,\d{1,2}$/.test(text)) {
    text = text.replace(',', '.');
  } else {
    text = text.replace(/[,_']/g, '');
  }
  if (!/^\d+(?:\.\d+)?$/.test(text)) return undefined;
  const amount = Number(text) * scale;
  return Number.isFinite(amount) ? amount : undefined;
}

/** Whether the payload reads like a transfer (a recipient, an account, `type: "wire"`). */
export function hasTransferContext(fields: PayloadFields): boolean {
  for (const key of fields.keys) if (TRANSFER_KEYS.has(key)) return true;
  // A trade: `side: buy|sell` spends or raises its quantity x price.
  if (fields.strings.some((field) => field.key === 'side' && /^(?:buy|sell|long|short)$/i.test(field.text.trim()))) return true;
  for (const field of fields.strings) {
    if (RECIPIENT_KEYS.has(field.key) && field.text.length <= 64 && ADDRESS_VALUE.test(field.text.trim())) return true;
  }
  for (const field of fields.strings) {
    if (TYPE_KEYS.has(field.key) && field.text.length <= 40 && TRANSFER_WORDS.test(field.text.trim().replace(/[\s-]+/g, '_'))) return true;
  }
  return false;
}

function moneyAmount(field: ScalarField): number | undefined {
  const key = field.key;
  if (NOT_DOLLARS_KEY.test(key) || HELD_BALANCE_KEY.test(key)) return undefined;
  const minor = MINOR_UNITS.test(key) || MICRO_UNITS.test(key);
  const money =
    minor ||
    (MONEY_KEY.test(key) &&
      (!GENERIC_KEYS.has(key) ||
        MONEY_KEY.test(field.parentKey) ||
        field.parentKey === '' ||
        field.parentKey === 'money' ||
        ARGUMENT_HOLDERS.has(field.parentKey) ||
        // `{transfer: {value: "1.2e5", ccy: "USD"}}`: inside a transfer, its value is its amount.
        TRANSFER_WORDS.test(field.parentKey) ||
        (BATCH_KEYS.has(field.parentKey) && field.group.endsWith(`${field.parentKey}[].${key}`))));
  if (!money) return undefined;
  if (typeof field.value === 'string' && !/\d/.test(field.value) && parseLooseAmount(field.value) === undefined) return undefined;
  const amount = parseAmount(field.value) ?? (typeof field.value === 'string' ? parseLooseAmount(field.value) : undefined);
  if (amount === undefined) return undefined;
  const scale = KEY_SCALE.find(([suffix]) => suffix.test(key))?.[1] ?? 1;
  // Minor units are scaled by the currency's exponent in moneyAmountUsd, where the currency is known.
  return minor ? amount : amount * scale;
}

/** Token decimals beside an amount (`{amount_raw: "20000000000", decimals: 6}`). */
function tokenDecimals(fields: PayloadFields): number | undefined {
  for (const field of fields.scalars) {
    if (field.key !== 'decimals' && field.key !== 'token_decimals') continue;
    const decimals = Number(field.value);
    if (Number.isInteger(decimals) && decimals > 0 && decimals <= 30) return decimals;
  }
  return undefined;
}

/** The amount of a money field in dollars: its own currency mark, else its siblings'. */
function moneyAmountUsd(
  fields: PayloadFields,
  field: ScalarField,
  minorUnitApi: boolean,
): { amount: number; original: number; currency?: string } | undefined {
  let read = moneyAmount(field);
  if (read === undefined) return undefined;
  const currency = (typeof field.value === 'string' ? currencyIn(field.value) : undefined) ?? siblingCurrency(fields, field);
  // An integer with more digits than the token's decimals is written in its smallest unit (wei, 10^-6 USDC);
  // the decimals say what that unit is, so a minor-unit key (`amount_minor`) is not scaled again.
  const decimals = fields.keys.has('decimals') || fields.keys.has('token_decimals') ? tokenDecimals(fields) : undefined;
  const inSmallestUnit = decimals !== undefined && /^\d+$/.test(String(field.value).trim()) && String(field.value).trim().length > decimals;
  if (inSmallestUnit) read = read / 10 ** decimals;
  else if (MINOR_UNITS.test(field.key)) read = fromMinorUnits(read, currency);
  else if (MICRO_UNITS.test(field.key)) read = read / 1e6;
  // An API that counts in minor units (Stripe's `amount=2000` is 20.00): its plain whole numbers are cents.
  const minor = minorUnitApi && /^(?:amount|value)$/.test(field.key) && /^\d+$/.test(String(field.value).trim());
  const amount = minor ? fromMinorUnits(read, currency) : read;
  return { amount: toUsd(amount, currency), original: amount, currency };
}

/** How many times the payment holding `field` is made (`{amount: 2500, repeat: 6}`), 1 when not said. */
function repeatCount(repeats: readonly ScalarField[], field: ScalarField): number {
  const object = field.group.slice(0, field.group.lastIndexOf('.'));
  for (const other of repeats) {
    if (other.group.slice(0, other.group.lastIndexOf('.')) !== object) continue;
    const times = Number(other.value);
    if (Number.isInteger(times) && times > 1 && times <= 10000) return times;
  }
  return 1;
}

function format(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/**
 * Adds money findings. `paymentTool` is true when the tool's name says it moves money.
 * Returns whether a payment was recognised.
 */
export function assessMoney(
  fields: PayloadFields,
  paymentTool: boolean,
  threshold: number,
  findings: Findings,
  countsInMinorUnits: boolean | (() => boolean) = false,
): boolean {
  const transfer = paymentTool || hasTransferContext(fields);
  if (!transfer) return false;
  // Read only for a transfer: whether the API counts in cents costs a scan of the call's texts.
  const minorUnitApi = typeof countsInMinorUnits === 'function' ? countsInMinorUnits() : countsInMinorUnits;
  let largest: { amount: number; key: string } | undefined;
  const batches = new Map<string, { total: number; count: number }>();
  // Amounts written in words are strings without digits, which the field reader skips.
  const worded: ScalarField[] = fields.strings
    .filter(
      (f) =>
        f.text.length <= 80 &&
        (!/\d/.test(f.text) || CJK_NUMERAL.test(f.text)) &&
        // A positional argument of a payment call (`args: ["acct-7", "two hundred thousand dollars"]`) names its currency,
        // and so does an amount under a key in another script (`金额: "五十万元"`).
        (MONEY_KEY.test(f.key) ||
          ((f.key === '' ||
            (f.text.length <= 40 && (f.text.includes(' ') || CJK_NUMERAL.test(f.text))) ||
            (f.inArray && POSITIONAL_KEYS.has(f.key))) &&
            currencyIn(f.text) !== undefined)),
    )
    .map((f) => {
      const key = MONEY_KEY.test(f.key) ? f.key : 'amount';
      return { key, parentKey: f.parentKey, value: f.text, group: `.${key}` };
    });
  const repeats = fields.scalars.filter((field) => REPEAT_KEY.test(field.key));
  for (const field of [...fields.scalars, ...worded]) {
    const read = moneyAmountUsd(fields, field, minorUnitApi);
    if (read === undefined) continue;
    const amount = read.amount;
    const original = read.original;
    const key =
      read.currency !== undefined && read.currency !== 'USD' && original !== undefined
        ? `${field.key}\`: ${format(original)} ${read.currency} in USD \``
        : field.key;
    const times = repeats.length === 0 ? 1 : repeatCount(repeats, field);
    if (times > 1 && amount * times > (largest?.amount ?? -1)) largest = { amount: amount * times, key: `${key}\` x ${times} repeats \`` };
    else if (largest === undefined || amount > largest.amount) largest = { amount, key };
    if (field.group.includes('[]')) {
      const batch = batches.get(field.group) ?? { total: 0, count: 0 };
      batch.total += amount;
      batch.count += 1;
      batches.set(field.group, batch);
    }
  }
  const kind = 'transfer';
  // Quantity x unit price (an order), and amounts written only in a memo.
  const product = quantityTimesPrice(fields);
  if (product !== undefined) {
    const currency = fields.strings.find((f) => f.key === 'currency' || f.key === 'asset')?.text.trim();
    const amount = toUsd(product.amount, currency);
    if (largest === undefined || amount > largest.amount) largest = { amount, key: product.why.replace(/`/g, '') };
  }
  // A memo that names more than the amount field is what the payee may be told to book: the larger counts.
  // A whole the payment is part of (`installment 3 of the $2M contract`) counts only when the call names no other amount.
  const memo = memoAmount(fields, largest === undefined);
  if (memo !== undefined && (largest === undefined || memo.amount > largest.amount))
    largest = { amount: memo.amount, key: `${memo.key}\` (amount written in text) \`` };
  // A quantity of a priced asset with no price field (`{asset: "BTC", quantity: 2}`) is worth the asset's rate.
  const holding = largest === undefined ? quantityOfAsset(fields) : undefined;
  if (holding !== undefined) largest = holding;
  // A payment with no amount but a memo saying `1.2M`: the scaled number is the amount.
  const scaled = largest === undefined ? scaledMemoAmount(fields) : undefined;
  if (scaled !== undefined) {
    const currency = fields.strings
      .find((f) => f.key === 'currency' || f.key === 'currency_code')
      ?.text.trim()
      .toUpperCase();
    largest = { amount: toUsd(scaled.amount, currency), key: `${scaled.key}\` (scaled amount written in text) \`` };
  }
  if (largest === undefined) {
    if (paymentTool) findings.add('high', 'money: payment tool with no readable amount');
    return paymentTool;
  }
  let batchTotal: { total: number; count: number } | undefined;
  for (const batch of batches.values()) {
    if (batch.count > 1 && (batchTotal === undefined || batch.total > batchTotal.total)) batchTotal = batch;
  }
  if (largest.amount >= threshold) {
    findings.add('critical', `money: ${kind} of ${format(largest.amount)} >= ${format(threshold)} (field \`${largest.key}\`)`);
  } else if (batchTotal !== undefined && batchTotal.total >= threshold) {
    findings.add('critical', `money: batch of ${batchTotal.count} ${kind}s totalling ${format(batchTotal.total)} >= ${format(threshold)}`);
  } else {
    findings.add('high', `money: ${kind} of ${format(largest.amount)} < ${format(threshold)}`);
  }
  return true;
}
