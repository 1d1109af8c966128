// Canonical JSON (RFC 8785 style): sorted keys, no whitespace. Two payloads that differ only in key
// order or spacing get the same text, so they hash and sign the same.
import { sha256Hex } from './sha256.ts';

/**
 * A string as `JSON.stringify` writes it. Issue 15: a decision's texts (its payload's canonical
 * text, the journal record, the signed text, the chain entry) hold some 40 short strings, nearly all
 * ids, hashes, times and names that need no escaping, and one `JSON.stringify` call per string cost
 * more than the text (~0.2 µs each). JSON.stringify writes a string without a quote, backslash,
 * control character or UTF-16 surrogate as itself in quotes; any other string still goes through it.
 */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : '"' + value + '"';
}

/** Canonical JSON text of a JSON value. `undefined` members are dropped, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions and symbols; a bigint throws, as in JSON.stringify.
      return JSON.stringify(value) ?? 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      // A hole of a sparse array stays empty, as the `map` + `join` this replaced wrote it.
      if (item !== undefined) out += canonicalJson(item);
      else if (i in value) out += 'null';
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const member = record[key];
    if (member === undefined || typeof member === 'function') continue;
    if (out.length > 1) out += ',';
    out += quotedKey(key) + ':' + canonicalJson(member);
  }
  return out + '}';
}

/**
 * Own keys in code-unit order (as `sort()` orders strings). Most records have a handful of keys:
 * an insertion sort in place beats `sort()` there, and a record built in order costs one pass.
 */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

// The same few dozen keys are quoted in every record (stage, verdict, detail, …): quoted once.
// Bounded, and only short keys, so payloads with endless distinct keys cannot grow it.
const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 4096;
const MAX_QUOTED_KEY_LENGTH = 64;

function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (QUOTED_KEYS.size < MAX_QUOTED_KEYS && key.length <= MAX_QUOTED_KEY_LENGTH) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

/** SHA-256 (hex) of the canonical JSON of a value. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
