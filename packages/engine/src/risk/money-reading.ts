// Amounts the field-name reading of money.ts misses: exponents (`"1e6"`), words ("fifty
// thousand dollars"), amounts only in a memo ("payment of $75,000"), quantity x unit price, and
// currencies: an amount is compared with the threshold in dollars, so 12 ETH or 5,000,000 JPY
// weigh what they are worth. The rates are rounded on purpose: they decide whether a human looks,
// not what is booked.

import { MEMO_KEYS } from './memo-keys.ts';
import { namesPartOfTotal } from './part-of-totals.ts';
import { localCurrencyIn } from './locale-amounts.ts';
import { foreignCurrencyIn, parseForeignWordsAmount } from './number-words.ts';
import type { PayloadFields, ScalarField } from './payload-fields.ts';

/** Rough value in US dollars of one unit, per currency or crypto asset. */
const USD_RATE: Record<string, number> = {
  USD: 1,
  USDT: 1,
  USDC: 1,
  DAI: 1,
  EUR: 1.1,
  GBP: 1.25,
  CHF: 1.1,
  CAD: 0.73,
  AUD: 0.65,
  NZD: 0.6,
  SGD: 0.74,
  HKD: 0.13,
  CNY: 0.14,
  RMB: 0.14,
  JPY: 0.0065,
  KRW: 0.00073,
  INR: 0.012,
  RUB: 0.011,
  BRL: 0.18,
  MXN: 0.055,
  ZAR: 0.055,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.15,
  PLN: 0.25,
  TRY: 0.03,
  // Currencies whose unit is worth far more or far less than a dollar: 2,000,000 IDR is about
  // 125 USD, 15,000 KWD about 49,000 USD.
  IDR: 0.000063,
  VND: 0.00004,
  HUF: 0.0027,
  CZK: 0.043,
  ILS: 0.27,
  AED: 0.27,
  SAR: 0.27,
  QAR: 0.27,
  THB: 0.028,
  PHP: 0.017,
  MYR: 0.21,
  TWD: 0.031,
  NGN: 0.00065,
  KES: 0.0077,
  EGP: 0.02,
  PKR: 0.0036,
  BDT: 0.0084,
  LKR: 0.0033,
  COP: 0.00025,
  CLP: 0.001,
  ARS: 0.001,
  PEN: 0.27,
  UAH: 0.024,
  KZT: 0.002,
  RON: 0.22,
  ISK: 0.0072,
  KWD: 3.25,
  BHD: 2.65,
  OMR: 2.6,
  JOD: 1.41,
  BTC: 60000,
  XBT: 60000,
  WBTC: 60000,
  ETH: 3000,
  WETH: 3000,
  SOL: 150,
  BNB: 500,
  XMR: 150,
  LTC: 80,
  XRP: 0.5,
  ADA: 0.4,
  DOGE: 0.1,
  TRX: 0.12,
  MATIC: 0.7,
  AVAX: 30,
  DOT: 6,
  LINK: 15,
};
const SYMBOLS: Record<string, string> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₿': 'BTC',
  Ξ: 'ETH',
};
const PREFIXED_DOLLARS: Record<string, string> = {
  R: 'BRL',
  A: 'AUD',
  AU: 'AUD',
  C: 'CAD',
  CA: 'CAD',
  NZ: 'NZD',
  HK: 'HKD',
  S: 'SGD',
  SG: 'SGD',
  MX: 'MXN',
  US: 'USD',
};
const WORD_CURRENCY: Record<string, string> = {
  dollar: 'USD',
  dollars: 'USD',
  bucks: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  yen: 'JPY',
  bitcoin: 'BTC',
  bitcoins: 'BTC',
  ether: 'ETH',
  francs: 'CHF',
  rupees: 'INR',
  rupee: 'INR',
  rs: 'INR',
  won: 'KRW',
  rubles: 'RUB',
  yuan: 'CNY',
};
const CURRENCY_KEYS = new Set([
  'currency',
  'ccy',
  'currency_code',
  'asset',
  'coin',
  'token',
  'symbol',
  'denomination',
  'unit',
  'cur',
  'from_token',
  'token_in',
  'sell_token',
  'from_asset',
  'from_currency',
  'source_currency',
  'base_asset',
  'pair',
  'market',
  'waehrung',
  'devise',
  'moneda',
  'moeda',
  'valuta',
]);
const QUANTITY_KEYS = /^(?:qty|quantity|units|unit_count|shares|count|volume|lots|number_of_units|num_units|size)$/;
const UNIT_PRICE_KEYS = /^(?:unit_price|price|price_per_unit|unit_cost|rate|limit_price|price_each|each)$/;

