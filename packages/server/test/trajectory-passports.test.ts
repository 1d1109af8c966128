// Issue 21: trajectories and passports over HTTP. A clean trajectory gets a passport that verifies
// offline with only the published public keys (jose, no call to the service); a tampered or expired
// one fails; a trajectory with a blocked decision or a trajectory-policy match gets none, with the
// reason; decisions before the start or of other agents do not count.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let identityId: string;
before(async () => {
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' }); // a second tenant signs up
  const rules: Array<[string, string]> = [
    ['allow', '/tools/search'],
    ['allow', '/tools/secrets/describe'],
    ['allow', '/tools/send_email'],
    ['deny', '/tools/shell'],
  ];
  for (const [effect, match_path] of rules)
    assert.equal(
      (await server.call('POST', '/fabric/tool-rules', { body: { name: `${effect} ${match_path}`, effect, match_path } })).status,
      201,
    );
  const created = await server.call('POST', '/fabric/identities', { body: { kind: 'agent', display_name: 'courier' } });
  assert.equal(created.status, 201);
  identityId = created.body.identity.identity_id;
});
after(() => server.close());

const decide = (path: string, agent_id: string, payload: unknown) =>
  server.call('POST', '/fabric/decisions', { body: { path, agent_id, payload } });

async function startTrajectory(agent_id: string): Promise<string> {
  const res = await server.call('POST', '/fabric/trajectories', { body: { identity_id: identityId, agent_id } });
  assert.equal(res.status, 201);
  assert.match(res.body.trajectory_id, /^trj_/);
  assert.equal(res.body.agent_id, agent_id);
  return res.body.trajectory_id;
}

const passport = (id: string, validity_hours?: number) =>
  server.call('POST', `/fabric/trajectories/${id}/passport`, {
    body: { trajectory_id: id, ...(validity_hours ? { validity_hours } : {}) },
  });

/** The verifier another service runs: the published keys fetched once, then nothing but jose. */
async function offlineVerifier() {
  const keys = (await server.call('GET', '/fabric/keys/public')).body as JSONWebKeySet;
  const jwks = createLocalJWKSet(keys);
  return (token: string, currentDate?: Date) =>
    jwtVerify(token, jwks, { issuer: 'actiongate', audience: 'actiongate:passport', algorithms: ['EdDSA'], currentDate });
}

test('a clean trajectory gets a passport that verifies offline; tampered or expired ones fail', async () => {
  // A blocked call before the start does not count.
  assert.equal((await decide('/tools/shell', 'courier', { cmd: 'ls' })).body.blocked, true);
  const id = await startTrajectory('courier');
  assert.equal((await server.call('GET', `/fabric/trajectories/${id}`)).body.identity_id, identityId);
  assert.equal((await decide('/tools/search', 'courier', { q: 'a' })).body.verdict, 'ALLOWED');
  assert.equal((await decide('/tools/send_email', 'courier', { to: 'x@ourco.com' })).body.verdict, 'ALLOWED');
  // Another agent's blocked call is not this trajectory's.
  assert.equal((await decide('/tools/shell', 'someone-else', { cmd: 'rm' })).body.blocked, true);

  const issued = await passport(id, 2);
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.match(issued.body.passport_id, /^psp_/);
  assert.equal(issued.body.summary.decisions, 2);
  assert.equal(issued.body.summary.allowed, 2);
  assert.equal(issued.body.summary.blocked, 0);
  assert.deepEqual(issued.body.summary.paths, ['/tools/search', '/tools/send_email']);
  assert.equal(Date.parse(issued.body.expires_at) - Date.parse(issued.body.issued_at), 2 * 3600_000);

  const verify = await offlineVerifier();
  const { payload, protectedHeader } = await verify(issued.body.token);
  assert.equal(protectedHeader.alg, 'EdDSA');
  assert.equal(protectedHeader.kid, issued.body.kid);
  assert.equal(payload.sub, id);
  assert.equal(payload.jti, issued.body.passport_id);
  assert.equal(payload.idn, identityId);
  assert.equal(payload.agent_id, 'courier');
  assert.deepEqual(payload.summary, issued.body.summary);

  // Tampered: the claims changed (a blocked count hidden), the signature kept.
  const [header, body, signature] = issued.body.token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  claims.summary.decisions = 1;
  const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
  await assert.rejects(verify(forged), /signature verification failed/);
  // Expired: the verifier's clock past `exp` (3 hours on, validity 2 hours).
  await assert.rejects(verify(issued.body.token, new Date(Date.now() + 3 * 3600_000)), /"exp" claim timestamp check failed/);
  // Another audience (an agent token's) is not a passport.
  await assert.rejects(
    jwtVerify(issued.body.token, createLocalJWKSet((await server.call('GET', '/fabric/keys/public')).body), { audience: 'actiongate' }),
    /unexpected "aud" claim value/,
  );
});

