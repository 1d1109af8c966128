// Brokered calls end to end (issue 18): a real upstream on 127.0.0.1, the real server with its log
// captured. The secret reaches the upstream and never the agent: not in answers, logs, events, the
// journal or the database file; held -> approved -> sent once; refusals send nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { startServer, type TestServer } from './support/test-server.ts';
import { startUpstream, type Upstream } from './support/upstream-server.ts';

const SECRET = 'sk_live_Zx9-very-secret-value-42';
const ADMIN = 'fk_brokered_admin';
const MAX_BYTES = 64 * 1024;

let upstream: Upstream;
let other: Upstream;
let server: TestServer;
const logLines: string[] = [];
const answers: string[] = [];

/** A call as the admin (or `key`); every answer is kept, to be searched for the secret. */
async function call(method: string, path: string, body?: unknown, key: string = ADMIN) {
  const response = await server.call(method, path, { key, ...(body === undefined ? {} : { body }) });
  answers.push(JSON.stringify(response.body));
  return { status: response.status, body: response.body };
}

before(async () => {
  other = await startUpstream();
  upstream = await startUpstream({
    '/big': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(MAX_BYTES + 1) });
      res.end('x'.repeat(MAX_BYTES + 1));
    },
    '/big-chunked': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 20; i++) res.write('y'.repeat(8192));
      res.end();
    },
    '/to-other': (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${other.port}/stolen` });
      res.end();
    },
    '/to-same': (_req, res) => {
      res.writeHead(302, { location: '/landed' });
      res.end();
    },
    '/binary': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from([0, 255, 1, 254]));
    },
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // Everything the service logs, at its most talkative, is kept to be searched for the secret.
  server = await startServer(
    { ACTIONGATE_CALL_MAX_RESPONSE_BYTES: String(MAX_BYTES) },
    { adminKey: ADMIN, logger: { level: 'trace', stream } as FastifyServerOptions['logger'] },
  );
  const created = await call('POST', '/fabric/credentials', {
    name: 'upstream-api',
    secret: SECRET,
    allowed_hosts: ['127.0.0.1'],
    allowed_methods: ['GET', 'POST'],
    description: 'the test upstream',
  });
  assert.equal(created.status, 201);
});

after(async () => {
  await server.close();
  await upstream.close();
  await other.close();
});

/** Lets brokered calls of an agent run without a human (an allow rule lifts the short-record hold). */
async function allowHttpFor(agent: string) {
  const rule = await call('POST', '/fabric/tool-rules', {
    name: `http-${agent}`,
    effect: 'allow',
    match_path: '/tools/http/',
    agent_ids: [agent],
  });
  assert.equal(rule.status, 201);
}

test('a credential is listed without its secret; re-posting the name rotates it and keeps the version', async () => {
  const listed = await call('GET', '/fabric/credentials');
  assert.equal(listed.status, 200);
  const credential = listed.body.credentials.find((c: any) => c.name === 'upstream-api');
  assert.equal(credential.kind, 'bearer');
  assert.equal(credential.version, 1);
  assert.deepEqual(credential.allowed_hosts, ['127.0.0.1']);
  assert.ok(!JSON.stringify(listed.body).includes(SECRET));

  const first = await call('POST', '/fabric/credentials', { name: 'rotating', secret: 'first-secret-aaaa', allowed_hosts: ['127.0.0.1'] });
  assert.equal(first.status, 201);
  const rotated = await call('POST', '/fabric/credentials', {
    name: 'rotating',
    secret: 'second-secret-bbbb',
    allowed_hosts: ['127.0.0.1'],
  });
  assert.equal(rotated.status, 200);
  assert.equal(rotated.body.version, 2);
  assert.equal(rotated.body.created_at, first.body.created_at);

  await allowHttpFor('rotation-agent');
  const sent = await call('POST', '/fabric/calls', { credential: 'rotating', url: `${upstream.origin}/who`, agent_id: 'rotation-agent' });
  assert.equal(sent.body.sent, true);
  assert.equal(upstream.received.at(-1)!.headers.authorization, 'Bearer second-secret-bbbb', 'the rotated secret is the one injected');

  assert.equal((await call('DELETE', '/fabric/credentials/rotating')).status, 204);
  assert.equal((await call('DELETE', '/fabric/credentials/rotating')).status, 404);
  const gone = await call('POST', '/fabric/calls', { credential: 'rotating', url: `${upstream.origin}/who`, agent_id: 'rotation-agent' });
  assert.equal(gone.status, 404);
  assert.match(gone.body.detail, /credential `rotating` not found/);
});

test('bad credential requests are refused with a 422 naming the field, and never echo the secret', async () => {
  const unknownField = await call('POST', '/fabric/credentials', { name: 'x', secret: 'abcdefgh', allowed_hosts: ['a.example'], extra: 1 });
  assert.equal(unknownField.status, 422);
  const noHosts = await call('POST', '/fabric/credentials', { name: 'x', secret: 'abcdefgh', allowed_hosts: [] });
  assert.equal(noHosts.status, 422);
  assert.deepEqual(noHosts.body.detail[0].loc, ['body', 'allowed_hosts']);
  const basic = await call('POST', '/fabric/credentials', {
    name: 'b',
    kind: 'basic',
    secret: 'nocolonsecret',
    allowed_hosts: ['a.example'],
  });
  assert.equal(basic.status, 422);
  assert.ok(!JSON.stringify(basic.body).includes('nocolonsecret'));
  const header = await call('POST', '/fabric/credentials', { name: 'h', kind: 'header', secret: 'abcdefgh', allowed_hosts: ['a.example'] });
  assert.equal(header.status, 422);
  assert.deepEqual(header.body.detail[0].loc, ['body', 'header_name']);
  const wildcard = await call('POST', '/fabric/credentials', { name: 'w', secret: 'abcdefgh', allowed_hosts: ['*'] });
  assert.equal(wildcard.status, 422);
  const agentKey = await call('POST', '/fabric/agent-keys', { name: 'vault-prober' });
  const asAgent = await call(
    'POST',
    '/fabric/credentials',
    { name: 'z', secret: 'abcdefgh', allowed_hosts: ['a.example'] },
    agentKey.body.agent_key,
  );
  assert.equal(asAgent.status, 403);
  assert.equal((await call('GET', '/fabric/credentials', undefined, agentKey.body.agent_key)).status, 403);
});

test('held -> approved -> resent: sent exactly once, the secret injected server-side, the outcome recorded', async () => {
  const request = {
    credential: 'upstream-api',
    method: 'POST',
    url: `${upstream.origin}/orders?id=7`,
    json: { item: 'book', qty: 1 },
    agent_id: 'new-agent',
  };
  const before = upstream.received.length;
  const held = await call('POST', '/fabric/calls', request);
  assert.equal(held.status, 200);
  assert.equal(held.body.sent, false);
  assert.equal(held.body.decision.verdict, 'REQUIRE_APPROVAL');
  assert.equal(held.body.decision.path, '/tools/http/127.0.0.1');
  assert.deepEqual(held.body.decision.payload, { method: 'POST', url: request.url, credential: 'upstream-api', json: request.json });
  const approvalId = held.body.decision.approval_id;
  assert.match(approvalId, /^apr_/);
  assert.match(held.body.detail, new RegExp(`held for approval ${approvalId}`));
  assert.equal(upstream.received.length, before, 'nothing is sent while held');

  const approver = await call('POST', '/fabric/api-keys', { name: 'broker-approver', role: 'approver' });
  const approved = await call('POST', `/fabric/approvals/${approvalId}/approve`, { note: 'fine' }, approver.body.api_key);
  assert.equal(approved.status, 200);

  // Three resends at once: the approval is consumed by one of them, and one request goes out.
  const resends = await Promise.all([1, 2, 3].map(() => call('POST', '/fabric/calls', request)));
  const sent = resends.filter((r) => r.body.sent);
  assert.equal(sent.length, 1);
  assert.equal(upstream.received.length, before + 1, 'sent exactly once');
  for (const other of resends.filter((r) => !r.body.sent)) assert.equal(other.body.decision.verdict, 'REQUIRE_APPROVAL');

  const result = sent[0].body;
  assert.equal(result.decision.verdict, 'ALLOWED');
  assert.equal(result.upstream.status, 200);
  assert.equal(result.upstream.headers['x-upstream'], 'yes');
  assert.equal(result.upstream.headers['set-cookie'], undefined, 'set-cookie is never handed back');
  assert.equal(result.decision.outcome.status, 'completed');
  assert.match(result.decision.outcome.detail, /upstream answered 200/);

  const got = upstream.received.at(-1)!;
  assert.equal(got.method, 'POST');
  assert.equal(got.url, '/orders?id=7');
  assert.equal(got.headers.authorization, `Bearer ${SECRET}`, 'the secret reaches the upstream');
  assert.equal(got.headers['content-type'], 'application/json');
  assert.deepEqual(JSON.parse(got.body), { item: 'book', qty: 1 });
  // The upstream echoed its request, secret included: the agent sees it scrubbed.
  const echoed = JSON.parse(result.upstream.body);
  assert.equal(echoed.headers.authorization, 'Bearer [redacted]');

  const stored = await call('GET', `/fabric/decisions/${result.decision.decision_id}`);
  assert.equal(stored.body.outcome.status, 'completed');
  const credential = (await call('GET', '/fabric/credentials')).body.credentials.find((c: any) => c.name === 'upstream-api');
  assert.ok(credential.last_used_at, 'last use is recorded');
});

test('refused before anything is sent: a host, a method or an address the credential does not cover', async () => {
  await allowHttpFor('refusal-agent');
  await call('POST', '/fabric/credentials', {
    name: 'metadata',
    secret: 'meta-secret-1234',
    allowed_hosts: ['169.254.169.254', '[fd00:ec2::254]'],
  });
  await call('POST', '/fabric/credentials', { name: 'wild', secret: 'wild-secret-1234', allowed_hosts: ['*.0.0.1', '*.localhost'] });
  const before = upstream.received.length;
  const decisionsBefore = (await call('GET', '/fabric/decisions?agent_id=refusal-agent')).body.decisions.length;
  const cases = [
    {
      body: { credential: 'upstream-api', url: `http://localhost:${upstream.port}/x` },
      detail: /may not be sent to `localhost` \(allowed_hosts: 127\.0\.0\.1\); nothing was sent/,
    },
    {
      body: { credential: 'upstream-api', method: 'DELETE', url: `${upstream.origin}/x` },
      detail: /allows GET, POST, not DELETE; nothing was sent/,
    },
    {
      body: { credential: 'metadata', url: 'http://169.254.169.254/latest/meta-data/' },
      detail: /169\.254\.169\.254 is a cloud metadata service; never brokered/,
    },
    { body: { credential: 'metadata', url: 'http://[fd00:ec2::254]/latest/' }, detail: /fd00:ec2::254 is a cloud metadata service/ },
  ];
  for (const c of cases) {
    const refused = await call('POST', '/fabric/calls', { ...c.body, agent_id: 'refusal-agent' });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.match(refused.body.detail, c.detail);
  }
  const badUrl = await call('POST', '/fabric/calls', { credential: 'upstream-api', url: 'ftp://127.0.0.1/x', agent_id: 'refusal-agent' });
  assert.equal(badUrl.status, 422);
  assert.deepEqual(badUrl.body.detail[0].loc, ['body', 'url']);
  const ownHeader = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/x`,
    headers: { Authorization: 'Bearer mine' },
    agent_id: 'refusal-agent',
  });
  assert.equal(ownHeader.status, 422);
  assert.match(ownHeader.body.detail[0].msg, /the credential sets it/);
  assert.equal(upstream.received.length, before, 'no request reached the upstream');
  const decisionsAfter = (await call('GET', '/fabric/decisions?agent_id=refusal-agent')).body.decisions.length;
  assert.equal(decisionsAfter, decisionsBefore, 'refusals before the chain decide nothing');
});

test('a redirect to another host is not followed; a same-origin one is, with the credential', async () => {
  await allowHttpFor('redirect-agent');
  const otherBefore = other.received.length;
  const away = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/to-other`,
    agent_id: 'redirect-agent',
  });
  assert.equal(away.status, 200);
  assert.equal(away.body.upstream, null);
  assert.match(away.body.error, /redirecting to another origin \(http:\/\/localhost:\d+\); not followed, nothing was sent there/);
  assert.equal(away.body.decision.outcome.status, 'failed');
  assert.equal(other.received.length, otherBefore, 'the other host got nothing');

  const same = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/to-same`,
    agent_id: 'redirect-agent',
  });
  assert.equal(same.body.upstream.status, 200);
  assert.equal(same.body.upstream.redirects, 1);
  assert.equal(upstream.received.at(-1)!.url, '/landed');
  assert.equal(upstream.received.at(-1)!.headers.authorization, `Bearer ${SECRET}`);
});

test('an oversize response is refused, declared or streamed; a binary one comes back as base64', async () => {
  await allowHttpFor('size-agent');
  const declared = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/big`,
    agent_id: 'size-agent',
  });
  assert.equal(declared.body.upstream, null);
  assert.match(declared.body.error, new RegExp(`response of ${MAX_BYTES + 1} bytes is over the ${MAX_BYTES}-byte cap; refused`));
  assert.equal(declared.body.decision.outcome.status, 'failed');
  const streamed = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/big-chunked`,
    agent_id: 'size-agent',
  });
  assert.match(streamed.body.error, /over the \d+-byte cap; refused, reading stopped/);
  const binary = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/binary`,
    agent_id: 'size-agent',
  });
  assert.equal(binary.body.upstream.body_encoding, 'base64');
  assert.deepEqual([...Buffer.from(binary.body.upstream.body, 'base64')], [0, 255, 1, 254]);
});

