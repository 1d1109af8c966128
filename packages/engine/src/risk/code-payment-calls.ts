// Money moved by code handed to a code tool: a client library call such as
// `stripe.Transfer.create(amount=5_000_000, currency='usd')` or
// `client.wires.create(amount: 60_000, currency: 'USD')`. A call whose name says it moves money
// (transfer, payout, wire, payment, withdrawal, disbursement, send_money) has its literal keyword
// arguments read as the fields of a payment and judged like any other transfer; Stripe's client
// counts in cents. Token tests, linear.

import type { Findings } from './findings.ts';
import { assessMoney } from './money.ts';
import { collectFields, type PayloadFields } from './payload-fields.ts';
import { countsInMinorUnits } from './minor-unit-apis.ts';
import { foldCodeLiterals } from './code-literal-folding.ts';
import { codeKeys } from './code-keys.ts';
import { isMoneyDocumentUrl, isPaymentUrl } from './call-effects.ts';

const CODE_KEYS = codeKeys();
const CODE_KEY_LIST = [...CODE_KEYS];
/** A call whose name moves money, and its argument list (up to the first closing parenthesis). */
const MONEY_CALL =
  /\b((?:[A-Za-z_]\w*(?:\.|::))*(?:[A-Za-z_]\w*)?(?:[Tt]ransfers?|[Pp]ayouts?|[Ww]ires?|[Pp]ayments?|[Ww]ithdraw(?:als?)?|[Dd]isburse(?:ments?)?|send_?[Mm]oney|[Rr]emittances?|[Ss]ales?|[Cc]harges?)(?:(?:\.|::)\w+)*)\s*\(([^()]{1,2000})\)/g;
