// A message list that records what was said (issue 13, precision 13): `[{'role': 'tool', 'content':
// 'ok'}, {'role': 'assistant', 'content': 'The file was saved.'}]` in a log or a test fixture. A
// "role": "assistant" or "system" entry forges a turn by what its content tells the reader; when
// every content in the text orders nothing (header-without-order.ts: nothing to "you", no duty, no
// model named, no authority, nothing set aside, no order verb) and names no purpose of an attack
// (assistant-setup.ts), the list is a record and its role keys are no evidence.

import { ATTACK_PURPOSE } from './assistant-setup.ts';
import { ordersNothing } from './header-without-order.ts';

// A message's words are a string under "content" or "text". One longer than 4,000 characters, or not a
// string ("parts", a list of pieces), is not read, and an entry whose words are not read may order anything.
const CONTENT_VALUE = /["'](?:content|text)["']\s*:\s*(?:"((?:\\.|[^"\\]){0,4000})"|'((?:\\.|[^'\\]){0,4000})')/g;
const CONTENT_KEY = /["'](?:content|text|parts)["']\s*:/g;
const ROLE_KEY = /["']role["']\s*:/g;
const MAX_CONTENTS = 20;

/** Whether every message of `text` has a readable content that orders nothing and names no attack's purpose (and there is one). */
export function messageListOrdersNothing(text: string): boolean {
  let seen = 0;
  for (const match of text.matchAll(CONTENT_VALUE)) {
    if (++seen > MAX_CONTENTS) return false;
    const content = match[1] ?? match[2] ?? '';
    if (!ordersNothing(content) || ATTACK_PURPOSE.test(content)) return false;
  }
  // Fail closed: every content key read, and at least one content for each role entry.
  const keys = text.match(CONTENT_KEY)?.length ?? 0;
  const entries = text.match(ROLE_KEY)?.length ?? 0;
  return seen > 0 && seen === keys && seen >= entries;
}
