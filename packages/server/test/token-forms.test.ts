// Issue 20: the token-based forms over HTTP. AuthorizeRequest under a delegation chain (with an
// inline proof of possession), EvalReq and AssessReq under an agent token named by id, TokenReq
// minting a single-use action token that ExecReq redeems for exactly its call, DelegateReq passing
// narrowed authority down, and the keyless AuthorizeReq demo.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, sign } from 'node:crypto';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let tenant: string;
before(async () => {
  server = await startServer();
  tenant = (await server.call('GET', '/fabric/me')).body.tenant_id;
  for (const [name, match_path] of [
    ['crm-ok', '/tools/crm/'],
    ['docs-ok', '/tools/docs/'],
  ]) {
    const res = await server.call('POST', '/fabric/tool-rules', { body: { name, effect: 'allow', match_path } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  }
});
after(() => server.close());

const identity = async (display_name: string, capabilities: string[]) => {
  const res = await server.call('POST', '/fabric/identities', { body: { kind: 'agent', display_name, capabilities } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { identity: { identity_id: string; agent_id: string }; private_key: string };
};
const delegate = async (delegate_id: string, capabilities: string[], constraints?: Record<string, unknown>) => {
  const res = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id, capabilities, ttl_seconds: 600, ...(constraints ? { constraints } : {}) },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { delegation_id: string };
};
const mint = async (agent_id: string, scopes: string[], chain?: string[]) => {
  const res = await server.call('POST', '/fabric/agent-tokens', { body: { agent_id, scopes, ...(chain ? { chain } : {}) } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { token: string; token_id: string };
};
/** An agent identity under a chosen agent id (A2A registration names it). */
const namedAgent = async (agent_id: string, capabilities: string[]) => {
  const res = await server.call('POST', '/fabric/a2a/agents', { body: { agent_id, capabilities } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { identity: { identity_id: string; agent_id: string }; private_key: string };
};
const signWith = (privateKeyB64: string, message: string) =>
  sign(
    null,
    Buffer.from(message),
    createPrivateKey({ key: Buffer.from(privateKeyB64, 'base64url'), format: 'der', type: 'pkcs8' }),
  ).toString('base64url');
const stage = (decision: any, name: string) => decision.stages.find((s: any) => s.stage === name);

test('AuthorizeRequest: decided and recorded under the delegation chain; outside it denied in the identity stage', async () => {
  const agent = await identity('authorizer', ['/tools/crm/']);
  const id = agent.identity.identity_id;
  const grant = await delegate(id, ['/tools/crm/read']);
  const base = { agent: id, action: 'read', resource: 'account-17', session: 'sess-42', tenant };

  const inside = await server.call('POST', '/fabric/authorize', {
    body: { ...base, tool: '/tools/crm/read', args: { account: 17 }, chain: [{ delegation_id: grant.delegation_id }] },
  });
  assert.equal(inside.status, 200, JSON.stringify(inside.body));
  assert.equal(inside.body.verdict, 'ALLOWED');
  assert.match(stage(inside.body, 'identity').detail, new RegExp(`delegation ${grant.delegation_id} verified`));
  assert.deepEqual(inside.body.payload, { action: 'read', resource: 'account-17', arguments: { account: 17 } });
  const stored = await server.call('GET', `/fabric/decisions/${inside.body.decision_id}`);
  assert.equal(stored.status, 200, 'recorded like any decision');
  assert.equal(stored.body.agent_id, agent.identity.agent_id);

  const outside = await server.call('POST', '/fabric/authorize', {
    body: { ...base, tool: '/tools/crm/delete', chain: [{ delegation_id: grant.delegation_id }] },
  });
  assert.equal(outside.status, 200);
  assert.equal(outside.body.verdict, 'BLOCKED');
  assert.equal(stage(outside.body, 'identity').data.out_of_scope, true);

  const otherTenant = await server.call('POST', '/fabric/authorize', { body: { ...base, tool: 'crm', tenant: 'tn_other' } });
  assert.equal(otherTenant.status, 403);
  const missing = await server.call('POST', '/fabric/authorize', {
    body: { ...base, tool: 'crm', chain: [{ delegation_id: 'dlg_nope' }] },
  });
  assert.equal(missing.status, 404);
  const extra = await server.call('POST', '/fabric/authorize', { body: { ...base, tool: 'crm', colour: 'red' } });
  assert.equal(extra.status, 422);
  assert.deepEqual(extra.body.detail[0].loc, ['body', 'colour']);

  // An inline proof of possession spends its challenge: the same proof twice is a replay.
  const challenge = (await server.call('POST', `/fabric/identities/${id}/challenge`)).body.challenge as string;
  const pop = { challenge, signature: signWith(agent.private_key, challenge) };
  const proved = await server.call('POST', '/fabric/authorize', { body: { ...base, tool: '/tools/crm/read', pop } });
  assert.equal(proved.status, 200, JSON.stringify(proved.body));
  assert.notEqual((await server.call('GET', `/fabric/identities/${id}`)).body.verified_at, null);
  const replay = await server.call('POST', '/fabric/authorize', { body: { ...base, tool: '/tools/crm/read', pop } });
  assert.equal(replay.status, 403);
  assert.match(replay.body.detail, /replay refused/);
  const forged = await server.call('POST', `/fabric/identities/${id}/challenge`);
  const bad = await server.call('POST', '/fabric/authorize', {
    body: { ...base, tool: '/tools/crm/read', pop: { challenge: forged.body.challenge, signature: signWith(agent.private_key, 'other') } },
  });
  assert.equal(bad.status, 403);
  assert.match(bad.body.detail, /does not verify/);
});

test('EvalReq and AssessReq: a token named by id; outside its scope denied; assess records nothing; revocation stops it', async () => {
  const agent = await identity('evaluator', ['/tools/docs/']);
  const token = await mint(agent.identity.agent_id, ['/tools/docs/']);
  const body = { token: token.token_id, tool: '/tools/docs/read', action: 'read', resource: 'readme', memory_ids: ['mem_1'] };

  const evaluated = await server.call('POST', '/fabric/tokens/evaluate', { body });
  assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
  assert.equal(evaluated.body.verdict, 'ALLOWED');
  assert.equal(evaluated.body.agent_id, agent.identity.agent_id);
  assert.equal(stage(evaluated.body, 'identity').data.token_id, token.token_id);
  assert.deepEqual(evaluated.body.payload.memory_ids, ['mem_1']);

  const outside = await server.call('POST', '/fabric/tokens/evaluate', { body: { ...body, tool: '/tools/shell' } });
  assert.equal(outside.body.verdict, 'BLOCKED');
  assert.equal(stage(outside.body, 'identity').data.out_of_scope, true);
  const wrongAgent = await server.call('POST', '/fabric/tokens/evaluate', { body: { ...body, agent: 'someone-else' } });
  assert.equal(wrongAgent.status, 403);
  const wrongChain = await server.call('POST', '/fabric/tokens/evaluate', { body: { ...body, chain: [{ delegation_id: 'dlg_x' }] } });
  assert.equal(wrongChain.status, 403);

  // A bearer token may act only as itself.
  const other = await identity('evaluator-2', ['/tools/docs/']);
  const otherToken = await mint(other.identity.agent_id, ['/tools/docs/']);
  const asOther = await server.call('POST', '/fabric/tokens/evaluate', {
    key: null,
    headers: { authorization: `Bearer ${otherToken.token}` },
    body,
  });
  assert.equal(asOther.status, 404, 'another agent’s token is not visible to a token');
  const asItself = await server.call('POST', '/fabric/tokens/evaluate', {
    key: null,
    headers: { authorization: `Bearer ${token.token}` },
    body,
  });
  assert.equal(asItself.status, 200);

  const before = (await server.call('GET', `/fabric/decisions?agent_id=${agent.identity.agent_id}&limit=500`)).body.decisions.length;
  const assessed = await server.call('POST', '/fabric/tokens/assess', {
    body: { token: token.token_id, action: 'read', resource: '/tools/docs/guide' },
  });
  assert.equal(assessed.status, 200, JSON.stringify(assessed.body));
  assert.equal(assessed.body.in_scope, true);
  assert.equal(assessed.body.matched_scope, '/tools/docs/');
  const shell = await server.call('POST', '/fabric/tokens/assess', { body: { token: token.token_id, action: 'run', resource: 'shell' } });
  assert.equal(shell.body.path, '/tools/shell');
  assert.equal(shell.body.in_scope, false);
  assert.equal(shell.body.risk, 'high');
  const after = (await server.call('GET', `/fabric/decisions?agent_id=${agent.identity.agent_id}&limit=500`)).body.decisions.length;
  assert.equal(after, before, 'assess records nothing');
  const tooLong = await server.call('POST', '/fabric/tokens/assess', { body: { token: 'x'.repeat(65), action: 'read' } });
  assert.equal(tooLong.status, 422);

  await server.call('POST', `/fabric/identities/${agent.identity.identity_id}/revoke`, { body: {} });
  const revoked = await server.call('POST', '/fabric/tokens/evaluate', { body });
  assert.equal(revoked.status, 401);
});

test('TokenReq and ExecReq: an action token for exactly one call, spent once; another call, a reuse or a halt refused', async () => {
  const agent = await identity('executor', ['/tools/crm/']);
  const id = agent.identity.identity_id;
  const grant = await delegate(id, ['/tools/crm/update']);
  const call = { tool: '/tools/crm/update', action: 'update', resource: 'account-9', arguments: { plan: 'gold' } };
  const asked = await server.call('POST', '/fabric/tokens', {
    body: { agent_id: id, tenant, grant_id: grant.delegation_id, intent: { goal: 'upgrade the customer' }, ...call, ttl_seconds: 60 },
  });
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  assert.equal(asked.body.decision.verdict, 'ALLOWED');
  assert.match(asked.body.token_id, /^atk_/);
  assert.equal(asked.body.binding.grant_id, grant.delegation_id);
  const exec = { token: asked.body.token, caller_agent_id: agent.identity.agent_id, caller_tenant: tenant, ...call };

  // Not a Bearer credential.
  const asBearer = await server.call('POST', '/fabric/decisions', {
    key: null,
    headers: { authorization: `Bearer ${asked.body.token}` },
    body: { path: '/tools/crm/update', payload: {} },
  });
  assert.equal(asBearer.status, 401);

  const otherArgs = await server.call('POST', '/fabric/tokens/execute', { body: { ...exec, arguments: { plan: 'platinum' } } });
  assert.equal(otherArgs.status, 403);
  assert.match(otherArgs.body.detail, /arguments/);
  const otherResource = await server.call('POST', '/fabric/tokens/execute', { body: { ...exec, resource: 'account-10' } });
  assert.equal(otherResource.status, 403);
  const otherCaller = await server.call('POST', '/fabric/tokens/execute', { body: { ...exec, caller_agent_id: 'mallory' } });
  assert.equal(otherCaller.status, 403);

  const ran = await server.call('POST', '/fabric/tokens/execute', { body: exec });
  assert.equal(ran.status, 200, JSON.stringify(ran.body));
  assert.equal(ran.body.run, true);
  assert.equal(ran.body.decision.payload.action_token, asked.body.token_id);
  const again = await server.call('POST', '/fabric/tokens/execute', { body: exec });
  assert.ok(again.status === 401 || again.status === 409, `a spent token is refused (${again.status})`);

  // Outside the grant: decided (and recorded) as blocked, no token.
  const outside = await server.call('POST', '/fabric/tokens', {
    body: { agent_id: id, tenant, grant_id: grant.delegation_id, intent: {}, tool: '/tools/crm/delete', action: 'delete', resource: 'a' },
  });
  assert.equal(outside.status, 200);
  assert.equal(outside.body.decision.verdict, 'BLOCKED');
  assert.equal(outside.body.token, null);
  const unknownGrant = await server.call('POST', '/fabric/tokens', {
    body: { agent_id: id, tenant, grant_id: 'dlg_missing', intent: {}, ...call },
  });
  assert.equal(unknownGrant.status, 404);

  // A halt between minting and executing: the execute is decided again, and blocked.
  const second = await server.call('POST', '/fabric/tokens', {
    body: { agent_id: id, tenant, grant_id: grant.delegation_id, intent: {}, ...call },
  });
  assert.equal(second.body.decision.verdict, 'ALLOWED');
  const confirmation_token = (await server.call('POST', '/fabric/halt/token')).body.confirmation_token as string;
  const halt = await server.call('POST', '/fabric/halt', { body: { reason: 'drill', operator_id: 'ops', confirmation_token } });
  assert.ok(halt.status === 200 || halt.status === 201, JSON.stringify(halt.body));
  try {
    const halted = await server.call('POST', '/fabric/tokens/execute', { body: { ...exec, token: second.body.token } });
    assert.equal(halted.status, 200, JSON.stringify(halted.body));
    assert.equal(halted.body.run, false);
    assert.equal(halted.body.decision.verdict, 'BLOCKED');
  } finally {
    await server.call('POST', '/fabric/resume', { body: {} });
  }

  // Revoking the grant revokes the action tokens minted under it.
  const third = await server.call('POST', '/fabric/tokens', {
    body: { agent_id: id, tenant, grant_id: grant.delegation_id, intent: {}, ...call },
  });
  const revoked = await server.call('POST', `/fabric/delegations/${grant.delegation_id}/revoke`);
  assert.ok(revoked.body.revoked_tokens.includes(third.body.token_id));
  assert.equal((await server.call('POST', '/fabric/tokens/execute', { body: { ...exec, token: third.body.token } })).status, 401);
});

test('DelegateReq: authority passes down narrowed (resource, actions, ttl); the subject never exceeds the holder', async () => {
  const holder = await namedAgent('holder-a', ['/tools/crm/']);
  const subject = await namedAgent('sub-b', ['/tools/crm/read']);
  const root = await delegate(holder.identity.identity_id, ['/tools/crm/'], { single_use: false });
  const token = await mint(holder.identity.agent_id, ['/tools/crm/'], [root.delegation_id]);

  const given = await server.call('POST', '/fabric/tokens/delegate', {
    body: {
      token: token.token_id,
      chain: [{ delegation_id: root.delegation_id }],
      subject: 'sub-b',
      resource: '/tools/crm/read',
      actions: ['read'],
      ttl: 120,
    },
  });
  assert.equal(given.status, 201, JSON.stringify(given.body));
  assert.deepEqual(given.body.delegation.capabilities, ['/tools/crm/read']);
  assert.equal(given.body.delegation.parent_id, root.delegation_id);
  assert.equal(given.body.delegation.delegator_id, holder.identity.identity_id);
  assert.equal(given.body.delegation.delegate_id, subject.identity.identity_id);
  const ttl = Date.parse(given.body.delegation.expires_at) - Date.parse(given.body.delegation.created_at);
  assert.ok(ttl <= 120_000, `ttl ${ttl}`);
  const child = given.body.token;
  assert.deepEqual(child.chain, [root.delegation_id, given.body.delegation.delegation_id]);

  const read = await server.call('POST', '/fabric/tokens/evaluate', {
    body: { token: child.token_id, tool: '/tools/crm/read', action: 'read', resource: 'x' },
  });
  assert.equal(read.body.verdict, 'ALLOWED', JSON.stringify(read.body));
  const write = await server.call('POST', '/fabric/tokens/evaluate', {
    body: { token: child.token_id, tool: '/tools/crm/read', action: 'write', resource: 'x' },
  });
  assert.equal(write.status, 403);
  assert.match(write.body.detail, /allows only the actions `read`/);
  const wider = await server.call('POST', '/fabric/tokens/evaluate', {
    body: { token: child.token_id, tool: '/tools/crm/delete', action: 'read', resource: 'x' },
  });
  assert.equal(wider.body.verdict, 'BLOCKED');

  // The subject cannot pass on more than it holds, nor actions it was not given.
  const third = await namedAgent('sub-c', ['/tools/crm/']);
  const tooWide = await server.call('POST', '/fabric/tokens/delegate', {
    body: {
      token: child.token_id,
      chain: child.chain.map((delegation_id: string) => ({ delegation_id })),
      holder: 'sub-b',
      subject: 'sub-c',
      resource: '/tools/crm/write',
    },
  });
  assert.equal(tooWide.status, 403, JSON.stringify(tooWide.body));
  const moreActions = await server.call('POST', '/fabric/tokens/delegate', {
    body: {
      token: child.token_id,
      chain: child.chain.map((delegation_id: string) => ({ delegation_id })),
      subject: 'sub-c',
      actions: ['read', 'delete'],
    },
  });
  assert.equal(moreActions.status, 403);
  const wrongChain = await server.call('POST', '/fabric/tokens/delegate', {
    body: { token: child.token_id, chain: [{ delegation_id: root.delegation_id }], subject: 'sub-c' },
  });
  assert.equal(wrongChain.status, 403);
  const wrongHolder = await server.call('POST', '/fabric/tokens/delegate', {
    body: {
      token: child.token_id,
      chain: child.chain.map((delegation_id: string) => ({ delegation_id })),
      holder: 'holder-a',
      subject: 'sub-c',
    },
  });
  assert.equal(wrongHolder.status, 403);
  assert.equal(third.identity.agent_id, 'sub-c');

  // Revoking the root reaches the subject's delegation and token in the same request.
  const revoked = await server.call('POST', `/fabric/delegations/${root.delegation_id}/revoke`);
  assert.ok(revoked.body.revoked_delegations.includes(given.body.delegation.delegation_id));
  assert.ok(revoked.body.revoked_tokens.includes(child.token_id));
});

test('AuthorizeReq: the keyless demo decides on a throwaway tenant; elevated authority needs a human', async () => {
  const standard = await server.call('POST', '/fabric/try/authorize', {
    key: null,
    body: { client_id: 'visitor-1', tool: 'read_report', action: 'read', resource: 'q3' },
  });
  assert.equal(standard.status, 200, JSON.stringify(standard.body));
  assert.equal(standard.body.verdict, 'ALLOWED');
  assert.equal(standard.body.path, '/tools/read_report');
  const elevated = await server.call('POST', '/fabric/try/authorize', {
    key: null,
    body: { tool: 'read_report', action: 'read', resource: 'q3', requested_authority: 'elevated' },
  });
  assert.equal(elevated.body.verdict, 'REQUIRE_APPROVAL');
  assert.match(stage({ stages: elevated.body.chain }, 'policy').detail, /elevated authority needs a human/);
  const gone = await server.call('GET', `/fabric/decisions/${elevated.body.decision_id}`);
  assert.equal(gone.status, 404, 'the throwaway tenant is gone');
  assert.equal((await server.call('POST', '/fabric/try/authorize', { key: null, body: { action: 'read' } })).status, 422);
  const badTool = await server.call('POST', '/fabric/try/authorize', { key: null, body: { tool: '../x', action: 'a', resource: 'r' } });
  assert.equal(badTool.status, 422);
});
