// Issue 20: the identity registry, proof of possession, agent tokens with Bearer decisions,
// delegation attenuation over HTTP, and revocation cascading within the same request.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { SigningKeyRing } from '../src/index.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const createIdentity = async (body: Record<string, unknown>) => {
  const res = await server.call('POST', '/fabric/identities', { body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { identity: any; private_key: string };
};
const mint = (body: Record<string, unknown>) => server.call('POST', '/fabric/agent-tokens', { body });
const bearer = (token: string) => ({ key: null, headers: { authorization: `Bearer ${token}` } });
const decideWith = (token: string, path: string, agent_id?: string) =>
  server.call('POST', '/fabric/decisions', { ...bearer(token), body: { path, payload: { q: 1 }, ...(agent_id ? { agent_id } : {}) } });

/** Signs `message` with a PKCS#8 DER private key in base64url, as an identity holder would. */
const signWith = (privateKeyB64: string, message: string) =>
  sign(
    null,
    Buffer.from(message),
    createPrivateKey({ key: Buffer.from(privateKeyB64, 'base64url'), format: 'der', type: 'pkcs8' }),
  ).toString('base64url');

test('identities: create with kind, capabilities, parent and TTL; list and read; bad input refused', async () => {
  const parent = await createIdentity({ kind: 'service', display_name: 'billing', capabilities: ['/tools/billing/'], ttl_seconds: 600 });
  assert.match(parent.identity.identity_id, /^idn_/);
  assert.equal(parent.identity.status, 'active');
  assert.equal(Buffer.from(parent.private_key, 'base64url').length > 32, true);
  const child = await createIdentity({
    kind: 'sub_agent',
    display_name: 'billing-helper',
    parent_id: parent.identity.identity_id,
    capabilities: ['/tools/billing/read'],
    metadata: { team: 'finance' },
  });
  assert.equal(child.identity.parent_id, parent.identity.identity_id);
  assert.equal(child.identity.expires_at, parent.identity.expires_at, 'a child lives no longer than its parent');

  const wider = await server.call('POST', '/fabric/identities', {
    body: { kind: 'sub_agent', display_name: 'x', parent_id: parent.identity.identity_id, capabilities: ['/tools/'] },
  });
  assert.equal(wider.status, 422);
  assert.match(JSON.stringify(wider.body.detail), /cannot hold more than its parent/);

  const read = await server.call('GET', `/fabric/identities/${child.identity.identity_id}`);
  assert.equal(read.status, 200);
  assert.deepEqual(read.body.metadata, { team: 'finance' });
  const list = await server.call('GET', '/fabric/identities?kind=sub_agent');
  assert.ok(list.body.identities.some((i: any) => i.identity_id === child.identity.identity_id));
  assert.ok(list.body.identities.every((i: any) => i.kind === 'sub_agent'));

  const unknownField = await server.call('POST', '/fabric/identities', { body: { kind: 'agent', display_name: 'a', colour: 'red' } });
  assert.equal(unknownField.status, 422);
  assert.deepEqual(unknownField.body.detail[0].loc, ['body', 'colour']);
  const badKind = await server.call('POST', '/fabric/identities', { body: { kind: 'robot', display_name: 'a' } });
  assert.equal(badKind.status, 422);
  const otherTenant = await server.call('POST', '/fabric/identities', { body: { kind: 'agent', display_name: 'a', tenant: 'tn_other' } });
  assert.equal(otherTenant.status, 403);
  assert.equal((await server.call('GET', '/fabric/identities/idn_missing')).status, 404);
});

test('proof of possession: single-use challenge, signature checked, replays refused, old key valid in the grace period', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const registered = await server.call('POST', '/fabric/identities/register', {
    body: {
      agent_id: 'pop-agent',
      agent_public_key: raw,
      organization: 'acme',
      tenant: (await server.call('GET', '/fabric/me')).body.tenant_id,
    },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  assert.equal(registered.body.private_key, null);
  assert.equal(registered.body.identity.agent_id, 'pop-agent');
  const id = registered.body.identity.identity_id;
  const again = await server.call('POST', '/fabric/identities/register', {
    body: { agent_id: 'pop-agent', agent_public_key: raw, organization: 'acme', tenant: registered.body.identity.tenant },
  });
  assert.equal(again.status, 409);

  const challenge = (await server.call('POST', `/fabric/identities/${id}/challenge`)).body.challenge as string;
  const signature = sign(null, Buffer.from(challenge), privateKey).toString('base64url');
  const ok = await server.call('POST', `/fabric/identities/${id}/verify`, { body: { public_key: raw, challenge, signature } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.verified, true);
  assert.equal(ok.body.key_version, 1);
  const replay = await server.call('POST', `/fabric/identities/${id}/verify`, { body: { public_key: raw, challenge, signature } });
  assert.equal(replay.status, 409);
  assert.match(replay.body.detail, /already used \(replay refused\)/);

  const second = (await server.call('POST', `/fabric/identities/${id}/challenge`)).body.challenge as string;
  const forged = await server.call('POST', `/fabric/identities/${id}/verify`, { body: { public_key: raw, challenge: second, signature } });
  assert.equal(forged.body.verified, false, 'a signature over another challenge does not verify');
  assert.match(forged.body.detail, /does not verify/);
  const retry = sign(null, Buffer.from(second), privateKey).toString('base64url');
  const spent = await server.call('POST', `/fabric/identities/${id}/verify`, {
    body: { public_key: raw, challenge: second, signature: retry },
  });
  assert.equal(spent.status, 409, 'a failed attempt spends the challenge too');

  const rotated = await server.call('POST', `/fabric/identities/${id}/rotate`, { body: { reason: 'scheduled' } });
  assert.equal(rotated.status, 200);
  assert.equal(rotated.body.identity.key_version, 2);
  assert.notEqual(rotated.body.identity.public_key, raw);
  assert.ok(rotated.body.previous_key_valid_until);
  const third = (await server.call('POST', `/fabric/identities/${id}/challenge`)).body.challenge as string;
  const withOld = await server.call('POST', `/fabric/identities/${id}/verify`, {
    body: { public_key: raw, challenge: third, signature: sign(null, Buffer.from(third), privateKey).toString('base64url') },
  });
  assert.equal(withOld.body.verified, true);
  assert.equal(withOld.body.key_version, 1, 'the previous key verifies during its grace period');
  const fourth = (await server.call('POST', `/fabric/identities/${id}/challenge`)).body.challenge as string;
  const withNew = await server.call('POST', `/fabric/identities/${id}/verify`, {
    body: { public_key: rotated.body.identity.public_key, challenge: fourth, signature: signWith(rotated.body.private_key, fourth) },
  });
  assert.equal(withNew.body.verified, true);
  assert.equal(withNew.body.key_version, 2);
});

test('agent tokens: a Bearer decision is decided for the token agent and denied outside its scopes', async () => {
  const agent = await createIdentity({ kind: 'agent', display_name: 'fs-agent', capabilities: ['/tools/'] });
  const agentId = agent.identity.agent_id as string;
  const minted = await mint({ agent_id: agentId, scopes: ['/tools/fs/', '/tools/search'], ttl_seconds: 300 });
  assert.equal(minted.status, 201, JSON.stringify(minted.body));
  const token = minted.body.token as string;
  assert.match(minted.body.token_id, /^atk_/);
  const header = decodeProtectedHeader(token);
  assert.equal(header.alg, 'EdDSA');
  const published = (await server.call('GET', '/fabric/keys/public')).body.keys.map((k: any) => k.kid);
  assert.ok(published.includes(header.kid), 'the token kid is published');
  assert.deepEqual(decodeJwt(token).scopes, ['/tools/fs/', '/tools/search']);

  const inside = await decideWith(token, '/tools/fs/read_file');
  assert.equal(inside.status, 200, JSON.stringify(inside.body));
  assert.equal(inside.body.agent_id, agentId, 'decided for the token agent');
  assert.equal(inside.body.stages[0].verdict, 'allow');
  assert.equal(inside.body.stages[0].data.token_id, minted.body.token_id);
  assert.equal(inside.body.stages[0].data.matched_scope, '/tools/fs/');

  const outside = await decideWith(token, '/tools/shell');
  assert.equal(outside.body.verdict, 'BLOCKED');
  assert.equal(outside.body.stages[0].stage, 'identity');
  assert.equal(outside.body.stages[0].verdict, 'deny');
  assert.match(outside.body.stages[0].detail, /not scoped to `\/tools\/shell`/);
  const climbing = await decideWith(token, '/tools/fs/../shell');
  assert.equal(climbing.body.stages[0].verdict, 'deny');

  // A token acts as an agent key, so naming another agent is refused before anything is recorded
  // (issue 23's agent binding): 403, no verdict.
  const otherAgent = await decideWith(token, '/tools/fs/read_file', 'someone-else');
  assert.equal(otherAgent.status, 403, JSON.stringify(otherAgent.body));
  assert.equal(otherAgent.body.code, 'AG_FORBIDDEN');
  assert.equal(otherAgent.body.verdict, undefined);
  assert.match(otherAgent.body.detail, /belongs to agent/);

  // A token acts as an agent: no admin routes.
  assert.equal((await server.call('GET', '/fabric/identities', bearer(token))).status, 403);

  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, scopes: ['/tools/'] })).toString('base64url');
  const tampered = await decideWith(`${h}.${tamperedPayload}.${s}`, '/tools/shell');
  assert.equal(tampered.status, 401);
  assert.equal(tampered.body.code, 'AG_INVALID_TOKEN');
  const flipped = await decideWith(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BA' : 'AA'}`, '/tools/fs/x');
  assert.equal(flipped.status, 401);
  assert.equal((await decideWith('not-a-jwt', '/tools/fs/x')).status, 401);

  // Expired: the same claims, validly signed by the service key, with an expiry in the past.
  const ring = SigningKeyRing.loadOrCreate(server.dataDir);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ ...claims, exp: past, iat: past - 60 })
    .setProtectedHeader({ alg: 'EdDSA', kid: ring.current.kid, typ: 'JWT' })
    .sign(ring.current.privateKey);
  const late = await decideWith(expired, '/tools/fs/read_file');
  assert.equal(late.status, 401);
  assert.match(late.body.detail, /expired/);

  // Scopes outside the unknown identity, or for an unknown agent, are refused at minting.
  assert.equal((await mint({ agent_id: 'nobody', scopes: ['/tools/x'] })).status, 404);
  assert.equal((await mint({ agent_id: agentId, scopes: [] })).status, 422);
  assert.equal((await mint({ agent_id: agentId, scopes: ['/tools/x'], ttl_seconds: 3601 })).status, 422);
});

