// Generic call tools (`/tools/invoke {fn: "send_money", args: [...]}`, `{action: "wireFunds"}`)
// name the operation in a field, not in the tool's path: when that name moves money, the call
// is a payment and its arguments are read for an amount like a payment tool's.

import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { splitWords } from './tool-name.ts';

const OPERATION_KEYS = new Set([
  'fn',
  'function',
  'function_name',
  'method',
  'method_name',
  'action',
  'operation',
  'op',
  'procedure',
  'tool',
  'tool_name',
  'rpc',
  'command_name',
]);
/** Verbs that move money by themselves. */
const MOVING_VERBS = new Set(['pay', 'payout', 'wire', 'remit', 'disburse', 'withdraw', 'refund']);
/** Generic verbs that move money when the object is money (`send_money`, `create_transfer`). */
const GENERIC_VERBS = new Set(['send', 'move', 'make', 'create', 'initiate', 'execute', 'submit', 'issue', 'transfer']);
const MONEY_OBJECTS = new Set(['money', 'funds', 'fund', 'payment', 'payout', 'transfer', 'wire', 'cash', 'remittance']);

/** Whether an operation field of the call names a money movement. */
export function callsPaymentFunction(fields: PayloadFields): boolean {
  if (!hasAnyKey(fields, OPERATION_KEYS)) return false;
  for (const field of fields.strings) {
    if (!OPERATION_KEYS.has(field.key) || field.inArray || field.text.length > 64) continue;
    const words = splitWords(field.text);
    if (words.some((word) => MOVING_VERBS.has(word))) return true;
    if (words.some((word) => GENERIC_VERBS.has(word)) && words.some((word) => MONEY_OBJECTS.has(word))) return true;
  }
  return false;
}