/** `amount=5_000_000`, `amount: 60_000`, `"currency": "usd"`, `currency => 'EUR'`. */
const KEYWORD_ARG =
  /["']?([A-Za-z_]\w{0,40})["']?\s*(?:=>|=|:)\s*(?:"([^"\n]{0,64})"|'([^'\n]{0,64})'|([\d_.,]+(?:e\d+)?(?![\w*])|[\w.]{1,40}(?:\s*\*\s*[\w.]{1,40}){0,3}))/g;
/** A name bound to a number or a product of numbers (`price = 2500`, `total = 120 * 95.0`). */
const NUMERIC_ASSIGNMENT =
  /(?:^|[;\n])[ \t]*(?:const|let|var)?[ \t]*([A-Za-z_]\w{0,40})[ \t]*=[ \t]*([\d_.]+(?:[ \t]*\*[ \t]*[\w.]+){0,3})[ \t]*(?=;|\n|$)/g;
/** A payment API called by URL from code (`requests.post('https://…/v1/transfers', json={…})`, `fetch(url, {method: 'POST'})`). */
const HTTP_WRITE = /\.(?:post|put|patch)\s*\(|method\s*[:=]\s*['"](?:POST|PUT|PATCH)['"]|\bcurl_setopt\b|\bHttpPost\b/;
/** A transaction dict's value in wei (`'value': 10_000_000_000_000_000_000`, `value: 0x8ac7…`). */
const WEI_VALUE = /["']?value["']?\s*[:=]\s*(\d[\d_]{15,40}|0x[0-9a-fA-F]{12,30})\b/g;
/** A token amount written with its decimals (`50000n * 10n**6n`, `50_000 * 10 ** 6`, `parseUnits('50000', 6)`). */
const TOKEN_UNITS =
  /\b(\d[\d_]{0,20}(?:\.\d+)?)n?\s*\*\s*10n?\s*\*\*\s*\d{1,2}n?\b|\bparse_?[Uu]nits\s*\(\s*['"]?([\d_.]{1,24})['"]?\s*,\s*\d{1,2}\s*\)/g;
const STABLECOIN = /\b(USDC|USDT|DAI|BUSD)\b/i;

/** Go SDKs wrap literals in pointer helpers (`stripe.Int64(2500000)`, `aws.String("usd")`): the literal is the argument. */
const POINTER_HELPER = /\b\w+\.(?:Int64|Int32|Int|Float64|String|Bool)\(\s*([^()\n]{0,64}?)\s*\)/g;

function unwrapPointerHelpers(code: string): string {
  return code.includes('.Int') || code.includes('.String(') || code.includes('.Float') ? code.replace(POINTER_HELPER, '$1') : code;
}

/** Numbers bound to names in the code, products evaluated. */
function numericNames(code: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const match of code.matchAll(NUMERIC_ASSIGNMENT)) {
    if (names.size >= 32) break;
    const value = evaluateProduct(match[2], names);
    if (value !== undefined) names.set(match[1], value);
  }
  return names;
}

/** `8 * 2500`, `qty * price` with known names, `1e5`: the number, or undefined. */
function evaluateProduct(expression: string, names: ReadonlyMap<string, number>): number | undefined {
  let product = 1;
  for (const factor of expression.split('*')) {
    const text = factor.trim().replace(/_/g, '');
    const value = /^\d+(?:\.\d+)?(?:e\d+)?$/.test(text) ? Number(text) : names.get(factor.trim());
    if (value === undefined || !Number.isFinite(value)) return undefined;
    product *= value;
  }
  return product;
}
/** Calls that only read or list (`stripe.Transfer.list`, `retrieve`) move nothing. */
const READ_ONLY = /(?:\.|::)(?:list|retrieve|get|search|all|find|fetch)\w*$/i;

/** Ether written in code by its unit helper (`w3.to_wei(80, 'ether')`, `ethers.parseEther("80")`, `web3.utils.toWei('80', 'ether')`). */
const ETHER_LITERAL =
  /\b(?:to_?[Ww]ei|toWei)\s*\(\s*['"]?([\d_.]+)['"]?\s*,\s*['"]ether['"]\s*\)|\bparse_?[Ee]ther\s*\(\s*['"]?([\d_.]+)['"]?\s*\)/g;
/** Calls that send a transaction or a token. */
const CHAIN_SEND = /\bsend_?[Tt]ransaction\b|\bsendTransaction\b|\.transfer\s*\(|\.send\s*\(|\bsign_?[Tt]ransaction\b/;

/** A setter or builder of a payment object's amount (`req.setAmount(new BigDecimal("25000"))`, `.amount(25000)`). */
const AMOUNT_SETTER =
  /\.(?:set_?)?[Aa]mount\s*\(\s*(?:new\s+BigDecimal\s*\(\s*|BigDecimal\.valueOf\s*\(\s*|Decimal\s*\(\s*)?["']?(\d[\d_.]{0,20})["']?/g;
const PAYMENT_OBJECT = /Transfer|Payout|Payment|Wire|Withdraw|Disburse|Remittance/;
const CURRENCY_SETTER = /\.(?:set_?)?[Cc]urrency\s*\(\s*(?:Currency\.getInstance\s*\(\s*)?["']([A-Za-z]{3})["']/;

/** Adds money findings for payment calls written in code fields. */
export function assessCodePayments(fields: PayloadFields, threshold: number, findings: Findings): void {
  if (!CODE_KEY_LIST.some((key) => fields.keys.has(key))) return;
  for (const field of fields.strings) {
    if (CODE_KEYS.has(field.key) && field.text.length <= 65536 && /ether/i.test(field.text) && CHAIN_SEND.test(field.text)) {
      // A transaction whose value is written in ether: weighed like any other transfer of ETH.
      for (const match of field.text.matchAll(ETHER_LITERAL)) {
        const ether = Number((match[1] ?? match[2]).replace(/_/g, ''));
        if (Number.isFinite(ether) && ether > 0) assessMoney(collectFields({ amount: ether, currency: 'ETH' }), true, threshold, findings);
      }
    }
    if (CODE_KEYS.has(field.key) && field.text.length <= 65536 && CHAIN_SEND.test(field.text))
      assessChainValues(field.text, threshold, findings);
    if (!CODE_KEYS.has(field.key) || field.text.length > 65536 || !/amount|value|sum/i.test(field.text)) continue;
    if (PAYMENT_OBJECT.test(field.text) && /[Aa]mount\s*\(/.test(field.text)) {
      const currency = CURRENCY_SETTER.exec(field.text)?.[1];
      for (const setter of field.text.matchAll(AMOUNT_SETTER)) {
        const amount = Number(setter[1].replace(/_/g, ''));
        if (Number.isFinite(amount))
          assessMoney(collectFields({ amount, currency }), true, threshold, findings, countsInMinorUnits([], [field.text]));
      }
    }
    let names: Map<string, number> | undefined;
    // `amt = 5_000_000; …create(amount=amt)`: literals kept in names are read where they are passed.
    for (const call of unwrapPointerHelpers(foldCodeLiterals(field.text)).matchAll(MONEY_CALL)) {
      if (READ_ONLY.test(call[1])) continue;
      const body = keywordArguments(call[2], names ?? (names = numericNames(field.text)));
      if (!Object.keys(body).some((key) => /amount|value|sum|total/.test(key))) continue;
      assessMoney(collectFields(body), true, threshold, findings, countsInMinorUnits([], [field.text]));
    }
    // A payment API's URL written in code and written to: the code's keyword arguments are the payment's fields.
    if (isPaymentUrl(field.text) && !isMoneyDocumentUrl(field.text) && HTTP_WRITE.test(field.text)) {
      const body = keywordArguments(field.text, names ?? (names = numericNames(field.text)));
      if (Object.keys(body).some((key) => /amount|value|sum|total/.test(key)))
        assessMoney(collectFields(body), true, threshold, findings, countsInMinorUnits([], [field.text]));
    }
  }
}

/** Keyword arguments of a call as payment fields; names bound to numbers are replaced by them. */
function keywordArguments(args: string, names: ReadonlyMap<string, number>): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const arg of args.matchAll(KEYWORD_ARG)) {
    const raw = arg[4];
    const number = raw === undefined ? undefined : evaluateProduct(raw, names);
    // `sourceAmount` is `source_amount`, read like the payment field it names.
    body[arg[1].replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()] = number ?? arg[2] ?? arg[3] ?? raw ?? '';
  }
  return body;
}

/** Transactions sent from code with their value in wei, and token transfers written with their decimals. */
function assessChainValues(code: string, threshold: number, findings: Findings): void {
  for (const match of code.matchAll(WEI_VALUE)) {
    const wei = match[1].startsWith('0x') ? Number(BigInt(match[1])) : Number(match[1].replace(/_/g, ''));
    if (Number.isFinite(wei) && wei > 0) assessMoney(collectFields({ amount: wei / 1e18, currency: 'ETH' }), true, threshold, findings);
  }
  if (!/\.transfer\s*\(|\btransfer_?[Ff]rom\b/.test(code)) return;
  const currency = STABLECOIN.exec(code)?.[1]?.toUpperCase();
  for (const match of code.matchAll(TOKEN_UNITS)) {
    const tokens = Number((match[1] ?? match[2]).replace(/_/g, ''));
    if (Number.isFinite(tokens) && tokens > 0) assessMoney(collectFields({ amount: tokens, currency }), true, threshold, findings);
  }
}
