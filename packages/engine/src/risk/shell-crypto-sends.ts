// Crypto sent from a command line, where the amount is a positional argument or a unit-suffixed
// option rather than a field: `cast send <to> --value 20ether` (Foundry), `solana transfer <to>
// 900`, `bitcoin-cli sendtoaddress <address> 1.5`. The amount is valued at the asset's rough
// rate and judged against the threshold like any transfer.

import type { Findings } from './findings.ts';
import { toUsd } from './money-reading.ts';

/** `cast send … --value 20ether|5gwei|1e18` (wei without a unit). */
const CAST_SEND = /\b(?:cast|seth)\s+send\b[^;&|\n]*?--value[=\s]+['"]?(\d+(?:\.\d+)?(?:e\d+)?)\s*(ether|eth|gwei|wei)?\b/i;
/** `solana transfer <recipient> <amount|ALL>`. */
const SOLANA_TRANSFER = /\bsolana\s+transfer\s+(?:--?\S+\s+)*[1-9A-HJ-NP-Za-km-z]{32,44}\s+(\d+(?:\.\d+)?|ALL)\b/;
/** `bitcoin-cli sendtoaddress <address> <amount>`, `litecoin-cli …`. */
const NODE_CLI_SEND = /\b(bitcoin|litecoin)-cli\s+(?:-\S+\s+)*sendtoaddress\s+["']?\w{20,}["']?\s+(\d+(?:\.\d+)?)\b/;

/** `lncli sendpayment|sendcoins|payinvoice … --amt <satoshi>`. */
const LND_SEND = /\blncli\s+(?:sendpayment|sendcoins|payinvoice)\b[^;&|\n]*?--amt[=\s]+(\d+)\b/;
/** `monero-wallet-cli … transfer <address> <amount>`. */
const MONERO_TRANSFER = /\bmonero-wallet-cli\b[^;&|\n]*?\btransfer\s+(?:\S+\s+)*?[48][1-9A-HJ-NP-Za-km-z]{94}\s+(\d+(?:\.\d+)?)\b/;

const ETH_UNIT: Record<string, number> = { ether: 1, eth: 1, gwei: 1e-9, wei: 1e-18 };

/** Adds money findings for crypto sends on a command line. */
export function assessShellCryptoSend(command: string, threshold: number, findings: Findings): void {
  if (command.length > 65536 || !/\b(?:send|transfer|sendtoaddress|sendpayment|sendcoins|payinvoice)\b/.test(command)) return;
  const sends: Array<{ amount: number; asset: string; via: string }> = [];
  const cast = CAST_SEND.exec(command);
  if (cast) sends.push({ amount: Number(cast[1]) * ETH_UNIT[(cast[2] ?? 'wei').toLowerCase()], asset: 'ETH', via: 'cast send' });
  const solana = SOLANA_TRANSFER.exec(command);
  if (solana) sends.push({ amount: solana[1] === 'ALL' ? Infinity : Number(solana[1]), asset: 'SOL', via: 'solana transfer' });
  const node = NODE_CLI_SEND.exec(command);
  if (node) sends.push({ amount: Number(node[2]), asset: node[1] === 'bitcoin' ? 'BTC' : 'LTC', via: `${node[1]}-cli sendtoaddress` });
  const lnd = LND_SEND.exec(command);
  if (lnd) sends.push({ amount: Number(lnd[1]) / 1e8, asset: 'BTC', via: 'lncli' });
  const monero = MONERO_TRANSFER.exec(command);
  if (monero) sends.push({ amount: Number(monero[1]), asset: 'XMR', via: 'monero-wallet-cli transfer' });
  for (const send of sends) {
    const usd = toUsd(send.amount, send.asset);
    const what = send.amount === Infinity ? `the whole ${send.asset} balance` : `${send.amount} ${send.asset}`;
    findings.add(
      usd >= threshold ? 'critical' : 'high',
      `money: ${send.via} of ${what} ${usd >= threshold ? '>=' : '<'} ${threshold} in USD`,
    );
  }
}
