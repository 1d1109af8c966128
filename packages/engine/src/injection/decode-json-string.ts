// A string value that is itself JSON (issue 13, hold-out: an instruction split across the fields
// of a serialised object, under keys that name no model). The payload walk reads such a string as
// one text, quotes, keys and escapes included; here its string leaves are joined in document
// order, so the instruction reads whole whatever the keys are called.
//
// Round 19b: JSON also comes inside other text — an API error body after "API response: ", an
// object in an SVG <metadata> element, a log line's payload. The object found between the first
// `{"` and the last `}` is read the same way. Such a text's fields are the fields of the object it
// serialises (`own`: each value counts alone, as a payload's fields do), but for a test case's data
// (test-case-record.ts), which is left out as the walk leaves it out.

import type { DecodedFragment } from './decode-fragments.ts';
import { insideTestCase } from './test-case-record.ts';
import { walkPayload, type Container } from './walk-strings.ts';

const MAX_LENGTH = 16 * 1024;
const WALK = { maxBytes: MAX_LENGTH, maxDepth: 32, maxNodes: 10_000 };
// An object, or a list of objects ("chat.json: [{…}, {…}]").
const OBJECT_OPEN = /\[\s*\{\s*"|\{\s*"/;

function parsedOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON object inside a longer text: from the first `{"` to the last `}` (or `[{` to `]`), when that parses. */
function embeddedObject(text: string): { source: string; parsed: unknown } | undefined {
  const open = OBJECT_OPEN.exec(text);
  if (open === null) return undefined;
  const close = text.lastIndexOf(text[open.index] === '[' ? ']' : '}');
  if (close <= open.index) return undefined;
  const source = text.slice(open.index, close + 1);
  const parsed = parsedOf(source);
  return parsed === undefined || typeof parsed !== 'object' ? undefined : { source, parsed };
}

/**
 * The string values of a JSON text, joined by line feeds, when the text is (or holds, `own`) a JSON
 * object or array with two or more.
 */
export function decodeJsonString(text: string): DecodedFragment | undefined {
  if (text.length < 8 || text.length > MAX_LENGTH) return undefined;
  const first = text.trimStart()[0];
  const last = text.trimEnd().at(-1);
  let found: { source: string; parsed: unknown } | undefined;
  if ((first === '{' && last === '}') || (first === '[' && last === ']')) {
    const parsed = parsedOf(text);
    found = parsed === undefined ? undefined : { source: text, parsed };
  }
  found ??= embeddedObject(text);
  if (found === undefined) return undefined;
  const values: string[] = [];
  const testCases = new WeakMap<Container, boolean>();
  // Keys are left out: the leaves are what carries a sentence.
  walkPayload(found.parsed, WALK, (string, container, key) => {
    if (key !== undefined && !insideTestCase(container, testCases)) values.push(string);
  });
  return values.length < 1 || (values.length < 2 && found.source === text)
    ? undefined
    : { kind: 'json', text: values.join('\n'), source: found.source, parts: values, own: true };
}
