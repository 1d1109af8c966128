// A quotation mark that belongs to the carrier's syntax, not to someone's words (issue 13, round 18b):
// a markdown link's title (`(https://… "`), an attribute's value (`alt="`), a JSON or YAML value
// (`"next": "`, `["`, `, "`). insideQuotation (inside-harm-order.ts) reads any open quotation as a
// mention; an order written as such a value is the data's own text.

import { insideQuotation } from './inside-harm-order.ts';

// The open quotation's mark and what stands before it, at the end of the text before `at`.
// A colon is JSON's (after a quoted key) or YAML's (after a bare key opening its line); "Email footer: \"…" is prose quoting.
const OPENED_BY_SYNTAX = /(?:\(\S{1,200}\s+|[\w-]+=|"\s*:\s*|(?:^|\n)[ \t]*[\w-]+:\s*|[[{,]\s*)"[^"\n]*$/;
const LOOK_BACK = 300;

/** Whether `at` in `text` is inside a quotation of someone's words (a mention), not a value of the carrier's syntax. */
export function insideMention(text: string, at: number): boolean {
  return insideQuotation(text, at) && !OPENED_BY_SYNTAX.test(text.slice(Math.max(0, at - LOOK_BACK), at));
}
