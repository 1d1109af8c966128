// On a payment with no amount field, a number with a scale in its memo is the amount: `Q4
// settlement 1.2M`, `release 750k`, `Kaufpreis 1,2 Mio.`. A bare number there is more often an
// invoice or order number (`Invoice 2500000`), so the scale is required; the currency is the
// call's currency field, dollars when none.

import { MEMO_KEYS } from './memo-keys.ts';
import type { PayloadFields } from './payload-fields.ts';

const SCALED =
  /(?:^|[\s(:#])(\d{1,4}(?:[.,]\d{1,3})?)\s?(k|K|m|M|mn|MM|bn|Mio\.?|Mrd\.?|Tsd\.?|million|thousand|billion|lakh|crore)(?=$|[\s).,;:!?])/g;
const FACTOR: Record<string, number> = {
  k: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  bn: 1e9,
  mio: 1e6,
  mrd: 1e9,
  tsd: 1e3,
  million: 1e6,
  thousand: 1e3,
  billion: 1e9,
  lakh: 1e5,
  crore: 1e7,
};

/** The largest scaled number in a memo field, with its key, or undefined. */
export function scaledMemoAmount(fields: PayloadFields): { amount: number; key: string } | undefined {
  let best: { amount: number; key: string } | undefined;
  for (const field of fields.strings) {
    if (field.text.length > 500 || !MEMO_KEYS.test(field.key)) continue;
    for (const match of field.text.matchAll(SCALED)) {
      const amount = Number(match[1].replace(',', '.')) * FACTOR[match[2].toLowerCase().replace(/\.$/, '')];
      if (Number.isFinite(amount) && (best === undefined || amount > best.amount)) best = { amount, key: field.key };
    }
  }
  return best;
}
