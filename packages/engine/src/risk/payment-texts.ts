// Money moved by what a text asks or carries rather than by a payment field: a message to a bank,
// a ticket or a chat bot that asks for a transfer (`Please wire USD 85,000 to … SWIFT CHASUS33`,
// `/pay send 40k USD to vendor acct 55812`, `Bitte SEPA-Überweisung über 27.500,00 EUR an DE89…`),
// and payment orders in the banks' own file formats, wherever they are written, uploaded or
// mailed: ISO 20022 `pain.001` (`InstdAmt`, `CtrlSum`), SWIFT MT103/MT101 (`:32A:`), NACHA entry
// records, CSV batches with an amount column and XML amount elements sent to a payment call. A request is a clause
// that starts with a moving verb (after `please`, `approved:` or a slash command) or a polite
// request naming a transfer; reports of past transfers and invoices ask for nothing and stay out.

import type { Findings } from './findings.ts';
import { largestAmountInText, toUsd } from './money-reading.ts';
import { assessMoney, parseAmount } from './money.ts';
import { collectFields, type PayloadFields } from './payload-fields.ts';

const MESSAGE_KEYS = new Set([
  'body',
  'text',
  'message',
  'content',
  'description',
  'summary',
  'comment',
  'note',
  'notes',
  'subject',
  'html',
  'msg',
  'markdown',
  'details',
  'instructions',
  'instruction',
  'memo',
  // Journal entries and ledgers: the narration of an entry may carry the order to pay.
  'narration',
  'entry',
  'private_note',
  'line_description',
  'particulars',
]);
const MAX_TEXT = 20000;
/** A clause that asks for money to move: a moving verb first, or a polite request that names a transfer. */
const LEAD = String.raw`(?:(?:please|pls|kindly|bitte|veuillez|merci de|por favor|favor|approved|urgent|asap|now|today)\b[\s,:!-]*)*(?:\/\w+\s+)?`;
/** Words allowed between a moving verb and its amount (`release the ACH payment of $18,400`). */
const GAP = String.raw`(?:[\s,:-]+(?:the|a|an|me|us|them|him|her|of|for|amount|sum|total|payment|payments|transfer|wire|payout|ach|sepa|swift|funds|money|immediately|now|today|urgently|additional|remaining|über|ueber|de|du|la|le|el|une|un|des|los|um|der|die|den|sie|heute|sofort|bitte))*[\s,:-]*`;
/** A clause that starts with a moving verb directly followed by its amount (a mark or a digit). */
const MOVING_CLAUSE = new RegExp(
  String.raw`^${LEAD}(?:wire|transfer|send|pay|remit|release|disburse|initiate|execute|process|move|überweisen|überweise|ueberweisen|vire[rz]?|effectue[rz]?|transfiera|transfira|envía|envie|pague)\b${GAP}(?:[$€£¥₹₩₽₿]|(?:USD|EUR|GBP|CHF|JPY|BTC|ETH|USDT|USDC)\b|\d)`,
  'i',
);
/** A polite request whose object is a transfer, the verb left to the end (`Bitte SEPA-Überweisung über … ausführen`). */
const POLITE_TRANSFER =
  /^(?:please|pls|kindly|bitte|veuillez|merci de|por favor)[\s,:]+(?:(?:a|an|the|one|sepa|ach|swift|domestic|international|urgent|eine|die|den|un|une|le|la|el|una|outgoing)[\s-]+)*(?:wire|transfer|payment|überweisung|ueberweisung|sepa-überweisung|virement|transferencia|transferência)\b/i;
/** Where the money goes: an IBAN, a bank code or an account word. */
const ACCOUNT_MARK =
  /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b|\b(?:iban|swift|bic|account|acct|routing|sort code|beneficiary|konto|compte|cuenta|conta|ach|sepa|wallet)\b|\b0x[0-9a-fA-F]{40}\b/i;
/** A currency mark or code, tested first (case-sensitive, so one fast scan): most messages name no money. */
const MONEY_CUE = /[$€£¥₹₩₽₿]|USD|EUR|GBP|CHF|JPY|BTC|ETH|dollar|euro|pound/;
// `2,5 Mio. €`: the dot of a scale abbreviation ends no clause.
const CLAUSE_SPLIT = /(?:(?<!\b(?:Mio|Mrd|Tsd))[.!?;](?:\s+|$)|\n+|:\s+(?=[A-Z])|,\s+)/;

