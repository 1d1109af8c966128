// Value moved on a blockchain that the field reading of money.ts cannot see: the `value` of an
// Ethereum transaction in wei (`"0x56BC75E2D63100000"` is 100 ETH) and ERC-20 calls in the
// transaction's calldata (`transfer(address,uint256)`, `transferFrom`, `approve`). Token amounts
// are scaled by the token's decimals when the contract is a known one; for an unknown contract the
// decimals are guessed (18 for large raw amounts, else 6) and a token counted as one dollar. An
// allowance of 2^128 or more hands over the whole balance and is critical whatever the token.

import type { Findings } from './findings.ts';
import type { PayloadFields, StringField } from './payload-fields.ts';
import { toUsd } from './money-reading.ts';

/** Known ERC-20 contracts on Ethereum main net: symbol and decimals. */
const TOKENS: Record<string, readonly [string, number]> = {
  '0xdac17f958d2ee523a2206206994597c13d831ec7': ['USDT', 6],
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': ['USDC', 6],
  '0x6b175474e89094c44da98b954eedeac495271d0f': ['DAI', 18],
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': ['WETH', 18],
  '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': ['WBTC', 8],
};
/** Selectors and the index of the amount word after them. */
const SELECTORS: Record<string, readonly [string, number]> = {
  a9059cbb: ['transfer', 1],
  '23b872dd': ['transferFrom', 2],
  '095ea7b3': ['approve', 1],
  '39509351': ['increaseAllowance', 1],
};
const CALLDATA_KEYS = new Set(['data', 'input', 'calldata', 'call_data', 'tx_data', 'payload']);
const CALLDATA_KEY_LIST = [...CALLDATA_KEYS];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UNLIMITED = 2n ** 128n;
const CHAIN_WORDS = /^(?:eth|ethereum|web3|wallet|evm|tx|transaction|send_transaction|sendtransaction|eth_send_transaction)$/;