test('revoking an identity reaches grandchildren, their tokens and delegations in the same request', async () => {
  const root = await createIdentity({ kind: 'agent', display_name: 'orchestrator' });
  const child = await createIdentity({ kind: 'sub_agent', display_name: 'worker', parent_id: root.identity.identity_id });
  const grandchild = await createIdentity({ kind: 'sub_agent', display_name: 'helper', parent_id: child.identity.identity_id });
  const bystander = await createIdentity({ kind: 'agent', display_name: 'bystander' });
  const delegation = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id: grandchild.identity.identity_id, capabilities: ['/tools/search'] },
  });
  assert.equal(delegation.status, 201, JSON.stringify(delegation.body));
  const grandToken = (
    await mint({ agent_id: grandchild.identity.agent_id, scopes: ['/tools/search'], chain: [delegation.body.delegation_id] })
  ).body;
  const bystanderToken = (await mint({ agent_id: bystander.identity.agent_id, scopes: ['/tools/search'] })).body;
  assert.equal((await decideWith(grandToken.token, '/tools/search')).status, 200);

  const revoked = await server.call('POST', `/fabric/identities/${root.identity.identity_id}/revoke`, {
    body: { reason: 'compromised host' },
  });
  assert.equal(revoked.status, 200);
  assert.deepEqual(
    revoked.body.revoked_identities,
    [root.identity.identity_id, child.identity.identity_id, grandchild.identity.identity_id].sort(),
  );
  assert.deepEqual(revoked.body.revoked_delegations, [delegation.body.delegation_id]);
  assert.deepEqual(revoked.body.revoked_tokens, [grandToken.token_id]);

  const after = await decideWith(grandToken.token, '/tools/search');
  assert.equal(after.status, 401, 'the grandchild token dies with the root');
  assert.match(after.body.detail, /revoked/);
  assert.equal((await decideWith(bystanderToken.token, '/tools/search')).status, 200, 'others are untouched');
  const state = await server.call('GET', `/fabric/identities/${grandchild.identity.identity_id}`);
  assert.equal(state.body.status, 'revoked');
  assert.equal(state.body.revoked_reason, 'compromised host');
  assert.equal((await server.call('GET', `/fabric/delegations/${delegation.body.delegation_id}`)).body.status, 'revoked');
  assert.equal((await server.call('POST', `/fabric/identities/${root.identity.identity_id}/revoke`, { body: {} })).status, 409);
  assert.equal((await mint({ agent_id: child.identity.agent_id, scopes: ['/tools/search'] })).status, 409);
});

