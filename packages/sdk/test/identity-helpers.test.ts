// Issue 20: the SDK's identity helpers against the real server: proof of possession signed locally,
// an agent token used as the client's credential (held to its scopes), an action token requested and
// redeemed once, and authority delegated down from a token.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ActionGate, ApiRequestError, mayRun } from '../src/index.ts';

let server: TestServer;
let admin: ActionGate;
before(async () => {
  server = await startServer();
  admin = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey });
  await admin.toolRules.create({ name: 'reports-ok', effect: 'allow', match_path: '/tools/reports/' });
});
after(() => server.close());

test('prove, mint, act with the token; the token is held to its scopes', async () => {
  const created = await admin.identity.create({ kind: 'agent', display_name: 'sdk-agent', capabilities: ['/tools/reports/'] });
  const identity = created.identity as { identity_id: string; agent_id: string; public_key: string };
  const proof = await admin.identity.prove(identity.identity_id, created.private_key!, identity.public_key);
  assert.equal(proof.verified, true, proof.detail);
  assert.equal(
    (await admin.identity.prove(identity.identity_id, created.private_key!, identity.public_key)).verified,
    true,
    'a new challenge each time',
  );

  const minted = await admin.identity.mintToken({ agent_id: identity.identity_id, scopes: ['/tools/reports/'] });
  const agent = admin.withAgentToken(minted.token);
  const inside = await agent.decide({ path: '/tools/reports/read', payload: { id: 1 } });
  assert.equal(mayRun(inside), true, inside.detail);
  const outside = await agent.decide({ path: '/tools/shell', payload: { command: 'ls' } });
  assert.equal(mayRun(outside), false);
  assert.equal(outside.stages[0]!.data.out_of_scope, true);
  await assert.rejects(agent.agentKeys.list(), (error: unknown) => error instanceof ApiRequestError && error.status === 403);

  const assessed = await agent.identity.assess({ token: minted.token_id, action: 'read', resource: '/tools/reports/q3' });
  assert.equal(assessed.in_scope, true);

  await admin.identity.revoke(identity.identity_id, 'done');
  await assert.rejects(
    agent.decide({ path: '/tools/reports/read', payload: {} }),
    (error: unknown) => error instanceof ApiRequestError && error.status === 401,
  );
});

test('an action token for one call, redeemed once; delegation from a token', async () => {
  const me = (await server.call('GET', '/fabric/me')).body.tenant_id as string;
  const created = await admin.identity.create({ kind: 'agent', display_name: 'sdk-exec', capabilities: ['/tools/reports/'] });
  const id = (created.identity as { identity_id: string; agent_id: string }).identity_id;
  const grant = (await admin.identity.delegate({ delegate_id: id, capabilities: ['/tools/reports/'], ttl_seconds: 300 })) as {
    delegation_id: string;
  };
  const call = { tool: '/tools/reports/export', action: 'export', resource: 'q3', arguments: { format: 'csv' } };
  const asked = await admin.identity.requestActionToken({
    agent_id: id,
    tenant: me,
    grant_id: grant.delegation_id,
    intent: { why: 'board pack' },
    ...call,
  });
  assert.ok(asked.token, JSON.stringify(asked.decision));
  const exec = { token: asked.token, caller_agent_id: id, caller_tenant: me, ...call };
  const ran = await admin.identity.execute(exec);
  assert.equal(ran.run, true);
  await assert.rejects(admin.identity.execute(exec), (error: unknown) => error instanceof ApiRequestError && error.status >= 400);

  const subject = await admin.identity.create({ kind: 'sub_agent', display_name: 'sdk-sub', capabilities: [] });
  const subjectId = (subject.identity as { identity_id: string }).identity_id;
  const token = await admin.identity.mintToken({ agent_id: id, scopes: ['/tools/reports/'], chain: [grant.delegation_id] });
  // DelegateReq names the subject by agent id, at most 16 characters: register one under a short name.
  const short = await server.call('POST', '/fabric/a2a/agents', { body: { agent_id: 'sdk-short', capabilities: ['/tools/reports/read'] } });
  const passed = await admin.identity.delegateFromToken({
    token: token.token_id,
    chain: [{ delegation_id: grant.delegation_id }],
    subject: 'sdk-short',
    resource: '/tools/reports/read',
    ttl: 60,
  });
  assert.deepEqual(passed.delegation.capabilities, ['/tools/reports/read']);
  assert.equal(passed.delegation.delegate_id, short.body.identity.identity_id);
  assert.notEqual(subjectId, short.body.identity.identity_id);
  const check = await admin.identity.checkCapability('sdk-short', '/tools/reports/read');
  assert.equal(check.allowed, true);
});