const SMALL: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  a: 1,
  an: 1,
};
const SCALE: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  k: 1e3,
  grand: 1e3,
  million: 1e6,
  mil: 1e6,
  mm: 1e6,
  billion: 1e9,
  bn: 1e9,
  mio: 1e6,
  mrd: 1e9,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  crore: 1e7,
  crores: 1e7,
};

/** A number written in English words or digits with scale words ("fifty thousand", "2.5 million"). */
export function parseWordsAmount(text: string): number | undefined {
  const words = text
    .toLowerCase()
    .replace(/[-,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w !== 'and');
  let total = 0;
  let current = 0;
  let seen = false;
  let half = false;
  for (const word of words) {
    // "half a million": the article after `half` is not a one.
    if (half && (word === 'a' || word === 'an')) continue;
    half = false;
    if (word === 'half') {
      current += 0.5;
      seen = true;
      half = true;
    } else if (/^\d+(?:\.\d+)?$/.test(word)) {
      current += Number(word);
      seen = true;
    } else if (word in SMALL) {
      current += SMALL[word];
      seen = true;
    } else if (word in SCALE) {
      if (!seen) return undefined;
      const scale = SCALE[word];
      if (scale === 100) current *= 100;
      else {
        total += (current === 0 ? 1 : current) * scale;
        current = 0;
      }
    } else if (word in WORD_CURRENCY || /^[a-z]{3}$/.test(word) || word === 'of') {
      continue;
    } else return undefined;
  }
  return seen ? total + current : undefined;
}

/** The currency named in an amount string (`"12 ETH"`, `"€20k"`, `"fifty euros"`), if any. */
export function currencyIn(text: string): string | undefined {
  // Dollars of other countries first (`R$ 15.000,00` is reais, `A$` Australian dollars): `$` alone is USD.
  const dollar = text.includes('$') ? /(?:^|[^A-Za-z])(R|A|AU|C|CA|NZ|HK|S|SG|MX|US)\$/.exec(text)?.[1] : undefined;
  if (dollar !== undefined) return PREFIXED_DOLLARS[dollar];
  for (const [symbol, code] of Object.entries(SYMBOLS)) if (text.includes(symbol)) return code;
  const local = localCurrencyIn(text);
  if (local !== undefined) return local;
  const code = /(?:^|[\s\d])([A-Za-z]{3,5})(?:\s|$|\d)/.exec(text)?.[1]?.toUpperCase();
  if (code !== undefined && code in USD_RATE) return code;
  if (/(?:^|\s)Rs\.?\s?\d/.test(text)) return 'INR';
  for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word in WORD_CURRENCY) return WORD_CURRENCY[word];
  return foreignCurrencyIn(text);
}

/** An amount from a string the plain parser rejects: `1e6`, `2.5M USD`, words. */
export function parseLooseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 80) return undefined;
  const exponent = /^[^\d-]{0,5}(\d+(?:\.\d+)?[eE][+]?\d{1,3})\b/.exec(trimmed);
  if (exponent) return Number(exponent[1]);
  return parseWordsAmount(trimmed.replace(/[$€£¥₹₩₽₿]/g, ' ')) ?? parseForeignWordsAmount(trimmed.replace(/[$€£¥₹₩₽₿]/g, ' '));
}

/** Dollar value of `amount` in `currency` (unknown or absent currencies count one to one). */
export function toUsd(amount: number, currency: string | undefined): number {
  if (currency === undefined) return amount;
  const rate = USD_RATE[currency.toUpperCase()];
  return rate === undefined ? amount : amount * rate;
}

