// People's records written out in what a call sends, rather than named as a file: social security
// numbers and payment card numbers (Luhn-valid) in a JSON body, a form or a message. Two or more of
// them sent to a place nobody in the organisation owns (a request catcher, a paste site, a personal
// mailbox: `foreignTargetOf`) are a leak of records; one test card number, or records posted to the
// organisation's own API, are not.

import { foreignTargetOf } from './bulk-data-sends.ts';
import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

/** Keys of where the call goes, not what it carries. */
const ADDRESS_KEY = /^(?:url|uri|endpoint|href|to|cc|bcc|recipients?|from)$/;
/** A US social security number in its written form (no 000, 666 or 9xx area, no 00 group, no 0000 serial). */
const SSN = /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g;
/** A card number: 13 to 19 digits, in groups or not. */
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let at = 0; at < digits.length; at++) {
    let digit = Number(digits[digits.length - 1 - at]);
    if (at % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card numbers the card networks and processors publish for testing: nobody's record. */
const TEST_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '4111111111111111',
  '4012888888881881',
  '4222222222222',
  '5555555555554444',
  '5105105105105100',
  '2223003122003222',
  '378282246310005',
  '371449635398431',
  '378734493671000',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '30569309025904',
  '38520000023237',
  '3566002020360505',
  '3530111333300000',
  '6200000000000005',
]);

/**
 * How many personal identifiers (SSNs, Luhn-valid card numbers) a text holds, distinct, up to `cap`.
 * `seen` is shared by all the texts of one call, so a number in both a mail's body and its html counts once.
 */
export function personalIdentifiers(text: string, cap = 8, seen = new Set<string>()): number {
  if (text.length > 200000) return seen.size;
  for (const match of text.matchAll(SSN)) if (seen.add(match[0]).size >= cap) return cap;
  for (const match of text.matchAll(CARD)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length < 13 || /^(\d)\1+$/.test(digits) || TEST_CARDS.has(digits) || !luhn(digits)) continue;
    if (seen.add(digits).size >= cap) return cap;
  }
  return seen.size;
}

/** On a call that sends to a foreign place: two or more personal identifiers in its content are critical. */
export function assessPersonalRecordsSent(toolName: string, fields: PayloadFields, findings: Findings): void {
  let count = 0;
  const seen = new Set<string>();
  for (const field of fields.strings) {
    if (field.text.length < 11 || ADDRESS_KEY.test(field.key) || !/\d{4}/.test(field.text)) continue;
    count = personalIdentifiers(field.text, 8, seen);
    if (count >= 2) break;
  }
  if (count < 2) return;
  const where = foreignTargetOf(fields);
  if (where !== undefined)
    findings.add('critical', `exfiltration: \`${toolName}\` sends people's records (social security or card numbers) to a ${where}`);
}
