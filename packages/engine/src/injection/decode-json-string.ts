// A string value that is itself JSON (issue 13, hold-out: an instruction split across the fields
// of a serialised object, under keys that name no model). The payload walk reads such a string as
// one text, quotes, keys and escapes included; here its string leaves are joined in document
// order, so the instruction reads whole whatever the keys are called.

import type { DecodedFragment } from './decode-fragments.ts';
import { walkPayload } from './walk-strings.ts';

const MAX_LENGTH = 16 * 1024;
const WALK = { maxBytes: MAX_LENGTH, maxDepth: 32, maxNodes: 10_000 };

/** The string values of a JSON text, joined by line feeds, when the text is a JSON object or array with two or more. */
export function decodeJsonString(text: string): DecodedFragment | undefined {
  if (text.length < 8 || text.length > MAX_LENGTH) return undefined;
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  const last = text.trimEnd().at(-1);
  if ((first === '{' && last !== '}') || (first === '[' && last !== ']')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const values: string[] = [];
  // Keys are left out: the leaves are what carries a sentence.
  walkPayload(parsed, WALK, (string, _container, key) => {
    if (key !== undefined) values.push(string);
  });
  return values.length < 2 ? undefined : { kind: 'json', text: values.join('\n'), source: text, parts: values };
}
