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

const CODE_KEYS = new Set(['code', 'source', 'source_code', 'script', 'program', 'cell', 'snippet', 'python', 'js', 'javascript', 'ruby']);
const CODE_KEY_LIST = [...CODE_KEYS];
/** A call whose name moves money, and its argument list (up to the first closing parenthesis). */
const MONEY_CALL =
  /\b((?:[A-Za-z_]\w*(?:\.|::))*(?:[A-Za-z_]\w*)?(?:[Tt]ransfers?|[Pp]ayouts?|[Ww]ires?|[Pp]ayments?|[Ww]ithdraw(?:als?)?|[Dd]isburse(?:ments?)?|send_?[Mm]oney|[Rr]emittances?)(?:(?:\.|::)\w+)*)\s*\(([^()]{1,2000})\)/g;
/** `amount=5_000_000`, `amount: 60_000`, `"currency": "usd"`, `currency => 'EUR'`. */
const KEYWORD_ARG = /["']?([A-Za-z_]\w{0,40})["']?\s*(?:=>|=|:)\s*(?:"([^"\n]{0,64})"|'([^'\n]{0,64})'|([\d_.,]+(?:e\d+)?))/g;
/** Calls that only read or list (`stripe.Transfer.list`, `retrieve`) move nothing. */
const READ_ONLY = /(?:\.|::)(?:list|retrieve|get|search|all|find|fetch)\w*$/i;

/** Ether written in code by its unit helper (`w3.to_wei(80, 'ether')`, `ethers.parseEther("80")`, `web3.utils.toWei('80', 'ether')`). */
const ETHER_LITERAL =
  /\b(?:to_?[Ww]ei|toWei)\s*\(\s*['"]?([\d_.]+)['"]?\s*,\s*['"]ether['"]\s*\)|\bparse_?[Ee]ther\s*\(\s*['"]?([\d_.]+)['"]?\s*\)/g;
/** Calls that send a transaction or a token. */
const CHAIN_SEND = /\bsend_?[Tt]ransaction\b|\bsendTransaction\b|\.transfer\s*\(|\.send\s*\(|\bsign_?[Tt]ransaction\b/;

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
    if (!CODE_KEYS.has(field.key) || field.text.length > 65536 || !/amount|value|sum/i.test(field.text)) continue;
    // `amt = 5_000_000; …create(amount=amt)`: literals kept in names are read where they are passed.
    for (const call of foldCodeLiterals(field.text).matchAll(MONEY_CALL)) {
      if (READ_ONLY.test(call[1])) continue;
      const body: Record<string, string | number> = {};
      for (const arg of call[2].matchAll(KEYWORD_ARG)) {
        const number = arg[4]?.replace(/_/g, '');
        body[arg[1].toLowerCase()] =
          number !== undefined && /^\d+(?:\.\d+)?(?:e\d+)?$/.test(number) ? Number(number) : (arg[2] ?? arg[3] ?? arg[4] ?? '');
      }
      if (!Object.keys(body).some((key) => /amount|value|sum|total/.test(key))) continue;
      assessMoney(collectFields(body), true, threshold, findings, countsInMinorUnits([], [field.text]));
    }
  }
}
