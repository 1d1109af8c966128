// Records in bulk described rather than named as a file: a count of rows or records in the
// thousands (`120k rows`, `row_count: 120000`, `(84,000 rows)`), a whole table of people or
// accounts selected without a condition (`SELECT * FROM patients`), all of a kind of record (`all
// patients`, `all_leads`, an export of `accounts` with filter `all`). What a call sends that is
// described so is as much a leak as a file named `customers_full.csv`.

import type { PayloadFields } from './payload-fields.ts';

/** Nouns of records about people, accounts or money. */
const RECORD_NOUN =
  'customers?|clients?|users?|members?|accounts?|employees?|staff|patients?|subscribers?|contacts?|leads?|donors?|students?|applicants?|candidates?|orders|transactions|payments|invoices|cardholders?|prospects?|guests?|visitors?|persons?|people|profiles?|records?|payroll|salar(?:y|ies)';
/** A count of rows or records, at least a thousand (`120k rows`, `84,000 records`, `1.2M rows`). */
const ROW_COUNT = /\b(\d{1,3}(?:[,.' ]\d{3})+|\d+(?:\.\d+)?\s?[km](?![a-z])|\d{4,})[\s_-]*(?:[a-z]+[\s_-]+)?(?:rows?|records?|entries)\b/i;
/** Fields written for people: a sentence counting customers is news, a count of rows is a data set. */
const PROSE_KEY = /^(?:text|message|body|html|content|comment|caption|subject|description|title|summary|note|notes|initial_comment)$/;
/** Keys whose number counts rows. */
const COUNT_KEY =
  /^(?:rows?|row_count|rows_count|record_count|records_count|count|total_rows|total_records|num_rows|n_rows|records|size_rows)$/;
/** A whole table of records selected with no condition and no limit. */
const WHOLE_TABLE = new RegExp(
  `\\bselect\\s+\\*\\s+from\\s+[\\w."\`\\[\\]]*?\\b(?:${RECORD_NOUN})\\b["\`\\]]?(?!\\s+(?:where|limit|top|fetch)\\b)(?:\\s*[;)'"\`]|\\s*$)`,
  'i',
);
/** `all patients`, `all_leads`, `<all 48,210 patient rows>`, `full customer list`. */
const ALL_OF = new RegExp(
  `(?:^|[^\\w])(?:all|every|full|entire|complete)[\\s_-]+(?:(?:the|our|of|active|\\d[\\d,.]*)[\\s_-]+)*(?:${RECORD_NOUN}|patient|customer|client|employee|member|user|subscriber|contact)(?:[\\s_-](?:rows?|list|lists|records?|table|data(?:base)?|export|dump))?(?:$|[^\\w])`,
  'i',
);
/** Cheap test before ALL_OF. */
const ALL_GATE = /all|every|full|entire|complete/;
/** The data noun that ends an `all …` phrase. */
const DATA_NOUN_END = /[\s_-](?:list|lists|records?|table|data(?:base)?|export|dump|rows?)[^\w]?$/i;
/** Keys that name which object an export takes, and a filter that takes everything. */
const OBJECT_KEY = /^(?:object|objects|object_type|object_name|entity|entity_type|table|resource|dataset|collection|module|report_type)$/;
/** Keys that narrow an export: without one, an export of a kind of record takes all of them. */
const NARROWING_KEY = /^(?:filter|filters|where|query|q|ids|limit|search|segment|list_id|view_id|properties_filter|since|updated_after)$/;
/** A URL path that moves records in bulk (`/patients/bulk`, `/import/customers`, `/exports/users`). */
const BULK_PATH = new RegExp(
  `/(?:bulk|batch|import|export|exports|dump|all|full|sync)[/_-](?:${RECORD_NOUN})(?:[/?#]|$)|/(?:${RECORD_NOUN})[/_-](?:bulk|batch|import|export|dump|all|full)(?:[/?#]|$)`,
  'i',
);
/** Keys that name the object a call writes (a policy's or rule's display name, its description). */
const LABEL_KEY = /^(?:display_?name|name|policy_name|rule_name|description)$/;
const RECORD_OBJECT = new RegExp(`^(?:${RECORD_NOUN})$`, 'i');
const EVERYTHING = /^(?:all|\*|everything|full)$/i;

function countOf(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s?([kKmM])$/.exec(text.trim());
  if (match !== null) return Number(match[1]) * (/[kK]/.test(match[2]) ? 1e3 : 1e6);
  return Number(text.replace(/[,.' ]/g, ''));
}

function narrowed(keys: ReadonlySet<string>): boolean {
  for (const key of keys) if (NARROWING_KEY.test(key)) return true;
  return false;
}

/** Why one text describes records in bulk, or undefined; prose is read for row counts and whole tables only. */
export function bulkRecordText(text: string, prose = false): string | undefined {
  if (text.length > 65536) return undefined;
  const lower = text.toLowerCase();
  const rows = lower.includes('row') || lower.includes('record') || lower.includes('entries') ? ROW_COUNT.exec(text) : null;
  // A year (`the 2026 tax records`) counts nothing.
  if (rows !== null && countOf(rows[1]) >= 1000 && !/^(?:19|20)\d{2}$/.test(rows[1])) return `set of ${rows[1].trim()} records`;
  if (lower.includes('select') && WHOLE_TABLE.test(text)) return 'whole table of records';
  if (!ALL_GATE.test(lower)) return undefined;
  // In prose `all our customers` is a greeting; `the full client list`, `all patient records` are data.
  const all = ALL_OF.exec(text);
  if (all === null || (prose && !DATA_NOUN_END.test(all[0]))) return undefined;
  return `set of ${all[0].replace(/^[^\w]|[^\w]$/g, '').trim()}`;
}

/** Why the call's fields describe records in bulk (counts, whole tables, all of a kind), or undefined. */
export function bulkRecordSet(fields: PayloadFields, exportTool = false): string | undefined {
  let recordObject = false;
  let everything = false;
  for (const field of fields.strings) {
    if (COUNT_KEY.test(field.key) && /^\d{1,3}(?:[,.' ]\d{3})+$|^\d{4,}$/.test(field.text.trim()) && countOf(field.text) >= 1000)
      return `set of ${field.text.trim()} records`;
    if (OBJECT_KEY.test(field.key) && RECORD_OBJECT.test(field.text.trim())) recordObject = true;
    if (field.text.includes('://') && field.text.length <= 2048 && BULK_PATH.test(field.text)) return 'bulk transfer of records by its URL';
    if (/^(?:filter|scope|range|selection|where)$/.test(field.key) && EVERYTHING.test(field.text.trim())) everything = true;
    // The name a policy or rule is given (`displayName: "Require MFA for all users"`) labels it; it sends no records.
    if (LABEL_KEY.test(field.key)) continue;
    const why = bulkRecordText(field.text, PROSE_KEY.test(field.key));
    if (why !== undefined) return why;
  }
  for (const field of fields.scalars)
    if (COUNT_KEY.test(field.key) && typeof field.value === 'number' && field.value >= 1000) return `set of ${field.value} records`;
  if (recordObject && (everything || (exportTool && !narrowed(fields.keys)))) return 'export of every record of a kind';
  return undefined;
}
