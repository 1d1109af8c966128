// A decision's time text is kept between its writes (iso-time.ts, issue 15): every call must answer
// what `toISOString` answers for its own time, whatever time came before, and refuse a non-time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isoTime } from '../src/iso-time.ts';

test('each time is written as toISOString writes it, repeated or alternating', () => {
  const times = [0, 1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_001, 0, -1, 8.64e15, 1_700_000_000_000.7, 1_700_000_000_000];
  for (const ms of [...times, ...times.reverse()]) assert.equal(isoTime(ms), new Date(ms).toISOString());
});

test('a time that is none throws, every time, and the next time is written right', () => {
  isoTime(5);
  assert.throws(() => isoTime(Number.NaN), RangeError);
  assert.throws(() => isoTime(Number.NaN), RangeError);
  assert.throws(() => isoTime(8.64e15 + 1), RangeError);
  assert.equal(isoTime(5), new Date(5).toISOString());
});