/** The currency a scalar's siblings name (`{amount: 12, currency: "ETH"}`). */
export function siblingCurrency(fields: PayloadFields, field: ScalarField): string | undefined {
  const prefix = field.group.slice(0, field.group.lastIndexOf('.'));
  for (const other of fields.strings) {
    if (!CURRENCY_KEYS.has(other.key) || other.text.length > 12) continue;
    const code = other.text.trim().toUpperCase();
    if (code in USD_RATE) {
      // Same object when the holder has the amount's key, else anywhere in the payload.
      if (other.holder !== undefined && Object.keys(other.holder).some((key) => field.group.endsWith(`.${key.toLowerCase()}`))) return code;
      if (prefix === '') return code;
    }
  }
  for (const other of fields.strings) {
    if (!CURRENCY_KEYS.has(other.key) || other.text.length > 16) continue;
    const code = other.text.trim().toUpperCase();
    if (code in USD_RATE) return code;
    // A trading pair (`BTCUSDT`, `ETH-USD`, `SOL/USDC`): the quantity is of the base asset.
    const base = /^([A-Z]{2,5}?)[-/_]?(?:USDT|USDC|USD|EUR|BTC|ETH|GBP|DAI)$/.exec(code)?.[1];
    if (base !== undefined && base in USD_RATE) return base;
  }
  return undefined;
}

/** Quantity x unit price within one object (`{units: 5000, unit_price: 30}`), the largest. */
export function quantityTimesPrice(fields: PayloadFields): { amount: number; why: string } | undefined {
  let best: { amount: number; why: string } | undefined;
  const byObject = new Map<string, { quantity?: ScalarField; price?: ScalarField }>();
  for (const field of fields.scalars) {
    const object = field.group.slice(0, field.group.lastIndexOf('.'));
    const entry = byObject.get(object) ?? {};
    if (QUANTITY_KEYS.test(field.key)) entry.quantity = field;
    else if (UNIT_PRICE_KEYS.test(field.key)) entry.price = field;
    byObject.set(object, entry);
  }
  for (const { quantity, price } of byObject.values()) {
    if (quantity === undefined || price === undefined) continue;
    const q = Number(typeof quantity.value === 'number' ? quantity.value : quantity.value.replace(/[,_\s]/g, ''));
    const p = Number(typeof price.value === 'number' ? price.value : price.value.replace(/[^\d.]/g, ''));
    if (!Number.isFinite(q) || !Number.isFinite(p)) continue;
    const amount = Math.abs(q * p);
    if (best === undefined || amount > best.amount) best = { amount, why: `\`${quantity.key}\` x \`${price.key}\`` };
  }
  return best;
}

/** A quantity field beside a named currency or asset (`{asset: "BTC", quantity: 2}`), in dollars. */
export function quantityOfAsset(fields: PayloadFields): { amount: number; key: string } | undefined {
  let best: { amount: number; key: string } | undefined;
  for (const field of fields.scalars) {
    if (!QUANTITY_KEYS.test(field.key)) continue;
    const quantity = Number(typeof field.value === 'number' ? field.value : field.value.replace(/[,_\s]/g, ''));
    const currency = siblingCurrency(fields, field);
    if (!Number.isFinite(quantity) || currency === undefined) continue;
    const amount = toUsd(Math.abs(quantity), currency);
    if (best === undefined || amount > best.amount) best = { amount, key: `${field.key}\`: ${quantity} ${currency} in USD \`` };
  }
  return best;
}

const MEMO_AMOUNT =
  /(?:\b(?:USD|EUR|GBP|CHF|JPY|BTC|ETH|USDT|USDC)\s?\d[\d,.']*(?:\s?(?:(?:mio|mrd|tsd)\.|k|m|bn|mio|mrd|tsd|million|thousand|billion)\b)?|[$€£¥₹₩₽₿]\s?\d[\d,.']*(?:\s?(?:(?:mio|mrd|tsd)\.|k|m|bn|mio|mrd|tsd|million|thousand|billion)\b)?|\b\d(?:[\d,.']*\d)?\s?(?:(?:mio|mrd|tsd)\.|k|m|mio|mrd|tsd|million|thousand|billion)?\s?(?:USD|EUR|GBP|CHF|JPY|BTC|ETH|USDT|USDC|dollars|euros|pounds)\b|\b\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?\s?[$€£¥₹₩₽]|\b\d(?:[\d,.']*\d)?\s?(?:(?:mio|mrd|tsd)\.|k|m|bn|mio|mrd|tsd)?\s?[$€£¥₹₩₽]|\b\d{1,4}(?:[.,]\d{1,2})?\s?grand\b)/gi;

/** A number in words with a scale word ("forty thousand", "two and a half million"): a scale is needed, so "one" is no amount. */
const WORDED_AMOUNT =
  /\b(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|and|a|an)[\s-]+)+(?:thousand|grand|million|billion)\b(?:[\s-]+(?:(?:and|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)\b[\s-]*)+)?(?:[\s-]*(?:dollars|euros|pounds|francs|yen|rupees|bucks))?/gi;

