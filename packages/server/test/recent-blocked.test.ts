// Issue 15: an agent's and a key's recent blocked attempts read and write as JSON did, the empty
// list spared its JSON calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recentBlockedOf, recentBlockedText } from '../src/store/recent-blocked.ts';

test('the stored text reads and writes exactly as JSON.parse and JSON.stringify did', () => {
  const lists: number[][] = [[], [1], [1_795_000_000_000, 1_795_000_000_001], Array.from({ length: 20 }, (_, i) => i * 1_000)];
  for (const list of lists) {
    assert.equal(recentBlockedText(list), JSON.stringify(list));
    assert.deepEqual(recentBlockedOf(JSON.stringify(list)), list);
  }
  for (const text of ['[]', '[ ]', '[1,2]', 'null', '[\n]']) assert.deepEqual(recentBlockedOf(text), JSON.parse(text));
  assert.throws(() => recentBlockedOf('['), SyntaxError, 'damaged text fails as before');
  const sparse: number[] = [];
  (sparse as unknown as Record<string, unknown>).extra = 1;
  assert.equal(recentBlockedText(sparse), '[]');
  assert.equal(recentBlockedText(null as unknown as number[]), 'null', 'what JSON.stringify wrote');
});

test('each read gives a fresh list: changing one never changes the next', () => {
  const first = recentBlockedOf('[]');
  first.push(5);
  assert.deepEqual(recentBlockedOf('[]'), []);
});
