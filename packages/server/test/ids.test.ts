// Ids: opaque to clients, but made so the indexes on them stay append-mostly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../src/ids.ts';

test('ids are the prefix and 32 hex digits, unique, and sort by the time they were made', () => {
  const ids = [newId('fd', 1_700_000_000_000), newId('fd', 1_700_000_000_001), newId('fd', 1_800_000_000_000)];
  for (const id of ids) assert.match(id, /^fd_[0-9a-f]{32}$/);
  assert.deepEqual([...ids].sort(), ids);
  const many = new Set(Array.from({ length: 10_000 }, () => newId('apr', 1_700_000_000_000)));
  assert.equal(many.size, 10_000, '80 random bits keep ids made in the same millisecond apart');
});

test('ids made in the same millisecond sort in the order they were made', () => {
  const made = Array.from({ length: 1_000 }, () => newId('key', 1_700_000_000_500));
  assert.deepEqual([...made].sort(), made);
  const next = newId('key', 1_700_000_000_501);
  assert.ok(next > made[made.length - 1], 'a later millisecond sorts after all of them');
});
