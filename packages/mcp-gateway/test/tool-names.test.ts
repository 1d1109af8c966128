// Exposed names: `serverKey__tool` when it fits, a hashed short form otherwise, and a lookup table
// that is the only way back from an exposed name to a server and tool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exposedName, hashedName, MAX_NAME_LENGTH, NameTable } from '../src/tool-names.ts';

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

const CASES = [
  { note: 'a name that fits is kept whole', server: 'fs', tool: 'read_text_file', expect: 'fs__read_text_file' },
  { note: 'dashes are allowed', server: 'every-thing', tool: 'get-sum', expect: 'every-thing__get-sum' },
  { note: 'exactly 64 characters is kept', server: 's', tool: 'x'.repeat(61), expect: `s__${'x'.repeat(61)}` },
  { note: '65 characters is shortened', server: 's', tool: 'x'.repeat(62), expect: null },
  { note: 'a dot is not allowed, so the name is shortened', server: 'git', tool: 'repo.status', expect: null },
  { note: 'spaces and slashes are not allowed either', server: 'git', tool: 'repo/log all', expect: null },
  { note: 'non-ASCII names are shortened', server: 'docs', tool: 'résumé', expect: null },
];

for (const c of CASES) {
  test(`exposedName: ${c.note}`, () => {
    const name = exposedName(c.server, c.tool);
    assert.match(name, VALID);
    if (c.expect) assert.equal(name, c.expect);
    else {
      assert.equal(name, hashedName(c.server, c.tool));
      assert.ok(name.startsWith(`${c.server}__`));
    }
  });
}

test('hashed names differ for tools that sanitize to the same text', () => {
  const a = hashedName('git', 'repo.status');
  const b = hashedName('git', 'repo/status');
  assert.notEqual(a, b);
  assert.ok(a.length <= MAX_NAME_LENGTH && b.length <= MAX_NAME_LENGTH);
});

test('the table routes by lookup only: `__` inside names never splits a server from a tool', () => {
  const table = new NameTable();
  const conflicts: string[] = [];
  table.setServer('a', ['b__c'], (n) => conflicts.push(n));
  table.setServer('a_b', ['c'], (n) => conflicts.push(n));
  assert.deepEqual(table.lookup('a__b__c'), { serverKey: 'a', name: 'b__c' });
  assert.deepEqual(table.lookup('a_b__c'), { serverKey: 'a_b', name: 'c' });
  assert.equal(table.lookup('a__b'), undefined);
  assert.deepEqual(conflicts, []);
});

test('a name already taken by another server falls back to the hashed form', () => {
  const table = new NameTable();
  // Server keys in a config cannot hold `__`; the table does not rely on that.
  table.setServer('a', ['b__c'], () => undefined);
  const second = table.setServer('a__b', ['c'], () => undefined);
  assert.equal(second.get('c'), hashedName('a__b', 'c'));
  assert.deepEqual(table.lookup('a__b__c'), { serverKey: 'a', name: 'b__c' });
  assert.deepEqual(table.lookup(hashedName('a__b', 'c')), { serverKey: 'a__b', name: 'c' });
});

test('a server read again replaces its names; removed tools no longer route', () => {
  const table = new NameTable();
  table.setServer('fs', ['read', 'write'], () => undefined);
  table.setServer('fs', ['read'], () => undefined);
  assert.equal(table.lookup('fs__write'), undefined);
  assert.deepEqual(table.lookup('fs__read'), { serverKey: 'fs', name: 'read' });
  table.removeServer('fs');
  assert.equal(table.lookup('fs__read'), undefined);
});
