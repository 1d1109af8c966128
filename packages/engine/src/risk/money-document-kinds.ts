// A payload that declares itself a money document: `{type: "quote", total: "64,500.00 USD", iban: …}`
// given to a generic document tool, or `{invoice: {amount_due: 120000, pay_by: …}}`. An invoice,
// quote, estimate or pro forma asks for money or prices it; it moves none, whatever pay-by date or
// bank details it carries. Only the payload's own top level is read (a kind named deep inside is a
// line item or a reference), and the caller keeps tools that pay (`pay_invoice`) out.

const KIND_KEYS = new Set(['type', 'kind', 'document_type', 'documenttype', 'doc_type', 'doctype', 'object', 'template']);
const DOCUMENT_WORDS = new Set(['invoice', 'quote', 'quotation', 'estimate', 'proforma', 'pro-forma', 'offer']);
/** `invoice_payment`, `quote_settlement`: a kind that pays the document is a movement of money. */
const PAYING_WORDS = new Set(['pay', 'payment', 'paid', 'settlement', 'settle', 'transfer', 'payout', 'charge', 'wire', 'remittance']);

function namesDocument(text: string): boolean {
  if (text.length > 40) return false;
  const words = text.toLowerCase().split(/[^a-z-]+/);
  if (words.some((word) => PAYING_WORDS.has(word))) return false;
  return words.some((word) => DOCUMENT_WORDS.has(word) || DOCUMENT_WORDS.has(word.replace(/s$/, '')));
}

/** The kind of money document the payload's top level declares itself (`type: "quote"`, a lone `invoice` object), or undefined. */
export function declaredMoneyDocument(payload: unknown): string | undefined {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const entries = Object.entries(payload as Record<string, unknown>);
  if (entries.length > 64) return undefined;
  for (const [key, value] of entries) {
    if (typeof value === 'string' && KIND_KEYS.has(key.toLowerCase()) && namesDocument(value)) return value;
  }
  // `{invoice: {…}}` or `{quote: {…}, send: false}`: the document is the object under its own name.
  for (const [key, value] of entries)
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && DOCUMENT_WORDS.has(key.toLowerCase())) return key;
  return undefined;
}
