// Money moved by a URL's query string: `POST https://pay.example.net/api/transfer?to=acct_88213&amount=48000`,
// a browser tool opening `…/transfer/execute?to=ext_991&amt=12500`. A payment URL whose query names
// an amount and where it goes is read as the fields of a transfer; filters of a search
// (`?amount_gte=…`) name no recipient and stay out.

import { isMoneyDocumentUrl, isPaymentUrl } from './call-effects.ts';
import type { Findings } from './findings.ts';
import { countsInMinorUnits } from './minor-unit-apis.ts';
import { assessMoney } from './money.ts';
import { collectFields, type PayloadFields } from './payload-fields.ts';

const URL_WITH_QUERY = /https?:\/\/[^\s'"?#]+\?[^\s'"#]{3,2048}/;
const AMOUNT_KEY = /^(?:amount|amt|value|sum|total)(?:_\w+)?$/i;
const RECIPIENT_KEY = /^(?:to|dst|dest|destination|recipient|beneficiary|payee|iban|account|to_account|creditor|receiver)$/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Adds money findings for payment URLs whose query carries a transfer. */
export function assessPaymentQueries(fields: PayloadFields, threshold: number, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    if (text.length > 4096 || !text.includes('?') || !text.includes('=')) continue;
    const url = URL_WITH_QUERY.exec(text)?.[0];
    if (url === undefined || !isPaymentUrl(url) || isMoneyDocumentUrl(url)) continue;
    const query: Record<string, string> = {};
    for (const pair of url.slice(url.indexOf('?') + 1).split('&')) {
      const at = pair.indexOf('=');
      if (at > 0) query[decode(pair.slice(0, at))] = decode(pair.slice(at + 1));
    }
    const keys = Object.keys(query);
    if (!keys.some((key) => AMOUNT_KEY.test(key)) || !keys.some((key) => RECIPIENT_KEY.test(key))) continue;
    assessMoney(collectFields(query), true, threshold, findings, countsInMinorUnits([], [url]));
  }
}