const NUMBER_WORD =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b/i;

/** Currency-marked amounts written in free text (memos, notes, descriptions), the largest in dollars. */
export function memoAmount(fields: PayloadFields, wholeWhenAlone = true): { amount: number; key: string } | undefined {
  let best: { amount: number; key: string } | undefined;
  for (const field of fields.strings) {
    if (!MEMO_KEYS.test(field.key) || field.text.length > 2000) continue;
    // "forty thousand for the car": words with a scale, valued in the currency they name (dollars when none).
    if (/thousand|grand|million|billion/i.test(field.text)) {
      for (const match of field.text.matchAll(WORDED_AMOUNT)) {
        // "a million thanks" is a figure of speech: an article alone needs a currency word to be money.
        if (!NUMBER_WORD.test(match[0]) && currencyIn(match[0]) === undefined) continue;
        const amount = parseWordsAmount(match[0].trim());
        if (amount === undefined) continue;
        const usd = toUsd(amount, currencyIn(match[0]));
        if (best === undefined || usd > best.amount) best = { amount: usd, key: field.key };
      }
    }
    const inText = largestAmountInText(field.text, wholeWhenAlone);
    if (inText !== undefined && (best === undefined || inText > best.amount)) best = { amount: inText, key: field.key };
  }
  return best;
}

/** Words after `N grand` that make it a street or a place (`100 grand central`), not thousands. */
const GRAND_PLACE =
  /^\s+(?:[A-Z]|(?:ave(?:nue)?|st(?:reet)?|blvd|boulevard|road|rd|drive|dr|way|parkway|pkwy|central|station|terminal|hotel|plaza|square|canyon|lake|island|hall|rapids|prix)\b)/;

/**
 * The largest currency-marked amount written in a text (`USD 85,000.00`, `€45k`, `120k EUR`), in dollars.
 * A whole the payment is only part of is skipped, unless it is the text's only amount and `wholeWhenAlone` (fail closed).
 */
export function largestAmountInText(text: string, wholeWhenAlone = true): number | undefined {
  let best: number | undefined;
  let wholeOnly: number | undefined;
  for (const match of text.matchAll(MEMO_AMOUNT)) {
    const raw = match[0];
    const at = match.index ?? 0;
    // `50 grand` is lowercase and no address: `100 Grand Central`, `1200 Grand Ave` are places.
    if (/grand$/i.test(raw) && (!raw.endsWith('grand') || GRAND_PLACE.test(text.slice(at + raw.length, at + raw.length + 40)))) continue;
    // `installment 3 of the ₹ 48,00,000 contract`: the whole, not what moves now.
    const whole = namesPartOfTotal(text.slice(Math.max(0, at - 80), at), text.slice(at + raw.length, at + raw.length + 60));
    const currency = currencyIn(raw);
    // The dot of a scale abbreviation (`Mio.`) is no decimal mark.
    let digits = raw.replace(/(?:mio|mrd|tsd)\./gi, '').replace(/[^\d.,]/g, '');
    // `27.500,00`: dots group thousands and the comma marks decimals.
    if (/^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/.test(digits)) digits = digits.replace(/\./g, '').replace(',', '.');
    digits =
      /,\d{3}(?:\D|$)/.test(digits) || /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.');
    let amount = Number(digits);
    if (!Number.isFinite(amount)) continue;
    // The scale may follow the digits directly (`30k`, `£45k`, `2.5m`): no word boundary between them.
    // German scale words: `2,5 Mio. €`, `1,5 Mrd. €`, `25 Tsd. €`.
    // `50 grand` is money by its word alone: thousands of the call's currency, dollars when none.
    if (/(?:^|[\d\s])(?:k|thousand|tsd|grand)\b/i.test(raw)) amount *= 1e3;
    else if (/(?:^|[\d\s])(?:m|million|mio)\b/i.test(raw)) amount *= 1e6;
    else if (/(?:^|[\d\s])(?:bn|billion|mrd)\b/i.test(raw)) amount *= 1e9;
    const usd = toUsd(amount, currency);
    if (whole) {
      if (wholeOnly === undefined || usd > wholeOnly) wholeOnly = usd;
    } else if (best === undefined || usd > best) best = usd;
  }
  return best ?? (wholeWhenAlone ? wholeOnly : undefined);
}
