import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalHash, canonicalJson } from '../src/index.ts';

const cases = [
  { note: 'keys are sorted', value: { b: 1, a: 2 }, text: '{"a":2,"b":1}' },
  { note: 'nested keys are sorted too', value: { z: { y: 1, x: [3, { d: 1, c: 2 }] } }, text: '{"z":{"x":[3,{"c":2,"d":1}],"y":1}}' },
  { note: 'undefined members are dropped', value: { a: undefined, b: null }, text: '{"b":null}' },
  { note: 'strings are escaped as JSON', value: { 'k"': 'line\nbreak' }, text: '{"k\\"":"line\\nbreak"}' },
  { note: 'non-finite numbers become null', value: [Number.NaN, 1.5], text: '[null,1.5]' },
  { note: 'keys sort by code unit, upper case first', value: { b: 1, B: 2, a: 3 }, text: '{"B":2,"a":3,"b":1}' },
];

for (const row of cases) {
  test(`canonical JSON: ${row.note}`, () => assert.equal(canonicalJson(row.value), row.text));
}

test('key order and spacing do not change the hash; values do', () => {
  const a = canonicalHash(JSON.parse('{"to": "a@b.c", "amount": 5, "meta": {"x": 1, "y": 2}}'));
  const b = canonicalHash(JSON.parse('{"meta":{"y":2,"x":1},"amount":5,"to":"a@b.c"}'));
  const c = canonicalHash({ to: 'a@b.c', amount: 6, meta: { x: 1, y: 2 } });
  assert.equal(a, b);
  assert.notEqual(a, c);
  assert.match(a, /^[0-9a-f]{64}$/);
});
