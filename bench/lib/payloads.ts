// Benign, low-risk tool-call payloads of a chosen size, shaped like real tool arguments: a
// search with filters, and for larger sizes a list of documents of ordinary prose.

const PROSE = [
  'The committee reviewed the draft budget for the coming year and asked finance for a comparison with last year.',
  'Shipping times improved in the third quarter after the new warehouse in the north region opened.',
  'Customer interviews point to onboarding as the step where most trial accounts lose interest.',
  'The release notes list four fixes to the export screen and a faster search across archived tickets.',
  'Please summarise the attached meeting notes and list the owners of each follow-up item.',
];

/** A search-tool payload whose JSON is close to `bytes` long (never shorter than ~220 bytes). */
export function payloadOfSize(bytes: number, seed = 0): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    query: 'quarterly revenue report for the north region',
    filters: { year: 2025, region: 'north', status: ['open', 'closed'] },
    limit: 20,
    fields: ['id', 'title', 'owner', 'updated_at'],
    request_id: `req-${String(seed).padStart(8, '0')}`,
  };
  let size = JSON.stringify(payload).length;
  if (size < bytes && bytes - size < 200) {
    payload.note = PROSE[seed % PROSE.length].slice(0, Math.max(0, bytes - size - 10));
    return payload;
  }
  const documents: Array<Record<string, unknown>> = [];
  payload.documents = documents;
  size += 16;
  for (let i = 0; size < bytes; i++) {
    const text = PROSE[(seed + i) % PROSE.length];
    const doc = { id: `doc-${i}`, title: `Document ${i}`, text: text.slice(0, Math.min(text.length, bytes - size)) };
    documents.push(doc);
    size += JSON.stringify(doc).length + 1;
  }
  return payload;
}
