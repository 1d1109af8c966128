// GraphQL mutations carry their arguments inside the query text (`mutation { createTransfer(
// input: {amount: 250000, currency: EUR}) { id } }`), where the field reading cannot see them.
// A mutation's literal arguments are read as fields, and a mutation whose operation names a
// money movement (transfer, payment, payout, withdrawal, wire…) marks the call as a payment, so
// its amount, inline or in `variables`, is judged like any transfer. Queries move nothing.

import type { PayloadFields, ScalarField, StringField } from './payload-fields.ts';

const MUTATION = /^\s*(?:#[^\n]*\n\s*)*mutation\b/;
const MONEY_OPERATION =
  /(?:transfer|payment|payout|withdraw|wire|remit|disburse|sendmoney|send_money|sendfunds|charge|refund|pay)\w*\s*\(/i;
const ARGUMENT = /\b([A-Za-z_]\w{0,40})\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+]?\d{1,3})?|"(?:[^"\\\n]|\\.){0,120}")/g;

/** The payload's fields with every mutation's literal arguments added, and whether it moves money. */
export function withGraphqlMutations(fields: PayloadFields): { fields: PayloadFields; movesMoney: boolean } {
  if (!fields.keys.has('query') && !fields.keys.has('mutation') && !fields.keys.has('body')) return { fields, movesMoney: false };
  let merged: PayloadFields | undefined;
  let movesMoney = false;
  for (const field of fields.strings) {
    if ((field.key !== 'query' && field.key !== 'mutation' && field.key !== 'body') || field.text.length > 65536) continue;
    if (!MUTATION.test(field.text)) continue;
    if (MONEY_OPERATION.test(field.text)) movesMoney = true;
    merged ??= { ...fields, strings: [...fields.strings], scalars: [...fields.scalars], keys: new Set(fields.keys) };
    for (const match of field.text.matchAll(ARGUMENT)) {
      const key = match[1].replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
      const raw = match[2];
      merged.keys.add(key);
      if (raw.startsWith('"')) {
        const text = raw.slice(1, -1);
        const entry: StringField = { key, parentKey: 'input', text, holder: undefined, inArray: false };
        merged.strings.push(entry);
        if (/\d/.test(text)) merged.scalars.push({ key, parentKey: 'input', value: text, group: `.input.${key}` });
      } else {
        const scalar: ScalarField = { key, parentKey: 'input', value: Number(raw), group: `.input.${key}` };
        merged.scalars.push(scalar);
      }
    }
    // Enum-style currencies (`currency: EUR`) are bare words.
    for (const match of field.text.matchAll(/\b(currency|ccy|asset|coin)\s*:\s*([A-Z]{3,5})\b/g)) {
      merged.strings.push({ key: match[1], parentKey: 'input', text: match[2], holder: undefined, inArray: false });
    }
  }
  return { fields: merged ?? fields, movesMoney };
}