test('egress rules: with one present, an uncovered target is blocked by the policy stage and nothing is sent', async () => {
  await allowHttpFor('egress-agent');
  const rule = await call('POST', '/fabric/egress-rules', { target: 'api.example.com', schemes: ['https'] });
  assert.equal(rule.status, 201);
  assert.match(rule.body.id, /^egr_/);
  const before = upstream.received.length;
  const blocked = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/x`,
    agent_id: 'egress-agent',
  });
  assert.equal(blocked.body.sent, false);
  assert.equal(blocked.body.decision.verdict, 'BLOCKED');
  const policy = blocked.body.decision.stages.find((s: any) => s.stage === 'policy');
  assert.equal(policy.verdict, 'deny');
  assert.match(
    policy.detail,
    new RegExp(`egress to http://127\\.0\\.0\\.1:${upstream.port} is not covered by any of the tenant's 1 egress rule\\(s\\)`),
  );
  assert.equal(upstream.received.length, before);

  const local = await call('POST', '/fabric/egress-rules', { target: '127.0.0.1', ports: [upstream.port] });
  // Another agent: the blocked attempt above put the first one on a bad record (held).
  await allowHttpFor('egress-agent-2');
  const allowed = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/x`,
    agent_id: 'egress-agent-2',
  });
  assert.equal(allowed.body.sent, true);
  assert.equal(allowed.body.decision.stages.find((s: any) => s.stage === 'policy').data.egress.rule_id, local.body.id);
  assert.equal((await call('GET', '/fabric/egress-rules')).body.egress_rules.length, 2);
  for (const r of [rule, local]) assert.equal((await call('DELETE', `/fabric/egress-rules/${r.body.id}`)).status, 204);
  assert.equal((await call('DELETE', `/fabric/egress-rules/${rule.body.id}`)).status, 404);
});

test('posture: denied_tools and allowed_tools apply to every decision, in the policy stage', async () => {
  const put = await call('PUT', '/fabric/posture', { denied_tools: ['/tools/shell'], allowed_tools: ['/tools/', '/tools/http/'] });
  assert.equal(put.status, 200);
  assert.deepEqual(put.body.denied_tools, ['/tools/shell']);
  const shell = await call('POST', '/fabric/decisions', { path: '/tools/shell', agent_id: 'posture-agent', payload: { cmd: 'ls' } });
  assert.equal(shell.body.verdict, 'BLOCKED');
  assert.match(shell.body.stages[2].detail, /security posture denies \/tools\/shell \(denied_tools `\/tools\/shell`\)/);
  const outside = await call('POST', '/fabric/decisions', { path: '/other/thing', agent_id: 'posture-agent', payload: {} });
  assert.match(outside.body.stages[2].detail, /security posture does not list \/other\/thing in allowed_tools/);
  const bad = await call('PUT', '/fabric/posture', { denied_tools: ['tools/shell'] });
  assert.equal(bad.status, 422);
  const cleared = await call('PUT', '/fabric/posture', {});
  assert.equal(cleared.body.denied_tools, null);
  const again = await call('POST', '/fabric/decisions', { path: '/tools/shell', agent_id: 'posture-agent', payload: { cmd: 'ls' } });
  assert.equal(again.body.stages[2].verdict, 'allow');
});

test('contain holds every agent and stops brokered calls until released', async () => {
  await allowHttpFor('contain-agent');
  const me = (await call('GET', '/fabric/posture')).body.tenant as string;
  const wrongTenant = await call('POST', '/fabric/contain', { tenant: 'tn_someone_else' });
  assert.equal(wrongTenant.status, 404);
  const contained = await call('POST', '/fabric/contain', { tenant: me });
  assert.equal(contained.status, 200);
  assert.equal(contained.body.contained, true);
  assert.equal((await call('POST', '/fabric/contain', { tenant: me, action: 'contain' })).status, 409);

  const before = upstream.received.length;
  const brokered = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/x`,
    agent_id: 'contain-agent',
  });
  assert.equal(brokered.body.sent, false);
  assert.equal(brokered.body.decision.verdict, 'BLOCKED');
  assert.match(brokered.body.decision.stages[0].detail, /contained since .*: brokered calls stop until released/);
  const plain = await call('POST', '/fabric/decisions', { path: '/tools/search', agent_id: 'contain-agent', payload: { q: 'x' } });
  assert.equal(plain.body.verdict, 'REQUIRE_APPROVAL');
  assert.match(plain.body.stages[0].detail, /every agent is held until released/);
  assert.equal(upstream.received.length, before);

  const released = await call('POST', '/fabric/contain', { tenant: me, action: 'release' });
  assert.equal(released.body.contained, false);
  assert.equal((await call('POST', '/fabric/contain', { tenant: me, action: 'release' })).status, 409);
  const after = await call('POST', '/fabric/calls', { credential: 'upstream-api', url: `${upstream.origin}/x`, agent_id: 'contain-agent' });
  assert.equal(after.body.sent, true);
});

