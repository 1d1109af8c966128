// Where a payee's money goes, changed: an employee's direct deposit, a worker's payment election, a
// vendor's remit-to account, a payee's bank details. The call moves nothing itself, but every later
// payroll run or supplier payment goes to the new account (the pattern of payroll and invoice
// redirection fraud), so it weighs as a transfer over the threshold. Reads of those records, and
// payments that carry their own bank coordinates beside an amount (judged by the money rules), and a
// customer's account (money is collected from it), are not this.

import type { Findings } from './findings.ts';
import { callMethod, callUrl } from './http-call-shape.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Records of someone who is paid, or the settings of how they are paid. */
const PAYEE_PLACE =
  /employee|worker|staff|personnel|contractor|vendor|supplier|payee|beneficiar|remit|direct_?deposit|payment_?elections?|payment_?methods?|bank_?accounts?|bank_?details|payroll/i;
/** The same, for keys of the payload: who is paid. `bank_account` there names the coordinates, not whose they are. */
const PAYEE_PARTY =
  /employee|worker|staff|personnel|contractor|vendor|supplier|payee|beneficiar|remit|direct_?deposit|payment_?elections?|payroll/i;
/** Verbs that write a record (tool words). */
const WRITE_WORDS = new Set(['update', 'set', 'change', 'edit', 'patch', 'modify', 'replace', 'put', 'create', 'add', 'upsert', 'save']);
/** Verbs that only read. */
const READ_WORDS = new Set(['get', 'list', 'read', 'show', 'describe', 'search', 'find', 'fetch', 'lookup', 'view', 'query', 'export']);
/** Keys of bank coordinates: an account number, an IBAN, a routing or sort code, a BIC. */
const BANK_KEY = /(?:^|_)(?:iban|account_number|acct_num(?:ber)?|routing_number|routing|aba|sort_code|bsb|bic|swift(?:_code)?|ifsc|clabe)$/;
/** A value that can be a bank coordinate: digits with separators, or an IBAN or BIC. */
const BANK_VALUE = /^(?:[\d -]{6,34}|[A-Z]{2}\d{2}[A-Z0-9 ]{10,30}|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)$/;
/** Keys of an amount: a call with one pays (the money rules judge it). */
const AMOUNT_KEY = /(?:^|_)(?:amount|sum|total|gross)(?:_|$)/;

function hasBankKey(keys: ReadonlySet<string>): boolean {
  for (const key of keys) if (BANK_KEY.test(key)) return true;
  return false;
}

/** On a call that writes a payee's record: new bank coordinates redirect their future payments. */
export function assessPayeeBankChanges(toolWords: readonly string[], path: string, fields: PayloadFields, findings: Findings): void {
  if (!hasBankKey(fields.keys)) return;
  if (toolWords.some((word) => READ_WORDS.has(word))) return;
  const method = callMethod(fields);
  const writes =
    method === undefined ? toolWords.some((word) => WRITE_WORDS.has(word)) : method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (!writes) return;
  const place = `${path} ${callUrl(fields)?.text ?? ''}`;
  // A customer's account is where money is collected from, not where it is paid to.
  if (/customer/i.test(place)) return;
  // A payload key names the payee (`direct_deposit: {…}`, `vendor_id`); the bank key itself (`bank_account_number`) does not.
  const payeeKey = [...fields.strings, ...fields.scalars].some(
    (field) => PAYEE_PARTY.test(field.parentKey) || (!BANK_KEY.test(field.key) && PAYEE_PARTY.test(field.key)),
  );
  if (!PAYEE_PLACE.test(place) && !payeeKey) return;
  if (fields.scalars.some((field) => AMOUNT_KEY.test(field.key))) return;
  const coordinate = fields.strings.find((field) => BANK_KEY.test(field.key) && BANK_VALUE.test(field.text.trim()));
  if (coordinate === undefined) return;
  findings.add(
    'critical',
    `money: changes the bank account a payee is paid to (\`${coordinate.key}\` on \`${place.trim().slice(0, 80)}\`): later payments go there`,
  );
}
