// Issue 20: A2A registration, nonce replay and time window, capability observation, authority
// ceilings with explicit delegators, and revocation reaching every descendant.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('register, nonces (replay and window refused), observations flag undeclared capabilities', async () => {
  const registered = await server.call('POST', '/fabric/a2a/agents', {
    body: { agent_id: 'planner', capabilities: ['/tools/search', 'invoices:read'], endpoint_url: 'https://planner.example/a2a' },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  assert.equal(registered.body.identity.agent_id, 'planner');
  assert.deepEqual(registered.body.identity.metadata, { endpoint_url: 'https://planner.example/a2a' });
  assert.equal((await server.call('POST', '/fabric/a2a/agents', { body: { agent_id: 'planner', capabilities: ['x'] } })).status, 409);

  const now = Date.now() / 1000;
  const first = await server.call('POST', '/fabric/a2a/nonces', { body: { agent_id: 'planner', nonce: 'n-0001-abcdef', timestamp: now } });
  assert.equal(first.status, 200);
  assert.equal(first.body.accepted, true);
  const replay = await server.call('POST', '/fabric/a2a/nonces', { body: { agent_id: 'planner', nonce: 'n-0001-abcdef', timestamp: now } });
  assert.equal(replay.status, 409);
  assert.match(replay.body.detail, /replay refused/);
  const stale = await server.call('POST', '/fabric/a2a/nonces', {
    body: { agent_id: 'planner', nonce: 'n-0002-abcdef', timestamp: now - 3600 },
  });
  assert.equal(stale.status, 422);
  assert.match(stale.body.detail[0].msg, /old/);
  const other = await server.call('POST', '/fabric/a2a/nonces', { body: { agent_id: 'other', nonce: 'n-0001-abcdef', timestamp: now } });
  assert.equal(other.status, 200, 'nonces are per agent');

  const declared = await server.call('POST', '/fabric/a2a/observations', { body: { agent_id: 'planner', capability: 'invoices:read' } });
  assert.equal(declared.body.declared, true);
  await server.call('POST', '/fabric/a2a/observations', { body: { agent_id: 'planner', capability: 'invoices:write' } });
  const undeclared = await server.call('POST', '/fabric/a2a/observations', { body: { agent_id: 'planner', capability: 'invoices:write' } });
  assert.equal(undeclared.body.declared, false);
  assert.equal(undeclared.body.count, 2);
  assert.match(undeclared.body.detail, /undeclared/);
});

test('authority: ceilings never rise, delegators are explicit, capabilities intersect, revocation cascades', async () => {
  const grant = (body: Record<string, unknown>) => server.call('POST', '/fabric/a2a/authority', { body });
  const root = { subject: 'orchestrator', ceiling: 'WRITE', capabilities: ['/tools/fs/', '/tools/mail/send'] };
  const a = await grant({
    root,
    delegatee: 'worker',
    requested_ceiling: 'WRITE',
    requested_capabilities: ['/tools/fs/', '/tools/shell'],
    authorized_delegators: ['orchestrator'],
  });
  assert.equal(a.status, 201, JSON.stringify(a.body));
  assert.deepEqual(a.body.capabilities, ['/tools/fs/']);
  assert.deepEqual(a.body.dropped_capabilities, ['/tools/shell']);

  const higher = await grant({ root, delegatee: 'worker2', requested_ceiling: 'ADMIN', authorized_delegators: ['orchestrator'] });
  assert.equal(higher.status, 403);
  assert.match(higher.body.detail, /exceeds the parent's WRITE/);
  const wildcard = await grant({ root, delegatee: 'worker2', requested_ceiling: 'READ', authorized_delegators: ['*'] });
  assert.equal(wildcard.status, 422);
  assert.match(JSON.stringify(wildcard.body.detail), /`\*` is refused/);
  const unnamed = await grant({ root, delegatee: 'worker2', requested_ceiling: 'READ', authorized_delegators: ['someone-else'] });
  assert.equal(unnamed.status, 403);

  // The worker passes READ on; its held WRITE authority bounds the inline root it names.
  const b = await grant({
    root: { subject: 'worker', ceiling: 'ADMIN' },
    delegatee: 'reader',
    requested_ceiling: 'READ',
    requested_capabilities: ['/tools/fs/read'],
    authorized_delegators: ['worker'],
  });
  assert.equal(b.status, 201, JSON.stringify(b.body));
  assert.equal(b.body.parent_id, a.body.authority_id);
  assert.deepEqual(b.body.capabilities, ['/tools/fs/read']);
  const tooHigh = await grant({
    root: { subject: 'worker', ceiling: 'ADMIN' },
    delegatee: 'x',
    requested_ceiling: 'EXECUTE',
    authorized_delegators: ['worker'],
  });
  assert.equal(tooHigh.status, 403, 'the held WRITE bounds the worker, whatever the inline root claims');
  const c = await grant({
    root: { subject: 'reader', ceiling: 'READ' },
    delegatee: 'sub-reader',
    requested_ceiling: 'READ',
    authorized_delegators: ['reader'],
  });
  assert.equal(c.status, 201);

  const revoked = await server.call('POST', '/fabric/a2a/revocations', { body: { subject: 'worker', root: { subject: 'orchestrator' } } });
  assert.equal(revoked.status, 200);
  assert.deepEqual(revoked.body.revoked.map((r: any) => r.subject).sort(), ['reader', 'sub-reader', 'worker']);
  const again = await server.call('POST', '/fabric/a2a/revocations', { body: { subject: 'worker', root: { subject: 'orchestrator' } } });
  assert.equal(again.status, 404);
});
