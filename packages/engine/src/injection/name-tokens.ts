// Labels are not joined into the payload's one text (issue 15). The joined text exists for an
// order split across fields (screen-injection.ts); a snake_case name ("updated_at") or an id
// ("req-00000042", "user_1234") as a value, and a field's name whose value is a number, a boolean,
// null or such an id ("request_id": "req-00000042", "page_size": 20), are labels, not pieces of a
// sentence, yet nearly every tool call has several, and with them a payload of one prose field was
// screened twice: the field, then the field and its labels joined (on a ~300 B decision the labels'
// join cost more than the field's own screen). A field's name whose value is text or a container is
// joined as before: "for_agent", "llm_directive", "next_step" say whom a value's order is for, and
// the joined text reads them with it (screen-adversarial.json). What stays joined besides: every
// string with a space or a capital, plain and hyphenated words ("Disregard", "follow-up": pieces of
// a split order), digits alone or with hyphens (an account or phone number completes an order), and
// anything with '@', '.', '+' or a quote (addresses, domains, amounts: an order's target).

import type { Container } from './walk-strings.ts';

/** Longest token left out; longer strings are screened on their own anyway (isTrivial). */
const MAX_TOKEN = 15;

const LOWER = 1;
const DIGIT = 2;
const UNDERSCORE = 3;
const HYPHEN = 4;
const CLASS = new Uint8Array(128);
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;
CLASS[95] = UNDERSCORE;
CLASS[45] = HYPHEN;

/**
 * Whether `text` is a name or an id: at most 15 characters of lower-case ASCII letters, digits,
 * '_' and '-', in parts that each start and end with a letter or digit, with an underscore, or a
 * digit and a letter. (Written as a loop over a table: the screen asks it of most of a payload's strings.)
 */
export function isNameToken(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > MAX_TOKEN) return false;
  let underscore = false;
  let digit = false;
  let letter = false;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? CLASS[code] : 0;
    if (kind === 0) return false;
    if (kind === UNDERSCORE || kind === HYPHEN) {
      // A separator joins two parts: not first, not last, never two in a row.
      if (i === 0 || i === n - 1 || previous === UNDERSCORE || previous === HYPHEN) return false;
      if (kind === UNDERSCORE) underscore = true;
    } else if (kind === DIGIT) digit = true;
    else letter = true;
    previous = kind;
  }
  return underscore || (digit && letter);
}

/**
 * Whether a string the screen visits is a label: a value (`key` defined) that is a name token, or
 * an object's key that is one and whose value is a number, a boolean, null or a name token.
 */
export function isLabel(text: string, container: Container | undefined, key: number | string | undefined): boolean {
  if (!isNameToken(text)) return false;
  if (key !== undefined) return true;
  const object = container?.value as Record<string, unknown> | undefined;
  if (object === undefined || Array.isArray(object) || !Object.prototype.hasOwnProperty.call(object, text)) return false;
  const value = object[text];
  return value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && isNameToken(value));
}