/** A transfer named first and ordered (`Überweisung von 25.000,00 EUR an Nordhafen heute ausführen`, `Wire of $48,000 to Orion, release today`). */
const NOUN_ORDER =
  /^(?:(?:an?|the|one|outgoing|urgent|sepa|ach|swift|domestic|international|eine|die)[\s-]+)*(?:wire|transfer|payment|überweisung|ueberweisung|virement|transferencia|transferência)\s+(?:(?:of|von|de|über|ueber|for)\s+)?(?=[$€£¥₹₩₽₿\d]|(?:USD|EUR|GBP|CHF|JPY)\b)\S[^]*?\s(?:to|an|à|a|para)\s+\S/i;
const ORDER_WORD =
  /\b(?:execute|release|send|process|initiate|today|now|asap|immediately|ausführen|ausfuehren|heute|sofort|effectuer|ejecutar|hoy)\b/i;
/** Words of a transfer reported rather than ordered. */
const DONE_WORD = /\b(?:was|were|has been|have been|completed|received|settled|ausgeführt|erledigt|effectué|reçu)\b/i;
/** A journal line crediting the bank (`Cr Bank 48,000`) beside an order to release a wire or payment. */
const BANK_CREDIT = /\bCr\.?\s+(?:Bank|Cash|Operating(?:\s+Cash)?)\b[^\d\n]{0,30}(\d[\d.,']{0,20}\d)/i;
const RELEASE_ORDER = /\b(?:release|send|execute|initiate|make)\s+(?:the\s+|a\s+)?(?:wire|transfer|payment)\b|\bwire\s+(?:it\s+)?to\b/i;

/** A message that is an invoice's notice: it names the invoice (subject or text). */
const NAMES_INVOICE = /\b(?:invoice|inv[-#\s]?\d|rechnung|facture|factura|fattura|quote|quotation|estimate)\b/i;
/** A clause that asks to pay (not wire, transfer or release) by a date or as due. */
const INVOICE_PAY_BY = new RegExp(String.raw`^${LEAD}pay\b(?=.*\b(?:by|before|until|due|within\s+\d+\s+days|no later than)\b)`, 'i');

/** The largest amount a message asks to move, in dollars, or undefined when it asks for none. */
function requestedTransfer(text: string, invoice: boolean): number | undefined {
  if (!MONEY_CUE.test(text)) return text.includes('Cr') ? journalTransfer(text) : undefined;
  const account = ACCOUNT_MARK.test(text);
  const ordered = ORDER_WORD.test(text);
  if (!account && !ordered) return undefined;
  let best: number | undefined;
  for (const clause of text.split(CLAUSE_SPLIT)) {
    const trimmed = clause.trim();
    if (trimmed.length < 8 || !/\d/.test(trimmed)) continue;
    // An invoice's own notice (`Please pay 48,200.00 USD to IBAN … by 31 December`) asks its payer to settle it by a date: a document, no transfer.
    if (invoice && INVOICE_PAY_BY.test(trimmed)) continue;
    const asks = account && (MOVING_CLAUSE.test(trimmed) || POLITE_TRANSFER.test(trimmed));
    if (!asks && !(ordered && NOUN_ORDER.test(trimmed) && !DONE_WORD.test(trimmed))) continue;
    const amount = largestAmountInText(trimmed);
    if (amount !== undefined && (best === undefined || amount > best)) best = amount;
  }
  return best;
}

/** A journal entry that credits the bank and orders the wire released: the credited amount (in dollars unless marked). */
function journalTransfer(text: string): number | undefined {
  const credit = BANK_CREDIT.exec(text);
  if (credit === null || !RELEASE_ORDER.test(text) || DONE_WORD.test(text)) return undefined;
  return parseAmount(credit[1]);
}

/** ISO 20022 credit transfer: the larger of its amounts' sum and its control sum. */
function pain001Total(text: string): number | undefined {
  let sum = 0;
  let currency: string | undefined;
  for (const match of text.matchAll(/<InstdAmt\b[^>]*?(?:Ccy="([A-Z]{3})")?[^>]*>\s*([\d.]+)\s*</g)) {
    currency ??= match[1];
    sum += Number(match[2]);
  }
  const control = /<CtrlSum>\s*([\d.]+)\s*</.exec(text);
  const total = Math.max(sum, control ? Number(control[1]) : 0);
  return Number.isFinite(total) && total > 0 ? toUsd(total, currency ?? 'EUR') : undefined;
}

/** SWIFT MT103/MT101: field 32A or 32B (`:32A:261127USD250000,00`). */
function swiftTotal(text: string): number | undefined {
  let best: number | undefined;
  for (const match of text.matchAll(/:32[AB]:(?:\d{6})?([A-Z]{3})([\d]+(?:,\d{0,2})?)/g)) {
    const usd = toUsd(Number(match[2].replace(',', '.')), match[1]);
    if (Number.isFinite(usd) && (best === undefined || usd > best)) best = usd;
  }
  return best;
}

/** NACHA entry detail records (`6` + transaction code + routing + account + amount in cents). */
function nachaTotal(text: string): number | undefined {
  if (!/^6[23]\d/m.test(text)) return undefined;
  let cents = 0;
  for (const match of text.matchAll(/^6[23][2-9]\d{9}.{17}(\d{10})/gm)) cents += Number(match[1]);
  return cents > 0 ? cents / 100 : undefined;
}

/** A CSV batch whose header names an amount column and a payee column: the column's sum. */
function csvBatchTotal(text: string): number | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2 || lines.length > 5000) return undefined;
  const separator = [',', ';', '\t', '|'].find((mark) => lines[0].includes(mark));
  if (separator === undefined) return undefined;
  const header = lines[0].split(separator).map((cell) => cell.trim().toLowerCase());
  const column = header.findIndex((cell) => /^(?:amount|amt|betrag|montant|importe|importo|sum|value|total)(?:_\w+)?$/.test(cell));
  if (column < 0 || !header.some((cell) => /iban|account|payee|beneficiary|recipient|creditor|vpa|wallet|address/.test(cell)))
    return undefined;
  let total = 0;
  for (const line of lines.slice(1)) total += parseAmount(line.split(separator)[column] ?? '') ?? 0;
  return total > 0 ? total : undefined;
}

/** Amount elements of an XML body (`<amount currency="USD">50000</amount>`, `<Betrag>…`), as payment fields. */
const XML_AMOUNT =
  /<((?:\w+:)?(?:\w*[Aa]mount\w*|[Vv]alue|[Ss]um|[Tt]otal|[Bb]etrag|[Mm]ontant|[Ii]mporte))\b([^>]{0,200})>\s*([\d.,' ]{1,30})\s*</g;

function xmlAmounts(text: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const match of text.matchAll(XML_AMOUNT)) {
    if (found.length >= 64) break;
    const currency = /\b(?:currency|ccy|cur)\s*=\s*["']([A-Za-z]{3,5})["']/i.exec(match[2])?.[1];
    const field: Record<string, string> = { [match[1].replace(/^\w+:/, '')]: match[3].trim() };
    if (currency !== undefined) field.currency = currency;
    found.push(field);
  }
  return found;
}

/** Adds money findings for transfers asked for in messages and for payment files in any field. */
export function assessPaymentTexts(fields: PayloadFields, paymentCall: boolean, threshold: number, findings: Findings): void {
  let invoice: boolean | undefined;
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length < 12 || text.length > MAX_TEXT || !/\d/.test(text)) continue;
    const multiline = text.includes('\n');
    const files: Array<[string, number | undefined]> = [];
    if (text.includes('InstdAmt') || text.includes('CtrlSum')) files.push(['ISO 20022 credit transfer', pain001Total(text)]);
    if (text.includes(':32')) files.push(['SWIFT payment message', swiftTotal(text)]);
    if (text.charCodeAt(0) === 54 || (multiline && text.includes('\n6'))) files.push(['NACHA entry records', nachaTotal(text)]);
    if (paymentCall && multiline) files.push(['payment batch file', csvBatchTotal(text)]);
    // An XML body sent to a payment call: its amount elements are the payment's fields.
    if (paymentCall && text.charCodeAt(0) === 60 && files.length === 0)
      for (const amount of xmlAmounts(text)) assessMoney(collectFields(amount), true, threshold, findings);
    for (const [kind, usd] of files) {
      if (usd === undefined) continue;
      findings.add(
        usd >= threshold ? 'critical' : 'high',
        `money: ${kind} in \`${field.key}\` moves ${Math.round(usd)} USD ${usd >= threshold ? '>=' : '<'} ${threshold}`,
      );
    }
    if (!MESSAGE_KEYS.has(field.key)) continue;
    // Whether the message is an invoice's notice, looked up once and only for a message that names money.
    invoice ??=
      !paymentCall &&
      fields.strings.some((other) => MESSAGE_KEYS.has(other.key) && other.text.length <= MAX_TEXT && NAMES_INVOICE.test(other.text));
    const asked = requestedTransfer(text, invoice);
    if (asked === undefined) continue;
    findings.add(
      asked >= threshold ? 'critical' : 'high',
      `money: \`${field.key}\` asks for a transfer of ${Math.round(asked)} USD ${asked >= threshold ? '>=' : '<'} ${threshold}`,
    );
  }
}