test('issued passports are recorded, listed and read; checked online; a revoked one no longer verifies', async () => {
  const id = await startTrajectory('archivist');
  assert.equal((await decide('/tools/search', 'archivist', { q: 'b' })).body.verdict, 'ALLOWED');
  const issued = (await passport(id, 3)).body;
  const other = (await passport(id)).body;

  const listed = await server.call('GET', `/fabric/passports?trajectory_id=${id}`);
  assert.equal(listed.status, 200);
  assert.deepEqual(
    listed.body.passports.map((p: { passport_id: string }) => p.passport_id).sort(),
    [issued.passport_id, other.passport_id].sort(),
  );
  const record = await server.call('GET', `/fabric/passports/${issued.passport_id}`);
  assert.equal(record.status, 200);
  assert.deepEqual(
    {
      trajectory_id: record.body.trajectory_id,
      identity_id: record.body.identity_id,
      agent_id: record.body.agent_id,
      kid: record.body.kid,
      status: record.body.status,
      expires_at: record.body.expires_at,
      summary: record.body.summary,
    },
    {
      trajectory_id: id,
      identity_id: identityId,
      agent_id: 'archivist',
      kid: issued.kid,
      status: 'valid',
      expires_at: issued.expires_at,
      summary: issued.summary,
    },
  );
  assert.equal(record.body.token, undefined, 'the token is shown once, when issued');
  assert.equal((await server.call('GET', '/fabric/passports/psp_missing')).status, 404);

  const online = (token: string) => server.call('POST', '/fabric/passports/verify', { body: { token } });
  const good = await online(issued.token);
  assert.equal(good.status, 200);
  assert.equal(good.body.valid, true);
  assert.equal(good.body.reason, 'ok');
  assert.equal(good.body.passport.passport_id, issued.passport_id);
  const [header, body, signature] = issued.token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  claims.summary.blocked = 0;
  claims.jti = other.passport_id;
  const forged = await online([header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.'));
  assert.deepEqual([forged.body.valid, forged.body.reason], [false, 'signature or claims do not verify']);

  const revoked = await server.call('POST', `/fabric/passports/${issued.passport_id}/revoke`, { body: { reason: 'agent compromised' } });
  assert.equal(revoked.status, 200);
  assert.equal(revoked.body.status, 'revoked');
  assert.equal(revoked.body.revoked_reason, 'agent compromised');
  const again = await server.call('POST', `/fabric/passports/${issued.passport_id}/revoke`, { body: { reason: 'twice' } });
  assert.equal(again.status, 409);
  const refused = await online(issued.token);
  assert.equal(refused.body.valid, false);
  assert.match(refused.body.reason, /^revoked at .*: agent compromised$/);
  assert.equal(refused.body.passport.status, 'revoked');
  assert.equal((await online(other.token)).body.valid, true, 'the other passport of the trajectory stands');
  assert.equal((await server.call('POST', '/fabric/passports/psp_missing/revoke', { body: { reason: 'x' } })).status, 404);
  assert.equal((await server.call('POST', `/fabric/passports/${other.passport_id}/revoke`, { body: {} })).status, 422);

  // Another tenant's key does not learn of this tenant's passports.
  const foreignKey = (await server.call('POST', '/signup', { key: null, body: { name: 'Elsewhere' } })).body.api_key;
  const foreign = await server.call('POST', '/fabric/passports/verify', { key: foreignKey, body: { token: other.token } });
  assert.deepEqual([foreign.body.valid, foreign.body.reason, foreign.body.passport], [false, 'unknown passport', null]);
  assert.equal((await server.call('GET', `/fabric/passports/${other.passport_id}`, { key: foreignKey })).status, 404);
});

test('a trajectory with a blocked decision gets no passport, with the reason', async () => {
  const id = await startTrajectory('shell-user');
  await decide('/tools/search', 'shell-user', { q: 'b' });
  const blocked = await decide('/tools/shell', 'shell-user', { cmd: 'cat /etc/passwd' });
  assert.equal(blocked.body.blocked, true);
  const refused = await passport(id);
  assert.equal(refused.status, 409);
  assert.match(refused.body.detail, new RegExp(`not clean.*1 decision\\(s\\) blocked: \`${blocked.body.decision_id}\``));
});

test('a trajectory where a trajectory policy matched gets no passport, naming the policy', async () => {
  const policy = await server.call('POST', '/fabric/trajectory-policies', {
    body: {
      name: 'secret then mail',
      rules: [
        { steps: [{ action: '/tools/secrets/*' }, { action: '/tools/send_email' }], effect: 'require_approval', window_seconds: 600 },
      ],
    },
  });
  assert.equal(policy.status, 201);
  const id = await startTrajectory('leaker');
  // A secret's value read is critical and always held (issue 13); its description is a low read.
  assert.equal((await decide('/tools/secrets/describe', 'leaker', { name: 'db' })).body.verdict, 'ALLOWED');
  const send = await decide('/tools/send_email', 'leaker', { to: 'drop@evil.example' });
  assert.equal(send.body.verdict, 'REQUIRE_APPROVAL');
  const refused = await passport(id);
  assert.equal(refused.status, 409);
  assert.match(
    refused.body.detail,
    new RegExp(`trajectory policy \`secret then mail\` matched 1 decision\\(s\\): \`${send.body.decision_id}\``),
  );
});

test('bad requests: unknown identity or trajectory, mismatched id, bad validity, unknown fields', async () => {
  const unknownIdentity = await server.call('POST', '/fabric/trajectories', { body: { identity_id: 'idn_nope', agent_id: 'a' } });
  assert.equal(unknownIdentity.status, 404);
  assert.match(unknownIdentity.body.detail, /identity `idn_nope` not found/);
  assert.equal((await passport('trj_nope')).status, 404);
  const id = await startTrajectory('checker');
  const mismatch = await server.call('POST', `/fabric/trajectories/${id}/passport`, { body: { trajectory_id: 'trj_other' } });
  assert.equal(mismatch.status, 422);
  assert.match(JSON.stringify(mismatch.body.detail), /trj_other/);
  const tooLong = await server.call('POST', `/fabric/trajectories/${id}/passport`, { body: { trajectory_id: id, validity_hours: 10_000 } });
  assert.equal(tooLong.status, 422);
  const extra = await server.call('POST', '/fabric/trajectories', { body: { identity_id: identityId, agent_id: 'a', note: 1 } });
  assert.equal(extra.status, 422);
  // An empty trajectory is clean: its passport says so (zero decisions), it claims nothing else.
  const empty = await passport(id);
  assert.equal(empty.status, 201);
  assert.equal(empty.body.summary.decisions, 0);
  assert.equal(empty.body.summary.first_decision_at, null);
});
