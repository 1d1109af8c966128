// One pass over a tool call's payload that gathers what the risk analyses read: string fields
// with their key (commands, queries, paths), argument arrays, numeric and numeric-looking money
// fields, and every key name (for transfer context). Iterative, capped in depth and in values
// visited, so any payload is cheap to read.

/** A string field and where it sits. */
export interface StringField {
  /** Lower-cased key of the field ('' for the payload itself or an array item without a key). */
  key: string;
  /** Key of the enclosing object's field ('' at the top). */
  parentKey: string;
  text: string;
  /** The object holding the field, to read sibling fields. */
  holder: Record<string, unknown> | undefined;
  /** The string is an item of an array. */
  inArray: boolean;
}

/** An array of strings and its key (`args: ["-rf", "/"]`). */
export interface ArrayField {
  key: string;
  items: string[];
  holder: Record<string, unknown> | undefined;
}

/** A number or numeric-looking string under a key. */
export interface ScalarField {
  key: string;
  parentKey: string;
  value: number | string;
  /** Path with array indices written `[]`, so items of one array share a group. */
  group: string;
}

export interface PayloadFields {
  strings: StringField[];
  arrays: ArrayField[];
  scalars: ScalarField[];
  /** Every key seen, lower-cased with `-`, spaces and camelCase turned into `_`. */
  keys: Set<string>;
  truncated: boolean;
}

const MAX_DEPTH = 8;
const MAX_VALUES = 4000;
const MAX_ARGV = 256;

// Payload keys repeat across calls (`command`, `to`, `amount`), so their normal forms are kept in a
// small bounded cache: four regex passes per key were about a tenth of a whole decision.
const KEY_CACHE_LIMIT = 4096;
const keyCache = new Map<string, string>();

/** `amountCents`, `amount-cents`, `Amount Cents` all give `amount_cents`. */
export function normalizeKey(key: string): string {
  let normal = keyCache.get(key);
  if (normal !== undefined) return normal;
  normal = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if (key.length <= 64) {
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(key, normal);
  }
  return normal;
}

interface Frame {
  value: unknown;
  key: string;
  parentKey: string;
  holder: Record<string, unknown> | undefined;
  group: string;
  depth: number;
  inArray: boolean;
}

/** Whether the payload has any of these keys: a few set lookups that spare a pass over every field. */
export function hasAnyKey(fields: PayloadFields, keys: ReadonlySet<string>): boolean {
  // Walk the smaller set: most payloads have a handful of keys.
  if (fields.keys.size < keys.size) {
    for (const key of fields.keys) if (keys.has(key)) return true;
    return false;
  }
  for (const key of keys) if (fields.keys.has(key)) return true;
  return false;
}

/** Collects the fields of a payload. */
export function collectFields(payload: unknown): PayloadFields {
  const out: PayloadFields = { strings: [], arrays: [], scalars: [], keys: new Set(), truncated: false };
  const stack: Frame[] = [{ value: payload, key: '', parentKey: '', holder: undefined, group: '', depth: 0, inArray: false }];
  let visited = 0;
  const seen = new Set<object>();
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (++visited > MAX_VALUES) {
      out.truncated = true;
      break;
    }
    const value = frame.value;
    if (typeof value === 'string') {
      out.strings.push({ key: frame.key, parentKey: frame.parentKey, text: value, holder: frame.holder, inArray: frame.inArray });
      if (value.length <= 40 && /\d/.test(value))
        out.scalars.push({ key: frame.key, parentKey: frame.parentKey, value, group: frame.group });
      continue;
    }
    if (typeof value === 'number') {
      out.scalars.push({ key: frame.key, parentKey: frame.parentKey, value, group: frame.group });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (seen.has(value)) continue;
    seen.add(value);
    if (frame.depth >= MAX_DEPTH) {
      out.truncated = true;
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every((item) => typeof item === 'string')) {
        // A longer argument list is still a command line; it is read in part and marked so.
        if (value.length > MAX_ARGV) out.truncated = true;
        out.arrays.push({ key: frame.key, items: (value as string[]).slice(0, MAX_ARGV), holder: frame.holder });
      }
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({
          value: value[i],
          key: frame.key,
          parentKey: frame.parentKey,
          holder: frame.holder,
          group: `${frame.group}[]`,
          depth: frame.depth + 1,
          inArray: true,
        });
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record);
    for (let i = entries.length - 1; i >= 0; i--) {
      const rawKey = entries[i];
      const key = normalizeKey(rawKey);
      out.keys.add(key);
      stack.push({
        value: record[rawKey],
        key,
        parentKey: frame.key,
        holder: record,
        group: `${frame.group}.${key}`,
        depth: frame.depth + 1,
        inArray: false,
      });
    }
  }
  return out;
}

/** The fields of a payload together with those of more values the call hands on (a parsed document, a decoded body). */
export function withMoreFields(fields: PayloadFields, values: readonly unknown[]): PayloadFields {
  if (values.length === 0) return fields;
  const merged: PayloadFields = {
    strings: [...fields.strings],
    arrays: [...fields.arrays],
    scalars: [...fields.scalars],
    keys: new Set(fields.keys),
    truncated: fields.truncated,
  };
  for (const value of values) {
    const inner = collectFields(value);
    merged.strings.push(...inner.strings);
    merged.arrays.push(...inner.arrays);
    merged.scalars.push(...inner.scalars);
    for (const key of inner.keys) merged.keys.add(key);
  }
  return merged;
}
