// Issue 20: fast-path grants. Only argument-independent allows enter the signed snapshot; the SDK
// checks it locally; a halt (or a revoked token) ends the grant at the next refresh, for good.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FastPathGrant } from '../../sdk/src/index.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const rule = async (name: string, effect: string, match_path: string, extra: Record<string, unknown> = {}) => {
  const res = await server.call('POST', '/fabric/tool-rules', { body: { name, effect, match_path, ...extra } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
};

test('a grant signs only argument-independent allows; the SDK checks them locally; a halt ends it', async () => {
  await rule('search-ok', 'allow', '/tools/search');
  await rule('docs-ok', 'allow', '/tools/docs/');
  await rule('shell-ok', 'allow', '/tools/shell');
  await rule('big-refunds', 'require_approval', '/tools/refund', { match_args: [{ field: 'amount', op: 'gte', value: 100 }] });
  await rule('refund-ok', 'allow', '/tools/refund');
  const agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'fast-agent' } })).body.agent_key as string;

  const asked = await server.call('POST', '/fabric/fast-path/grants', {
    key: agentKey,
    body: { tools: ['/tools/search', '/tools/docs/', '/tools/shell', '/tools/refund', '/tools/unruled'], ttl_s: 60 },
  });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const byTool = Object.fromEntries(asked.body.tools.map((t: any) => [t.tool, t]));
  assert.equal(byTool['/tools/search'].granted, true);
  assert.equal(byTool['/tools/docs/'].granted, true);
  assert.equal(byTool['/tools/shell'].granted, false);
  assert.match(byTool['/tools/shell'].reason, /high risk/);
  assert.equal(byTool['/tools/refund'].granted, false);
  assert.match(byTool['/tools/refund'].reason, /big-refunds/);
  assert.equal(byTool['/tools/unruled'].granted, false);
  assert.deepEqual(asked.body.snapshot.tools, ['/tools/search', '/tools/docs/']);
  assert.equal(asked.body.snapshot.expires_at - asked.body.snapshot.issued_at, 60_000);

  const keys = (await server.call('GET', '/fabric/keys/public')).body.keys;
  const grant = new FastPathGrant('fast-agent', keys);
  assert.equal(grant.accept(asked.body), true);
  assert.equal(grant.allows('/tools/search'), true);
  assert.equal(grant.allows('/tools/docs/readme'), true);
  assert.equal(grant.allows('/tools/shell'), false);
  assert.equal(grant.allows('/tools/docs/../shell'), false, 'non-canonical paths go to the server');
  assert.equal(grant.allows('/tools/search', asked.body.snapshot.expires_at), false, 'a stale snapshot refuses');
  assert.equal(grant.needsRefresh(asked.body.snapshot.refresh_at), true);

  // Tampering with the snapshot, or another agent's snapshot, is refused.
  const widened = asked.body.snapshot_text.replace('"/tools/search"', '"/tools/"');
  assert.equal(new FastPathGrant('fast-agent', keys).accept({ ...asked.body, snapshot_text: widened }), false);
  assert.equal(new FastPathGrant('other-agent', keys).accept(asked.body), false);

  // Calls on the fast path are reported and recorded like any decision.
  const report = await server.call('POST', `/fabric/fast-path/grants/${asked.body.grant_id}/calls`, {
    key: agentKey,
    body: { path: '/tools/search', payload: { q: 'status' } },
  });
  assert.equal(report.status, 200);
  assert.match(report.body.decision_id, /^fd_/);
  assert.equal(report.body.agent_id, 'fast-agent');
  const notInGrant = await server.call('POST', `/fabric/fast-path/grants/${asked.body.grant_id}/calls`, {
    key: agentKey,
    body: { path: '/tools/unrelated' },
  });
  assert.equal(notInGrant.status, 404);

  // Customer keys do not get grants; other agents cannot read this one.
  assert.equal((await server.call('POST', '/fabric/fast-path/grants', { body: { tools: ['/tools/search'] } })).status, 403);
  const otherKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'other-agent' } })).body.agent_key as string;
  assert.equal((await server.call('GET', `/fabric/fast-path/grants/${asked.body.grant_id}`, { key: otherKey })).status, 404);
  assert.equal((await server.call('POST', '/fabric/fast-path/grants', { key: agentKey, body: { tools: ['/tools/*'] } })).status, 422);
  assert.equal(
    (await server.call('POST', '/fabric/fast-path/grants', { key: agentKey, body: { tools: ['/tools/a'], ttl_s: 4 } })).status,
    422,
  );

  // Halt: the next refresh answers revoked, the SDK drops its snapshot, and a resume does not revive it.
  const token = (await server.call('POST', '/fabric/halt/token')).body.confirmation_token;
  assert.equal(
    (await server.call('POST', '/fabric/halt', { body: { reason: 'incident', operator_id: 'ops', confirmation_token: token } })).status,
    200,
  );
  const refreshed = await server.call('GET', `/fabric/fast-path/grants/${asked.body.grant_id}`, { key: agentKey });
  assert.equal(refreshed.status, 200);
  assert.equal(refreshed.body.status, 'revoked');
  assert.equal(refreshed.body.snapshot, null);
  assert.match(refreshed.body.detail, /halted/);
  assert.equal(grant.accept(refreshed.body), false);
  assert.equal(grant.allows('/tools/search'), false, 'snapshots are refused after a halt');
  assert.equal((await server.call('POST', '/fabric/resume', { body: { operator_id: 'ops' } })).status, 200);
  const afterResume = await server.call('GET', `/fabric/fast-path/grants/${asked.body.grant_id}`, { key: agentKey });
  assert.equal(afterResume.body.status, 'revoked');
});

test('a grant asked with an agent token stays within its scopes and dies with the token', async () => {
  const identity = (await server.call('POST', '/fabric/identities', { body: { kind: 'agent', display_name: 'scoped' } })).body.identity;
  await rule('search-any', 'allow', '/tools/lookup');
  await rule('mail-ok', 'allow', '/tools/mail/');
  const minted = (await server.call('POST', '/fabric/agent-tokens', { body: { agent_id: identity.agent_id, scopes: ['/tools/lookup'] } }))
    .body;
  const headers = { authorization: `Bearer ${minted.token}` };
  const asked = await server.call('POST', '/fabric/fast-path/grants', {
    key: null,
    headers,
    body: { tools: ['/tools/lookup', '/tools/mail/'] },
  });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  assert.deepEqual(asked.body.snapshot.tools, ['/tools/lookup']);
  assert.match(asked.body.tools[1].reason, /outside the scopes/);

  await server.call('POST', `/fabric/identities/${identity.identity_id}/revoke`, { body: { reason: 'done' } });
  const refreshed = await server.call('GET', `/fabric/fast-path/grants/${asked.body.grant_id}`);
  assert.equal(refreshed.status, 200);
  assert.equal(refreshed.body.status, 'revoked');
  assert.match(refreshed.body.detail, /token .* was revoked/);
});
