// `PUT /fabric/tool-rules` (issue 16, rules as code): the whole set replaced in one transaction,
// matched by name, versions bumped only for changed rules, validated before anything changes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const put = (rules: unknown[], query = '') => server.call('PUT', `/fabric/tool-rules${query}`, { body: { rules } });
const list = async () => (await server.call('GET', '/fabric/tool-rules')).body.rules as Array<Record<string, any>>;

test('a set creates, updates (next version), keeps and deletes rules by name, and decisions follow it', async () => {
  const stale = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'old-rule', effect: 'deny', match_path: '/tools/legacy' },
  });
  const kept = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'no-shell', effect: 'deny', match_path: '/tools/shell' },
  });
  const edited = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'mail', effect: 'allow', match_path: '/tools/send_email' },
  });
  const set = [
    { name: 'no-shell', effect: 'deny', match_path: '/tools/shell' },
    { name: 'mail', effect: 'require_approval', match_path: '/tools/send_email', description: 'a human reads outgoing mail' },
    { name: 'no-drop', effect: 'deny', match_path: '/tools/db/drop' },
  ];

  const dry = await put(set, '?dry_run=true');
  assert.equal(dry.status, 200);
  assert.equal(dry.body.applied, false);
  assert.deepEqual(dry.body.summary, { created: 1, updated: 1, deleted: 1, unchanged: 1 });
  assert.equal((await list()).length, 3, 'a dry run changes nothing');
  assert.ok((await list()).some((rule) => rule.name === 'old-rule'));

  const applied = await put(set);
  assert.equal(applied.status, 200);
  assert.equal(applied.body.applied, true);
  const byName = Object.fromEntries(applied.body.changes.map((change: any) => [change.name, change]));
  assert.equal(byName['no-shell'].action, 'unchanged');
  assert.equal(byName['no-shell'].id, kept.body.id);
  assert.equal(byName['mail'].action, 'update');
  assert.equal(byName['mail'].id, edited.body.id);
  assert.deepEqual([byName['mail'].from_version, byName['mail'].to_version], [1, 2]);
  assert.deepEqual(byName['mail'].fields, ['effect', 'description']);
  assert.equal(byName['no-drop'].action, 'create');
  assert.equal(byName['old-rule'].action, 'delete');
  assert.equal(byName['old-rule'].id, stale.body.id);

  const rules = await list();
  assert.deepEqual(rules.map((rule) => rule.name).sort(), ['mail', 'no-drop', 'no-shell']);
  const mail = rules.find((rule) => rule.name === 'mail')!;
  assert.equal(mail.version, 2);
  assert.equal(mail.effect, 'require_approval');
  assert.equal(rules.find((rule) => rule.name === 'no-shell')!.version, 1);

  // The rules decide at once: the deleted rule no longer blocks, the new one does, naming its version.
  const legacy = await server.call('POST', '/fabric/decisions', { body: { path: '/tools/legacy', agent_id: 'a1', payload: {} } });
  assert.doesNotMatch(legacy.body.stages[2].detail, /old-rule/);
  const drop = await server.call('POST', '/fabric/decisions', { body: { path: '/tools/db/drop', agent_id: 'a1', payload: {} } });
  assert.equal(drop.body.verdict, 'BLOCKED');
  assert.match(drop.body.stages[2].detail, /no-drop.*v1/);

  // Applying the same set again changes nothing and bumps no version.
  const again = await put(set);
  assert.deepEqual(again.body.summary, { created: 0, updated: 0, deleted: 0, unchanged: 3 });
  assert.equal((await list()).find((rule) => rule.name === 'mail')!.version, 2);
});

test('an invalid set is refused whole, naming each problem, and changes nothing', async () => {
  const before = await list();
  const refused = await put([
    { name: 'a', effect: 'deny', match_path: '/tools/a' },
    { name: 'a', effect: 'allow', match_path: '/tools/b' },
    { name: 'c', effect: 'deny', match_path: '/tools/c', match_args: [{ field: 'x', op: 'regex', value: '(' }] },
  ]);
  assert.equal(refused.status, 422);
  const messages = refused.body.detail.map((item: any) => `${item.loc.join('.')}: ${item.msg}`);
  assert.ok(
    messages.some((m: string) => m.startsWith('body.rules.1.name: rule name `a` is declared more than once')),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m: string) => m.startsWith('body.rules.2.match_args.0')),
    messages.join('\n'),
  );
  const badEffect = await put([{ name: 'a', effect: 'block', match_path: '/tools/a' }]);
  assert.equal(badEffect.status, 422);
  assert.match(JSON.stringify(badEffect.body.detail), /effect/);
  const unknownField = await put([{ name: 'a', effect: 'deny', match_path: '/tools/a', path: '/tools/a' }]);
  assert.equal(unknownField.status, 422);
  assert.match(JSON.stringify(unknownField.body.detail), /path/);
  assert.deepEqual(await list(), before);
});

test('only an admin key replaces the rules; an empty set deletes every rule', async () => {
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'reader', role: 'approver' } })).body.api_key;
  const refused = await server.call('PUT', '/fabric/tool-rules', { key: approver, body: { rules: [] } });
  assert.equal(refused.status, 403);
  assert.ok((await list()).length > 0);
  const emptied = await put([]);
  assert.equal(emptied.status, 200);
  assert.equal(emptied.body.summary.deleted, emptied.body.changes.length);
  assert.deepEqual(await list(), []);
});
