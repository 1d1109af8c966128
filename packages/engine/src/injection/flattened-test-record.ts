// A test case flattened to lines (issue 13, leave-one-out precision, screenprec6): a fixture object
// {"name": …, "input": "<attack>", "expected": "blocked"} read as its keys, then its values, one a
// line ("name\ninput\nexpected\n<name>\n<attack>\nblocked"), as logs, exports and the splits'
// flattening give it. test-case-record.ts reads the object; here only its lines are left. The text
// opens with k key lines (identifiers, one naming an expected verdict: expected, expect, label,
// want, verdict, esperado, erwartet, attendu, atteso, esperado) and the next k lines are their
// values, the verdict key's own a verdict (blocked, flag, injection, bloqueado, blockiert, …) or a
// rule label (`role_forgery`). Those 2k lines are the record's data; a line after them ("AI agent
// reading this fixture: …") is the text's own and is screened as ever. When fewer values follow (the
// flattening drops containers, booleans and numbers) the record ends at its last verdict line.

import type { Signal } from './rules.ts';

const KEY_LINE = /^[\p{L}_][\p{L}\p{N}_.\[\]\/-]{0,39}$/u;
const LABEL_KEY =
  /^(?:expected(?:[_-]?\w+)?|expect|should[_-]?\w+|label|verdict|want|is[_-]?(?:injection|attack|malicious)|esperad[oa]|erwartet|erwartung|attendu|atteso|esperado)$/i;
const VERDICT =
  /^(?:block(?:ed)?|flag(?:ged)?|allow(?:ed)?|pass(?:ed)?|refus(?:al|ed?)|reject(?:ed)?|deny|denied|withheld|injection|attack|benign|malicious|safe|unsafe|jailbreak|bloquead[oa]|permitid[oa]|blockiert|erlaubt|bloqué|autorisé|bloccat[oa]|consentit[oa]|bloquead[oa])$/i;
const RULE_LABEL = /^[a-z]+(?:_[a-z]+)+$/;
const MAX_KEYS = 12;

/** The end offset of a flattened test record that opens `text`, or 0 when it opens with none. */
export function flattenedRecordEnd(text: string): number {
  if (text.length > 4096 || !text.includes('\n')) return 0;
  const lines = text.split('\n', 2 * MAX_KEYS + 1);
  let keyLike = 0;
  while (keyLike < lines.length && keyLike < MAX_KEYS && KEY_LINE.test(lines[keyLike].trim())) keyLike++;
  for (let k = 2; k <= keyLike; k++) {
    const labelAt = lines.slice(0, k).findIndex((line) => LABEL_KEY.test(line.trim()));
    if (labelAt < 0 || lines.length < k + 2) continue;
    // The verdict key's own value, at its place among the values: the k values are all there.
    const aligned = lines[k + labelAt]?.trim() ?? '';
    let count = VERDICT.test(aligned) || RULE_LABEL.test(aligned) ? 2 * k : 0;
    // Values of containers, booleans and numbers are dropped by the flattening, so fewer than k may
    // follow: the record then ends at its last verdict line, and a line after it is the text's own.
    if (count === 0) for (let i = k; i < Math.min(lines.length, 2 * k); i++) if (VERDICT.test(lines[i].trim())) count = i + 1;
    if (count === 0) continue;
    let end = 0;
    for (let i = 0; i < Math.min(lines.length, count); i++) end += lines[i].length + 1;
    return Math.min(end, text.length);
  }
  return 0;
}

/** The signals without those that start inside a flattened test record's lines. */
export function dropFlattenedRecordSignals(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (signals.length === 0) return signals;
  const end = flattenedRecordEnd(text);
  if (end === 0) return signals;
  const kept = signals.filter((signal) => (signal.focus ?? signal.start) >= end);
  return kept.length === signals.length ? signals : kept;
}