test('delegation: capabilities narrow, depth is bounded, single use is spent once, tokens stay within the chain', async () => {
  const a = await createIdentity({ kind: 'agent', display_name: 'planner', capabilities: ['/tools/'] });
  const b = await createIdentity({ kind: 'agent', display_name: 'executor' });
  const c = await createIdentity({ kind: 'agent', display_name: 'reader' });
  const root = await server.call('POST', '/fabric/delegations', {
    body: { delegate_id: a.identity.identity_id, capabilities: ['/tools/fs/'], ttl_seconds: 600, max_depth: 2 },
  });
  assert.equal(root.status, 201);
  assert.deepEqual([root.body.depth, root.body.max_depth, root.body.delegator_id], [1, 2, null]);

  // The planner, holding a token under the root delegation, passes on part of it.
  const aToken = (await mint({ agent_id: a.identity.agent_id, scopes: ['/tools/fs/'], chain: [root.body.delegation_id] })).body.token;
  const outOfChain = await mint({ agent_id: a.identity.agent_id, scopes: ['/tools/shell'], chain: [root.body.delegation_id] });
  assert.equal(outOfChain.status, 403);
  assert.match(outOfChain.body.detail, /not delegated by/);
  const sub = await server.call('POST', '/fabric/delegations', {
    ...bearer(aToken),
    body: {
      delegate_id: b.identity.identity_id,
      capabilities: ['/tools/', '/tools/fs/read'],
      ttl_seconds: 3600,
      constraints: { parent_delegation_id: root.body.delegation_id, single_use: true },
    },
  });
  assert.equal(sub.status, 201, JSON.stringify(sub.body));
  assert.deepEqual(sub.body.capabilities, ['/tools/fs/'], 'narrowed to what the parent holds');
  assert.deepEqual(sub.body.dropped_capabilities, ['/tools/']);
  assert.equal(sub.body.delegator_id, a.identity.identity_id);
  assert.ok(Date.parse(sub.body.expires_at) <= Date.parse(root.body.expires_at), 'never outlives its parent');
  assert.equal(sub.body.depth, 2);

  const tooDeep = await server.call('POST', '/fabric/delegations', {
    body: {
      delegate_id: c.identity.identity_id,
      capabilities: ['/tools/fs/read'],
      constraints: { parent_delegation_id: sub.body.delegation_id },
    },
  });
  assert.equal(tooDeep.status, 409);
  assert.match(tooDeep.body.detail, /depth 3 exceeds max_depth 2/);

  const chain = [root.body.delegation_id, sub.body.delegation_id];
  const first = await mint({ agent_id: b.identity.agent_id, scopes: ['/tools/fs/read'], chain });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const second = await mint({ agent_id: b.identity.agent_id, scopes: ['/tools/fs/read'], chain });
  assert.equal(second.status, 409, 'a single-use delegation is spent once');
  assert.match(second.body.detail, /consumed|already used/);
  const wrongOrder = await mint({ agent_id: b.identity.agent_id, scopes: ['/tools/fs/read'], chain: [...chain].reverse() });
  assert.ok(wrongOrder.status === 409 || wrongOrder.status === 403);

  // Revoking the root delegation takes the derived one and the token minted under it.
  const cut = await server.call('POST', `/fabric/delegations/${root.body.delegation_id}/revoke`);
  assert.equal(cut.status, 200);
  assert.deepEqual(cut.body.revoked_delegations, [...chain].sort());
  assert.ok(cut.body.revoked_tokens.includes(first.body.token_id));
  assert.equal((await decideWith(first.body.token, '/tools/fs/read')).status, 401);
  assert.equal((await decideWith(aToken, '/tools/fs/read')).status, 401);
});
