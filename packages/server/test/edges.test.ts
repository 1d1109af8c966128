// Issue 20: acting edges and the checks over identities (capability, impersonation, composition),
// and delegation between A2A agent cards, over HTTP on real state.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const agent = async (agent_id: string, capabilities: string[]) => {
  const res = await server.call('POST', '/fabric/a2a/agents', { body: { agent_id, capabilities } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.identity as { identity_id: string; agent_id: string };
};
const edge = (body: Record<string, unknown>) => server.call('POST', '/fabric/edges', { body });
const impersonation = (actual_identity: string, claiming_identity: string) =>
  server.call('POST', '/fabric/impersonation/check', { body: { actual_identity, claiming_identity } });

test('edges and the impersonation check: a claim holds only through a chain of live edges', async () => {
  const bot = await agent('edge-bot', ['/tools/mail/']);
  const alice = await agent('edge-alice', ['/tools/mail/']);
  const bob = await agent('edge-bob', ['/tools/mail/']);
  const made = await edge({
    source: 'edge-bot',
    target: 'edge-alice',
    relation: 'acts_for',
    evidence_ref: 'TICKET-1',
    allowed_actions: ['read', 'send'],
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.match(made.body.edge_id, /^edg_/);
  assert.equal(made.body.source, bot.identity_id);
  const second = await edge({
    source: alice.identity_id,
    target: bob.identity_id,
    relation: 'assistant_of',
    evidence_ref: 'TICKET-2',
    allowed_actions: ['read'],
  });
  assert.equal(second.status, 201);

  const direct = await impersonation('edge-bot', 'edge-alice');
  assert.equal(direct.status, 200);
  assert.equal(direct.body.allowed, true);
  assert.equal(direct.body.impersonation, false);
  assert.deepEqual(direct.body.allowed_actions, ['read', 'send']);
  const twoHops = await impersonation('edge-bot', 'edge-bob');
  assert.equal(twoHops.body.allowed, true);
  assert.deepEqual(
    twoHops.body.path.map((p: any) => p.edge_id),
    [made.body.edge_id, second.body.edge_id],
  );
  assert.deepEqual(twoHops.body.allowed_actions, ['read']);
  const backwards = await impersonation('edge-alice', 'edge-bot');
  assert.equal(backwards.body.allowed, false);
  assert.equal(backwards.body.impersonation, true);
  assert.equal((await impersonation('edge-bot', 'edge-bot')).body.allowed, true);

  // Revoking the first edge breaks both claims at once; revoking twice is a conflict.
  const revoked = await server.call('DELETE', `/fabric/edges/${made.body.edge_id}`);
  assert.equal(revoked.status, 200);
  assert.equal(revoked.body.status, 'revoked');
  assert.equal((await server.call('DELETE', `/fabric/edges/${made.body.edge_id}`)).status, 409);
  assert.equal((await impersonation('edge-bot', 'edge-bob')).body.allowed, false);
  const listed = await server.call('GET', `/fabric/edges?identity_id=${alice.identity_id}`);
  assert.deepEqual(
    listed.body.edges.map((e: any) => e.edge_id),
    [second.body.edge_id],
  );

  // An expired edge carries nothing; a revoked identity on the path ends it.
  const expired = await edge({
    source: 'edge-bot',
    target: 'edge-alice',
    relation: 'acts_for',
    evidence_ref: 'x',
    allowed_actions: ['read'],
    expires_at: Date.now() / 1000 - 10,
  });
  assert.equal(expired.status, 422);
  await edge({ source: 'edge-bot', target: 'edge-alice', relation: 'acts_for', evidence_ref: 'TICKET-3', allowed_actions: ['read'] });
  assert.equal((await impersonation('edge-bot', 'edge-bob')).body.allowed, true);
  await server.call('POST', `/fabric/identities/${alice.identity_id}/revoke`, { body: {} });
  const afterRevoke = await impersonation('edge-bot', 'edge-bob');
  assert.equal(afterRevoke.body.allowed, false);

  assert.equal(
    (await edge({ source: 'edge-bot', target: 'nobody', relation: 'r', evidence_ref: 'e', allowed_actions: ['read'] })).status,
    404,
  );
  assert.equal((await edge({ source: 'edge-bot', target: 'edge-bob', relation: 'r', evidence_ref: 'e', allowed_actions: [] })).status, 422);
  assert.equal(
    (await edge({ source: 'edge-bot', target: 'edge-bot', relation: 'r', evidence_ref: 'e', allowed_actions: ['read'] })).status,
    422,
  );
  const agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'edge-bot' } })).body.agent_key as string;
  assert.equal(
    (
      await server.call('POST', '/fabric/edges', {
        key: agentKey,
        body: { source: 'edge-bot', target: 'edge-bob', relation: 'r', evidence_ref: 'e', allowed_actions: ['read'] },
      })
    ).status,
    403,
    'an agent cannot grant itself authority over another',
  );
});