test('the secret never reaches the agent: not in answers, logs, events, the journal or the database files', async () => {
  const events = await call('GET', '/fabric/events?mode=polling');
  assert.equal(events.status, 200);
  const journal = await call('GET', '/fabric/journal');
  assert.equal(journal.status, 200);
  assert.ok(journal.body.entries.length > 0);
  const haystacks = {
    answers: answers.join('\n'),
    logs: logLines.join(''),
    events: JSON.stringify(events.body),
    journal: JSON.stringify(journal.body),
  };
  assert.ok(logLines.length > 10, 'the log was captured');
  for (const [where, text] of Object.entries(haystacks)) {
    for (const form of [SECRET, Buffer.from(SECRET).toString('base64'), 'second-secret-bbbb', 'meta-secret-1234']) {
      assert.ok(!text.includes(form), `the secret appears in ${where}`);
    }
  }
  // At rest: the files of the data directory (SQLite) and every table of the database (PostgreSQL).
  for (const file of readdirSync(server.dataDir, { withFileTypes: true })) {
    if (!file.isFile() || file.name.endsWith('.key')) continue;
    const bytes = readFileSync(join(server.dataDir, file.name));
    assert.equal(bytes.indexOf(SECRET), -1, `the secret is stored in plaintext in ${file.name}`);
  }
  if (server.databaseUrl !== null) {
    const tables = await server.sql<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    assert.ok(tables.length > 10, 'the tables were listed');
    for (const { name } of tables) {
      const [row] = await server.sql<{ text: string | null }>(`SELECT string_agg(t::text, '') AS text FROM "${name}" t`);
      assert.ok(!(row?.text ?? '').includes(SECRET), `the secret is stored in plaintext in table ${name}`);
    }
  }
});

