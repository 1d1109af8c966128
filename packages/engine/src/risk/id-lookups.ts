// A tool named for a kind of record (`/tools/billing/invoice`, `/tools/crm/customer`,
// `/tools/jira/issue`) given nothing but that record's identifier (`{id: "in_1Nq…"}`, `{key:
// "OPS-4411"}`, perhaps with `expand: ["customer"]`) can only look the record up: there is no
// field to write, no amount, no recipient. A read, so low. A verb in the name (`void`, `pay`,
// `delete`) or any other field keeps the tool's own class.

import type { PayloadFields } from './payload-fields.ts';

/** Record nouns a tool may be named for; money movers (`payment`, `charge`, `refund`) are left out. */
const RECORD_NOUNS = new Set([
  'invoice',
  'invoices',
  'order',
  'orders',
  'customer',
  'customers',
  'ticket',
  'tickets',
  'issue',
  'issues',
  'contact',
  'contacts',
  'lead',
  'leads',
  'deal',
  'deals',
  'product',
  'products',
  'subscription',
  'subscriptions',
  'shipment',
  'shipments',
  'booking',
  'bookings',
  'reservation',
  'reservations',
  'record',
  'incident',
  'incidents',
  'quote',
  'quotes',
  'receipt',
  'receipts',
  'estimate',
  'bill',
  'opportunity',
  'case',
  'cases',
]);
/** Nouns that qualify a record noun (`sales_order`, `support_ticket`). */
const QUALIFIERS = new Set(['sales', 'purchase', 'support', 'service', 'work', 'help', 'customer', 'vendor', 'supplier']);
/** Keys that identify the record. */
const ID_KEY =
  /^(?:id|key|number|ref|reference|uuid|slug|[a-z]+_(?:id|number|key|ref|uuid)|invoice|order|customer|ticket|issue|case|deal|quote)$/;
/** Keys that only shape the answer. */
const VIEW_KEY = /^(?:expand|include|fields|select|embed|with|format|locale|lang)$/;
/** An identifier: one token, no spaces. */
const ID_VALUE = /^[\w.:#/-]{1,80}$/;

/** Whether the call only looks one record up by its identifier on a tool named for that record. */
export function looksUpById(toolWords: readonly string[], fields: PayloadFields, payload: unknown): boolean {
  // Every word of the name is a record noun or its qualifier: `cancel_order` has a verb.
  if (toolWords.length === 0 || !RECORD_NOUNS.has(toolWords[toolWords.length - 1])) return false;
  if (!toolWords.every((word) => RECORD_NOUNS.has(word) || QUALIFIERS.has(word))) return false;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return false;
  let identified = false;
  for (const [rawKey, value] of Object.entries(payload as Record<string, unknown>)) {
    const key = rawKey.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    if (VIEW_KEY.test(key)) {
      if (
        typeof value === 'string'
          ? ID_VALUE.test(value)
          : Array.isArray(value) && value.every((item) => typeof item === 'string' && ID_VALUE.test(item))
      )
        continue;
      return false;
    }
    if (
      !ID_KEY.test(key) ||
      !((typeof value === 'string' && ID_VALUE.test(value)) || (typeof value === 'number' && Number.isInteger(value)))
    )
      return false;
    identified = true;
  }
  return identified && fields.keys.size <= 4;
}
