// Money moved by a shell command: `curl https://api.stripe.com/v1/payouts -d amount=9000000`,
// `stripe transfers create --amount=5000000`. The command's data options (`-d k=v`, `--data`,
// `-F`, a JSON body, `--amount=`) are read as the fields of a payment and judged like any other
// transfer, so the amount decides between high and critical. Any `key=value` pair counts (a URL's
// query, `wget --post-data 'amount=…&…'`, HTTPie's `amount=40000`), and so does a CLI whose
// subcommand moves money (`bankctl transfer create --amount 25k`, `payctl send --amount 1e5`).

import type { Findings } from './findings.ts';
import { assessMoney } from './money.ts';
import { collectFields } from './payload-fields.ts';
import { isMoneyDocumentUrl, isPaymentUrl } from './call-effects.ts';
import { countsInMinorUnits } from './minor-unit-apis.ts';

const PAYMENT_CLI = /\bstripe\s+(?:transfers|payouts|charges|payment_intents|refunds|topups|transfer_reversals)\s+create\b/;
const FORM_PAIR =
  /(?:^|\s)(?:-d|--data(?:-raw|-urlencode|-binary|-ascii)?|-F|--form(?:-string)?)\s*=?\s*['"]?([\w.[\]-]{1,64})=([^\s'"&]{1,128})/g;
/** `amount=15000` after a space, a quote, `?` or `&`; HTTPie's raw JSON `amount:=40000` too. */
const KEY_VALUE = /(?:^|[\s'"?&])([A-Za-z_][\w.[\]-]{0,63}):?=([^\s'"&]{1,128})/g;
/** A subcommand among the first words that moves money (`bankctl transfer create`, `payctl send`). */
const MOVING_SUBCOMMAND = /^\s*(?:\S+\s+){1,3}?(?:transfer|transfers|send|payout|payouts|wire|wires|pay|withdraw|disburse|remit)\b/;
const AMOUNT_OPTION = /(?:^|\s)--(?:amount|amt|value|sum)\b/;
/** Crypto CLIs whose amounts are in their own units (satoshi, wei): read by shell-crypto-sends.ts. */
const CRYPTO_CLI = /\b(?:lncli|lightning-cli|cast|seth|solana|bitcoin-cli|litecoin-cli|monero-wallet-cli|geth)\b/;
const LONG_OPTION = /(?:^|\s)--([\w-]{1,40})[=\s]['"]?([^\s'"]{1,128})/g;
const JSON_BODY = /(?:-d|--data(?:-raw|-binary)?|--json)\s+'(\{[^']{0,8192}\})'/g;

/** Adds money findings when a shell command calls a payment API or CLI. */
export function assessShellPayment(line: string, threshold: number, findings: Findings): void {
  let command = line;
  if (command.length > 65536 || !/amount|value|sum/i.test(command)) return;
  const movingCli = AMOUNT_OPTION.test(command) && MOVING_SUBCOMMAND.test(command) && !CRYPTO_CLI.test(command);
  if (!PAYMENT_CLI.test(command) && !movingCli && (!isPaymentUrl(command) || isMoneyDocumentUrl(command))) return;
  command = withShellVariables(command);
  const body: Record<string, unknown> = {};
  for (const match of command.matchAll(FORM_PAIR)) body[match[1]] = match[2];
  for (const match of command.matchAll(KEY_VALUE)) if (!(match[1] in body)) body[match[1]] = match[2];
  for (const match of command.matchAll(LONG_OPTION)) if (!(match[1] in body)) body[match[1].replace(/-/g, '_')] = match[2];
  for (const match of command.matchAll(JSON_BODY)) {
    try {
      Object.assign(body, JSON.parse(match[1]) as Record<string, unknown>);
    } catch {
      // Not JSON after all: the form pairs above still count.
    }
  }
  assessMoney(collectFields(body), true, threshold, findings, countsInMinorUnits([], [command]));
}

/** `AMOUNT=5000000; curl … -d amount=$AMOUNT`: variables assigned a plain word once are replaced where used. */
function withShellVariables(command: string): string {
  if (!command.includes('$')) return command;
  let out = command;
  let count = 0;
  for (const match of command.matchAll(/(?:^|[;&\n]\s*|\s)(?:export\s+)?([A-Za-z_]\w{0,40})=(['"]?)([\w.,]{1,40})\2(?=[\s;&]|$)/g)) {
    if (++count > 16) break;
    out = out.replace(new RegExp(String.raw`\$\{?${match[1]}\b\}?`, 'g'), match[3]);
  }
  return out;
}