test('close: the tenant stops deciding for good, its journal sealed with a final signed tree head', async () => {
  const me = (await call('GET', '/fabric/posture')).body.tenant as string;
  // An open approval at closing runs out and is journaled before the seal.
  const pending = await call('POST', '/fabric/decisions', {
    path: '/tools/send_email',
    agent_id: 'closing-agent',
    payload: { to: 'a@example.com' },
  });
  assert.equal(pending.body.verdict, 'REQUIRE_APPROVAL');
  const closed = await call('POST', '/fabric/close', { tenant: me, reason: 'contract ended', final_disposition: 'keep records 7 years' });
  assert.equal(closed.status, 200);
  assert.equal(closed.body.closed, true);
  const head = closed.body.closure.final_tree_head;
  assert.ok(head.signature && head.tree_size > 0);
  const journal = await call('GET', '/fabric/journal');
  assert.equal(journal.body.entries.length, head.tree_size, 'the sealed head covers the whole journal');
  assert.equal(journal.body.entries.at(-1).type, 'approval.expired');
  const approval = await call('GET', `/fabric/approvals/${pending.body.approval_id}`);
  assert.equal(approval.body.status, 'expired');

  const denied = await call('POST', '/fabric/decisions', { path: '/tools/search', agent_id: 'closing-agent', payload: {} });
  assert.equal(denied.body.verdict, 'BLOCKED');
  assert.match(denied.body.stages[0].detail, /^tenant closed for good on .*: contract ended$/);
  const brokered = await call('POST', '/fabric/calls', {
    credential: 'upstream-api',
    url: `${upstream.origin}/x`,
    agent_id: 'closing-agent',
  });
  assert.equal(brokered.body.sent, false);
  assert.equal((await call('POST', '/fabric/close', { tenant: me, reason: 'again', final_disposition: 'x' })).status, 409);
  assert.equal((await call('POST', '/fabric/contain', { tenant: me })).status, 409);
  assert.equal((await call('PUT', '/fabric/posture', {})).status, 409);
  // Readable for audit.
  assert.equal((await call('GET', '/fabric/credentials')).status, 200);
  assert.equal((await call('GET', `/fabric/decisions/${denied.body.decision_id}`)).status, 200);
  const verify = await call('GET', '/fabric/posture');
  assert.deepEqual(verify.body.closure.final_tree_head, head);
});
