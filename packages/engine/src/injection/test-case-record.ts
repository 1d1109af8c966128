// A test case written as data (issue 13, leave-one-out precision): a fixture object such as
// {"input": "<attack>", "expected": "blocked"} or {"payloads": [...], "label": "attack"} holds its
// attack as the thing under test, beside the verdict the test expects. The screen reads such an
// object whole: an object with a key naming an expected verdict ("expected", "expect",
// "expected_label", "should_block", "label", "want", "verdict") whose value is a verdict (blocked,
// flag, allow, pass, refusal, injection, attack, benign, true, 1, or an object such as
// {"flagged": true}) is a test case, and the strings under it are its data. An attack in a JSON
// field with no such verdict beside it ({"instruction": …}, {"note": …}) is read as before.

import type { Container } from './walk-strings.ts';

const LABEL_KEY = /^(?:expected(?:[_-]?\w+)?|expect|should[_-]?\w+|label|verdict|want|is[_-]?(?:injection|attack|malicious))$/i;
const VERDICT =
  /^(?:block(?:ed)?|flag(?:ged)?|allow(?:ed)?|pass(?:ed)?|refus(?:al|ed?)|reject(?:ed)?|deny|denied|withheld|injection|attack|benign|malicious|safe|unsafe|jailbreak|true|false|[01])$/i;
/** Keys of an expected-outcome object ({"flagged": true, "family": "relayed_wish"}). */
const OUTCOME_KEY = /^(?:flagged|blocked|allowed|withheld|verdict|decision|label|status)$/i;

function isVerdict(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  return typeof value === 'string' && VERDICT.test(value.trim());
}

function isOutcome(value: unknown): boolean {
  if (isVerdict(value)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const [key, inner] of Object.entries(value)) if (OUTCOME_KEY.test(key) && isVerdict(inner)) return true;
  return false;
}

// A judged record (precision 11): a moderation queue's or a filter's decision on the content beside it
// ({"content": "…", "decision": "removed", "reason": "prompt injection attempt"}) holds that content as
// the specimen judged, as a test case holds its input. Only a decision that took the content out of
// circulation counts: an approved record is read as ever, so an order beside "approved" is an order.
const DECISION_KEY = /^(?:decision|disposition|moderation(?:[_-]?(?:action|decision|result))?|action[_-]?taken|outcome|ruling)$/i;
const REMOVAL = /^(?:removed|deleted|hidden|blocked|flagged|quarantined|rejected|denied|banned|filtered|withheld|refused|spam)$/i;

/** True when `value` is an object holding a test's expected verdict beside at least one other field. */
export function isTestCaseRecord(value: object): boolean {
  if (Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length < 2) return false;
  for (const key of keys) {
    const inner = (value as Record<string, unknown>)[key];
    if (LABEL_KEY.test(key) && isOutcome(inner)) return true;
    if (DECISION_KEY.test(key) && typeof inner === 'string' && REMOVAL.test(inner.trim())) return true;
  }
  return false;
}

/** Whether strings in `container` sit under a test case; remembers each container's answer in `memo`. */
export function insideTestCase(container: Container | undefined, memo: WeakMap<Container, boolean>): boolean {
  if (container === undefined) return false;
  const known = memo.get(container);
  if (known !== undefined) return known;
  const inside = isTestCaseRecord(container.value) || insideTestCase(container.parent, memo);
  memo.set(container, inside);
  return inside;
}