test('capability check: own capabilities, a live delegation, nothing once revoked', async () => {
  const holder = await agent('cap-holder', ['/tools/crm/read']);
  const own = await server.call('POST', '/fabric/capabilities/check', {
    body: { identity_id: 'cap-holder', capability: '/tools/crm/read' },
  });
  assert.equal(own.status, 200);
  assert.equal(own.body.allowed, true);
  assert.equal(own.body.via, 'identity');
  const missing = await server.call('POST', '/fabric/capabilities/check', {
    body: { identity_id: holder.identity_id, capability: '/tools/crm/write' },
  });
  assert.equal(missing.body.allowed, false);
  const given = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id: holder.identity_id, capabilities: ['/tools/crm/'], ttl_seconds: 600 },
  });
  assert.equal(given.status, 201);
  const viaDelegation = await server.call('POST', '/fabric/capabilities/check', {
    body: { identity_id: holder.identity_id, capability: '/tools/crm/write' },
  });
  assert.equal(viaDelegation.body.allowed, true);
  assert.equal(viaDelegation.body.via, 'delegation');
  assert.equal(viaDelegation.body.grant_id, given.body.delegation_id);
  await server.call('POST', `/fabric/delegations/${given.body.delegation_id}/revoke`);
  const afterRevoke = await server.call('POST', '/fabric/capabilities/check', {
    body: { identity_id: holder.identity_id, capability: '/tools/crm/write' },
  });
  assert.equal(afterRevoke.body.allowed, false);
  assert.equal((await server.call('POST', '/fabric/capabilities/check', { body: { identity_id: 'nobody', capability: 'x' } })).status, 404);
});

test('composition evaluate: grants whose union exceeds every single one are flagged', async () => {
  const holder = await agent('comp-holder', ['/tools/']);
  const read = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id: holder.identity_id, capabilities: ['/tools/crm/read'], ttl_seconds: 600 },
  });
  const mail = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id: holder.identity_id, capabilities: ['/tools/send_email'], ttl_seconds: 600 },
  });
  const flagged = await server.call('POST', '/fabric/composition/evaluate', {
    body: { active: [{ delegation_id: read.body.delegation_id }, { delegation_id: mail.body.delegation_id }] },
  });
  assert.equal(flagged.status, 200, JSON.stringify(flagged.body));
  assert.equal(flagged.body.flagged, true);
  assert.deepEqual(flagged.body.union, ['/tools/crm/read', '/tools/send_email']);
  const inside = await server.call('POST', '/fabric/composition/evaluate', {
    body: { active: [{ delegation_id: read.body.delegation_id }, { id: 'wide', capabilities: ['/tools/'] }] },
  });
  assert.equal(inside.body.flagged, false);
  assert.equal(inside.body.widest, 'wide');
  assert.equal((await server.call('POST', '/fabric/composition/evaluate', { body: { active: [{}] } })).status, 422);
  assert.equal(
    (await server.call('POST', '/fabric/composition/evaluate', { body: { active: [{ delegation_id: 'dlg_missing' }] } })).status,
    404,
  );
  await server.call('POST', `/fabric/delegations/${mail.body.delegation_id}/revoke`);
  assert.equal(
    (await server.call('POST', '/fabric/composition/evaluate', { body: { active: [{ delegation_id: mail.body.delegation_id }] } })).status,
    409,
    'a revoked delegation is not active',
  );
});

test('A2A delegation between agent cards: the intersection of ask and holding; card claims checked, not trusted', async () => {
  await agent('a2a-planner', ['/tools/search', '/tools/crm/']);
  const worker = await agent('a2a-worker', ['/tools/search']);
  const res = await server.call('POST', '/fabric/a2a/delegations', {
    body: {
      delegator_card: { agent_id: 'a2a-planner', capabilities: ['/tools/search', '/tools/payments/'] },
      delegatee_card: { name: 'a2a-worker', url: 'https://worker.example/a2a' },
      requested_task: 'look up the account history',
      requested_capabilities: ['/tools/crm/read', '/tools/shell'],
    },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.deepEqual(res.body.granted, ['/tools/crm/read']);
  assert.deepEqual(res.body.dropped, ['/tools/shell']);
  assert.deepEqual(res.body.unverified_claims, ['/tools/payments/']);
  assert.equal(res.body.delegation.delegate_id, worker.identity_id);
  assert.deepEqual(res.body.delegation.constraints, { task: 'look up the account history', a2a: true });
  // The delegation works like any other: the worker's capability check sees it.
  const check = await server.call('POST', '/fabric/capabilities/check', {
    body: { identity_id: 'a2a-worker', capability: '/tools/crm/read' },
  });
  assert.equal(check.body.grant_id, res.body.delegation.delegation_id);

  const nothing = await server.call('POST', '/fabric/a2a/delegations', {
    body: {
      delegator_card: { agent_id: 'a2a-planner' },
      delegatee_card: { agent_id: 'a2a-worker' },
      requested_task: 't',
      requested_capabilities: ['/tools/shell'],
    },
  });
  assert.equal(nothing.status, 403);
  const unnamed = await server.call('POST', '/fabric/a2a/delegations', {
    body: { delegator_card: {}, delegatee_card: { agent_id: 'a2a-worker' }, requested_task: 't', requested_capabilities: ['x'] },
  });
  assert.equal(unnamed.status, 422);
  const workerKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'a2a-worker' } })).body.agent_key as string;
  const asOther = await server.call('POST', '/fabric/a2a/delegations', {
    key: workerKey,
    body: {
      delegator_card: { agent_id: 'a2a-planner' },
      delegatee_card: { agent_id: 'a2a-worker' },
      requested_task: 't',
      requested_capabilities: ['/tools/search'],
    },
  });
  assert.equal(asOther.status, 403, 'an agent delegates only as itself');
});
