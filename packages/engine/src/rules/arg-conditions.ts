// Argument conditions of tool rules: `{field, op, value, negate?}` on the payload, where `field`
// is a dotted path with `[*]` for every element of an array and `[n]` for one. A condition holds
// when any value found at the path satisfies it (with `negate`, when any value does not).
// Regular expressions run on RE2 (linear time), so a rule cannot be turned into a ReDoS.
import { RE2JS } from 're2js';

export const CONDITION_OPS = [
  'eq',
  'ne',
  'in',
  'not_in',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'prefix',
  'suffix',
  'glob',
  'regex',
  'exists',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export interface ArgCondition {
  field: string;
  op: ConditionOp;
  value?: unknown;
  negate?: boolean;
}

/** Why a condition held: the condition and the value that satisfied it. */
export interface ConditionMatch {
  field: string;
  op: ConditionOp;
  value?: unknown;
  negate?: boolean;
  matched_value: unknown;
}

type Segment = string | number | '*';

const MAX_FIELD_SEGMENTS = 32;
const MAX_VALUES = 10_000;

/** Parses `a.b[*].c[0]` into segments; throws on a malformed path. */
export function parseFieldPath(field: string): Segment[] {
  const segments: Segment[] = [];
  const re = /([^.[\]]+)|\[(\*|\d+)\]|(\.)/gy;
  let expectName = true;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = re.exec(field)) !== null) {
    consumed = re.lastIndex;
    if (match[1] !== undefined) {
      if (!expectName) throw new Error(`malformed field path \`${field}\``);
      segments.push(match[1]);
      expectName = false;
    } else if (match[2] !== undefined) {
      if (segments.length === 0) throw new Error(`malformed field path \`${field}\``);
      segments.push(match[2] === '*' ? '*' : Number(match[2]));
    } else {
      if (expectName) throw new Error(`malformed field path \`${field}\``);
      expectName = true;
    }
  }
  if (consumed !== field.length || expectName || segments.length === 0 || segments.length > MAX_FIELD_SEGMENTS) {
    throw new Error(`malformed field path \`${field}\``);
  }
  return segments;
}

/** Every value at the path (several through `[*]`), in document order. */
export function valuesAt(payload: unknown, segments: readonly Segment[]): unknown[] {
  let current: unknown[] = [payload];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of current) {
      if (segment === '*') {
        if (Array.isArray(value)) for (const item of value) next.push(item);
      } else if (typeof segment === 'number') {
        if (Array.isArray(value) && segment < value.length) next.push(value[segment]);
      } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, segment)) {
        next.push((value as Record<string, unknown>)[segment]);
      }
      if (next.length > MAX_VALUES) break;
    }
    current = next;
  }
  return current;
}

/** A number from a number or a numeric string such as `"12,500.00"` or `"$25,000"`; else NaN. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const cleaned = value
    .trim()
    .replace(/^[$€£¥]\s*/, '')
    .replace(/[,_\s](?=\d{3}\b)/g, '');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numberOf(a);
    const y = numberOf(b);
    return !Number.isNaN(x) && x === y;
  }
  return false;
}

/** Glob with `*` (any run) and `?` (one character); greedy two-pointer match without backtracking blow-up. */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

const regexCache = new Map<string, RE2JS>();

/** The compiled RE2 expression for a pattern; throws on an invalid pattern. */
export function compileRegex(pattern: string): RE2JS {
  let compiled = regexCache.get(pattern);
  if (!compiled) {
    compiled = RE2JS.compile(pattern);
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(pattern, compiled);
  }
  return compiled;
}

function satisfies(op: ConditionOp, actual: unknown, expected: unknown): boolean {
  switch (op) {
    case 'exists':
      return actual !== undefined;
    case 'eq':
      return sameValue(actual, expected);
    case 'ne':
      return !sameValue(actual, expected);
    case 'in':
      return Array.isArray(expected) && expected.some((item) => sameValue(actual, item));
    case 'not_in':
      return Array.isArray(expected) && !expected.some((item) => sameValue(actual, item));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const x = numberOf(actual);
      const y = numberOf(expected);
      if (Number.isNaN(x) || Number.isNaN(y)) return false;
      return op === 'gt' ? x > y : op === 'gte' ? x >= y : op === 'lt' ? x < y : x <= y;
    }
    case 'contains':
      if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
      return Array.isArray(actual) && actual.some((item) => sameValue(item, expected));
    case 'prefix':
      return typeof actual === 'string' && typeof expected === 'string' && actual.startsWith(expected);
    case 'suffix':
      return typeof actual === 'string' && typeof expected === 'string' && actual.endsWith(expected);
    case 'glob':
      return typeof actual === 'string' && typeof expected === 'string' && globMatches(expected, actual);
    case 'regex':
      return typeof actual === 'string' && typeof expected === 'string' && compileRegex(expected).matcher(actual).find();
  }
}

/**
 * Checks a condition's shape (path, op, value type, regex syntax); returns a message for people,
 * or null when it is well formed. Used when a rule is written, so a bad rule never reaches a decision.
 */
export function conditionProblem(condition: ArgCondition): string | null {
  try {
    parseFieldPath(condition.field);
  } catch (error) {
    return (error as Error).message;
  }
  const { op, value } = condition;
  if (!CONDITION_OPS.includes(op)) return `unknown op \`${op}\``;
  if ((op === 'in' || op === 'not_in') && !Array.isArray(value)) return `op \`${op}\` needs an array value`;
  if (['gt', 'gte', 'lt', 'lte'].includes(op) && Number.isNaN(numberOf(value))) return `op \`${op}\` needs a numeric value`;
  if (['prefix', 'suffix', 'glob', 'regex'].includes(op) && typeof value !== 'string') return `op \`${op}\` needs a string value`;
  if (op === 'regex') {
    try {
      compileRegex(value as string);
    } catch (error) {
      return `invalid regex \`${value as string}\`: ${(error as Error).message}`;
    }
  }
  return null;
}

/** The value that makes the condition hold, or `undefined` (as `{ held: false }`) when none does. */
export function evaluateCondition(condition: ArgCondition, payload: unknown): { held: boolean; matched?: unknown } {
  const values = valuesAt(payload, parseFieldPath(condition.field));
  if (condition.op === 'exists') {
    const held = condition.negate ? values.length === 0 : values.length > 0;
    return { held, matched: values[0] };
  }
  for (const value of values) {
    if (satisfies(condition.op, value, condition.value) !== Boolean(condition.negate)) return { held: true, matched: value };
  }
  return { held: false };
}

/** Words for a condition in a stage detail: `` `to` suffix `@ourcompany.com` (negated) ``. */
export function describeCondition(match: ConditionMatch): string {
  const value = match.op === 'exists' ? '' : ` ${JSON.stringify(match.value)}`;
  return `\`${match.field}\` ${match.negate ? 'not ' : ''}${match.op}${value} (got ${JSON.stringify(match.matched_value)})`;
}
