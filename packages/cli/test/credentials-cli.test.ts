// The vault and brokered calls from the SDK and the `actiongate` CLI (issue 18), against the real
// server and a real upstream on 127.0.0.1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { startUpstream, type Upstream } from '../../server/test/support/upstream-server.ts';
import { ActionGate } from '@actiongate/sdk';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));
const SECRET = 'cli-secret-value-9876';

let server: TestServer;
let upstream: Upstream;
before(async () => {
  server = await startServer();
  upstream = await startUpstream();
});
after(async () => {
  await server.close();
  await upstream.close();
});

function cli(args: string[], env: Record<string, string> = {}, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ACTIONGATE_URL: server.url, ACTIONGATE_API_KEY: server.adminKey, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    if (input !== undefined) child.stdin!.end(input);
    else child.stdin!.end();
  });
}

test('credentials add|list|rm: the secret comes from the environment or stdin, never the command line', async () => {
  const noSecret = await cli(['credentials', 'add', 'x', '--host', '127.0.0.1']);
  assert.equal(noSecret.code, 1);
  assert.match(noSecret.stderr, /exactly one of --secret-env/);
  const added = await cli(
    ['--json', 'credentials', 'add', 'cli-api', '--secret-env', 'CLI_SECRET', '--host', '127.0.0.1', '--method', 'get'],
    {
      CLI_SECRET: SECRET,
    },
  );
  assert.equal(added.code, 0, added.stderr);
  assert.equal(JSON.parse(added.stdout).version, 1);
  const rotated = await cli(['--json', 'credentials', 'add', 'cli-api', '--secret-stdin', '--host', '127.0.0.1'], {}, `${SECRET}\n`);
  assert.equal(JSON.parse(rotated.stdout).version, 2);
  const listed = await cli(['credentials', 'list']);
  assert.match(listed.stdout, /cli-api\s+bearer\s+2/);
  assert.ok(!listed.stdout.includes(SECRET) && !added.stdout.includes(SECRET));
  await cli(['credentials', 'add', 'temp', '--secret-env', 'CLI_SECRET', '--host', 'a.example'], { CLI_SECRET: SECRET });
  assert.equal((await cli(['credentials', 'rm', 'temp'])).code, 0);
  assert.equal((await cli(['credentials', 'rm', 'temp'])).code, 1);
});

test('call: held exits 10 and sends nothing; after approval it sends once, prints the body and exits 0', async () => {
  await cli(['credentials', 'add', 'call-api', '--secret-env', 'CLI_SECRET', '--host', '127.0.0.1'], { CLI_SECRET: SECRET });
  const url = `${upstream.origin}/items?x=1`;
  const before = upstream.received.length;
  const held = await cli(['--json', 'call', 'call-api', url, '--agent', 'cli-agent']);
  assert.equal(held.code, 10);
  const approvalId = JSON.parse(held.stdout).decision.approval_id;
  assert.equal(upstream.received.length, before);
  const approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'cli-approver', role: 'approver' } })).body.api_key;
  await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} });
  const sent = await cli(['call', 'call-api', url, '--agent', 'cli-agent']);
  assert.equal(sent.code, 0, sent.stderr);
  assert.equal(upstream.received.length, before + 1);
  assert.equal(upstream.received.at(-1)!.headers.authorization, `Bearer ${SECRET}`);
  const echoed = JSON.parse(sent.stdout);
  assert.equal(echoed.url, '/items?x=1');
  assert.equal(echoed.headers.authorization, 'Bearer [redacted]');
  assert.match(sent.stderr, /sent: upstream answered 200/);
});

test('SDK: credentials, brokeredCall, egress rules and posture', async () => {
  const gate = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey, agentId: 'sdk-agent' });
  const stored = await gate.credentials.put({
    name: 'sdk-api',
    kind: 'header',
    header_name: 'X-Token',
    secret: SECRET,
    allowed_hosts: ['127.0.0.1'],
  });
  assert.equal(stored.header_name, 'X-Token');
  assert.ok((await gate.credentials.list()).some((c) => c.name === 'sdk-api'));
  await gate.toolRules.create({ name: 'sdk-http', effect: 'allow', match_path: '/tools/http/', agent_ids: ['sdk-agent'] });
  const result = await gate.brokeredCall({ credential: 'sdk-api', method: 'POST', url: `${upstream.origin}/sdk`, json: { a: 1 } });
  assert.equal(result.sent, true);
  assert.equal(result.upstream!.status, 200);
  assert.equal(upstream.received.at(-1)!.headers['x-token'], SECRET);
  const rule = await gate.egressRules.create({ target: 'api.example.com' });
  assert.equal((await gate.egressRules.list()).length, 1);
  const blocked = await gate.brokeredCall({ credential: 'sdk-api', url: `${upstream.origin}/sdk` });
  assert.equal(blocked.sent, false);
  assert.equal(blocked.decision.verdict, 'BLOCKED');
  await gate.egressRules.delete(rule.id);
  const posture = await gate.posture.update({ denied_tools: ['/tools/danger'] });
  assert.deepEqual(posture.denied_tools, ['/tools/danger']);
  const contained = await gate.posture.contain(posture.tenant);
  assert.equal(contained.contained, true);
  assert.equal((await gate.posture.release(posture.tenant)).contained, false);
  await gate.credentials.delete('sdk-api');
});