function siblingAddress(field: StringField, key: string): string | undefined {
  const value = field.holder?.[key];
  return typeof value === 'string' && ADDRESS.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

function bigValue(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (/^0x[0-9a-fA-F]{1,64}$/.test(trimmed) || /^\d{1,78}$/.test(trimmed)) return BigInt(trimmed);
  return undefined;
}

/** Amounts named by a chain's base unit (`lamports`, `amount_sats`, `value_wei`): the asset and units per coin. */
const BASE_UNIT_KEY = /(?:^|_)(lamports|satoshis?|sats|msats?|millisatoshis|gwei|wei)$/;
const BASE_UNITS: Record<string, readonly [string, number]> = {
  lamports: ['SOL', 1e9],
  satoshi: ['BTC', 1e8],
  satoshis: ['BTC', 1e8],
  sats: ['BTC', 1e8],
  msat: ['BTC', 1e11],
  msats: ['BTC', 1e11],
  millisatoshis: ['BTC', 1e11],
  gwei: ['ETH', 1e9],
  wei: ['ETH', 1e18],
};

function hasBaseUnitKey(keys: ReadonlySet<string>): boolean {
  for (const key of keys) {
    // Every base-unit name ends in `s`, `t` or `i` (lamports, sats, msat, gwei, wei): other keys skip the pattern.
    const last = key.charCodeAt(key.length - 1);
    if ((last === 115 || last === 105 || last === 116) && BASE_UNIT_KEY.test(key)) return true;
  }
  return false;
}

function assessBaseUnits(fields: PayloadFields, threshold: number, findings: Findings): boolean {
  let seen = false;
  for (const scalar of fields.scalars) {
    const unit = BASE_UNIT_KEY.exec(scalar.key)?.[1];
    if (unit === undefined) continue;
    const raw = typeof scalar.value === 'number' ? scalar.value : /^\d{1,30}$/.test(scalar.value.trim()) ? Number(scalar.value) : NaN;
    if (!Number.isFinite(raw)) continue;
    const [asset, perCoin] = BASE_UNITS[unit];
    const coins = raw / perCoin;
    const usd = toUsd(coins, asset);
    seen = true;
    findings.add(
      usd >= threshold ? 'critical' : 'high',
      `money: sends ${coins} ${asset} (\`${scalar.key}\` in ${unit}) ${usd >= threshold ? '>=' : '<'} ${threshold} in USD`,
    );
  }
  return seen;
}

/** The finding of an ERC-20 call: an unlimited allowance, else the amount scaled by the token's decimals against the threshold. */
function tokenCallFinding(
  name: string,
  raw: bigint,
  contract: string | undefined,
  source: string,
  threshold: number,
  findings: Findings,
): void {
  if ((name.includes('pprove') || name.includes('llowance')) && raw >= UNLIMITED) {
    findings.add('critical', `money: ERC-20 ${name} of an unlimited allowance hands over the whole token balance`);
    return;
  }
  const known = contract === undefined ? undefined : TOKENS[contract];
  const decimals = known?.[1] ?? (raw >= 10n ** 15n ? 18 : 6);
  const tokens = Number(raw) / 10 ** decimals;
  const usd = known === undefined ? tokens : toUsd(tokens, known[0]);
  const what = `${tokens.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${known?.[0] ?? 'tokens of an unknown contract'}`;
  findings.add(
    usd >= threshold ? 'critical' : 'high',
    `money: ERC-20 ${name} of ${what} (${source}) ${usd >= threshold ? '>=' : '<'} ${threshold}`,
  );
}

/** Keys that name the contract method of a decoded call, and keys of its argument list. */
const METHOD_KEYS = new Set(['method', 'function', 'fn', 'function_name', 'method_name', 'abi_method', 'func']);
const ARGUMENT_KEYS = ['params', 'args', 'arguments', 'inputs', 'function_args', 'method_args'];
const TOKEN_METHOD = /^(transfer|transferFrom|approve|increaseAllowance)(?:\(.*\))?$/;

/** The ERC-20 amount of `{contract, method: "transfer", params: [to, "250000000000"]}`, scaled like calldata. */
function assessDecodedTokenCall(fields: PayloadFields, threshold: number, findings: Findings): boolean {
  for (const field of fields.strings) {
    if (!METHOD_KEYS.has(field.key) || field.inArray || field.text.length > 64) continue;
    const name = TOKEN_METHOD.exec(field.text.trim())?.[1];
    const holder = field.holder;
    if (name === undefined || holder === undefined) continue;
    const contract =
      siblingAddress(field, 'contract') ??
      siblingAddress(field, 'to') ??
      siblingAddress(field, 'token') ??
      siblingAddress(field, 'address');
    const list = ARGUMENT_KEYS.map((key) => holder[key]).find((value) => Array.isArray(value)) as unknown[] | undefined;
    if (contract === undefined || list === undefined) continue;
    const amounts = list.map((item) =>
      typeof item === 'number' && Number.isFinite(item)
        ? BigInt(Math.trunc(item))
        : typeof item === 'string' && !ADDRESS.test(item.trim())
          ? bigValue(item)
          : undefined,
    );
    const raw = amounts.filter((value): value is bigint => value !== undefined).pop();
    if (raw === undefined) continue;
    tokenCallFinding(name, raw, contract, 'decoded call', threshold, findings);
    return true;
  }
  return false;
}

/** Adds findings for ETH sent in wei and ERC-20 calls in calldata; returns whether any was seen. */
export function assessCryptoTransfers(fields: PayloadFields, toolWords: string[], threshold: number, findings: Findings): boolean {
  const decoded = [...METHOD_KEYS].some((key) => fields.keys.has(key)) && assessDecodedTokenCall(fields, threshold, findings);
  const baseUnits = (hasBaseUnitKey(fields.keys) && assessBaseUnits(fields, threshold, findings)) || decoded;
  if (!fields.keys.has('value') && !CALLDATA_KEY_LIST.some((key) => fields.keys.has(key))) return baseUnits;
  let seen = baseUnits;
  const chainTool = toolWords.some((word) => CHAIN_WORDS.test(word));
  for (const field of fields.strings) {
    if (field.text.length > 16384) continue;
    if (CALLDATA_KEYS.has(field.key) && /^0x[0-9a-fA-F]{136,}$/.test(field.text.trim())) {
      const hex = field.text.trim().slice(2).toLowerCase();
      const selector = SELECTORS[hex.slice(0, 8)];
      if (selector === undefined) continue;
      const word = hex.slice(8 + 64 * selector[1], 8 + 64 * (selector[1] + 1));
      if (word.length !== 64) continue;
      seen = true;
      const raw = BigInt(`0x${word}`);
      const contract = siblingAddress(field, 'to') ?? siblingAddress(field, 'contract') ?? siblingAddress(field, 'token');
      tokenCallFinding(selector[0], raw, contract, 'calldata', threshold, findings);
      continue;
    }
    if (field.key === 'value' && (chainTool || siblingAddress(field, 'to') !== undefined)) {
      const wei = bigValue(field.text);
      if (wei === undefined || (!field.text.trim().startsWith('0x') && wei < 10n ** 12n)) continue;
      seen = true;
      const eth = Number(wei) / 1e18;
      const usd = toUsd(eth, 'ETH');
      findings.add(
        usd >= threshold ? 'critical' : 'high',
        `money: sends ${eth} ETH (value in wei) ${usd >= threshold ? '>=' : '<'} ${threshold} in USD`,
      );
    }
  }
  for (const scalar of fields.scalars) {
    if (scalar.key !== 'value' || typeof scalar.value !== 'number' || !chainTool || scalar.value < 1e15) continue;
    seen = true;
    const usd = toUsd(scalar.value / 1e18, 'ETH');
    findings.add(usd >= threshold ? 'critical' : 'high', `money: sends ${scalar.value / 1e18} ETH (value in wei)`);
  }
  return seen;
}
