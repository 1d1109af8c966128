// An entry's hashed text is written out member by member (journal-entry.ts, issue 15): it must be the
// canonical JSON of the same fields, byte for byte, or every entry hash (and the offline verifier)
// would change. Odd members (an edited export) take the generic path and still match it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, entryHashOf, entryHashText, sha256Hex, type JournalEntryFields } from '../src/index.ts';

/** What the text was before it was written out: the canonical JSON of the covered fields. */
function canonicalText(fields: Record<string, unknown>): string {
  const covered = ['seq', 'type', 'ref_id', 'time', 'content_hash', 'prev_hash'];
  return canonicalJson(Object.fromEntries(covered.map((name) => [name, fields[name]])));
}

const STRINGS = ['', 'fd_01JABC', 'apr_"quoted"\\back', 'line\nbreak\ttab\u0001', 'ünïcødé ✓ 𝄞', '\ud800 lone', '</script>'];
const NUMBERS = [1, 42, 2 ** 53 - 1, 2 ** 53 + 2, -3, 0, -0, 1.5, 1e21, 1e-7];

test('the written-out text is the canonical JSON of the fields, byte for byte', () => {
  let n = 0;
  for (const text of STRINGS)
    for (const seq of NUMBERS) {
      const fields = {
        seq,
        type: (n++ % 2 ? 'decision' : text) as JournalEntryFields['type'],
        ref_id: text,
        time: new Date(1_700_000_000_000 + n).toISOString(),
        content_hash: sha256Hex(text + n),
        prev_hash: n % 3 ? text : '0'.repeat(64),
      };
      assert.equal(entryHashText(fields), canonicalText(fields));
      assert.equal(entryHashOf(fields), sha256Hex(canonicalText(fields)));
    }
});

test('fields of other types (an edited export) are written as canonical JSON writes them', () => {
  const base = { seq: 7, type: 'decision', ref_id: 'fd_1', time: '2026-01-01T00:00:00.000Z', content_hash: 'ab', prev_hash: 'cd' };
  const odd: Record<string, unknown>[] = [
    { ...base, seq: '7' },
    { ...base, seq: Number.NaN },
    { ...base, seq: Infinity },
    { ...base, ref_id: undefined },
    { ...base, time: null },
    { ...base, content_hash: { x: 1 } },
    { ...base, type: 3 },
    { ...base, prev_hash: ['cd'] },
  ];
  for (const fields of odd) assert.equal(entryHashText(fields as unknown as JournalEntryFields), canonicalText(fields));
});
