// Issue 15: a Bearer token's signature is checked once per token (verified-tokens.ts). What the
// store says about the token, its identity and its minting key is still read on every request, the
// time claims are checked at every use, and only the very bytes that verified are served from memory.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { VerifiedTokens } from '../src/identity/verified-tokens.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let now = Date.now();
before(async () => {
  server = await startServer({}, { clock: () => now });
});
after(() => server.close());

const bearer = (token: string) => ({ key: null, headers: { authorization: `Bearer ${token}` } });
const decideWith = (token: string) =>
  server.call('POST', '/fabric/decisions', { ...bearer(token), body: { path: '/tools/search', payload: { q: now } } });

async function mintedToken(ttlSeconds = 300): Promise<{ token: string; identityId: string }> {
  const identity = await server.call('POST', '/fabric/identities', {
    body: { kind: 'agent', display_name: 'searcher', capabilities: ['/tools/'] },
  });
  assert.equal(identity.status, 201, JSON.stringify(identity.body));
  const minted = await server.call('POST', '/fabric/agent-tokens', {
    body: { agent_id: identity.body.identity.agent_id, scopes: ['/tools/search'], ttl_seconds: ttlSeconds },
  });
  assert.equal(minted.status, 201, JSON.stringify(minted.body));
  return { token: minted.body.token, identityId: identity.body.identity.identity_id };
}

test('a token used again is still refused once its identity is revoked', async () => {
  const { token, identityId } = await mintedToken();
  assert.equal((await decideWith(token)).status, 200);
  assert.equal((await decideWith(token)).status, 200);
  const revoked = await server.call('POST', `/fabric/identities/${identityId}/revoke`, { body: { reason: 'lost laptop' } });
  assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
  const refused = await decideWith(token);
  assert.equal(refused.status, 401, JSON.stringify(refused.body));
  assert.equal(refused.body.code, 'AG_INVALID_TOKEN');
});

test('a token used again is refused from its expiry on, and altered bytes never pass as it', async () => {
  const { token } = await mintedToken(60);
  assert.equal((await decideWith(token)).status, 200);
  // Another signature on the same header and claims: not the bytes that verified.
  const [h, p, s] = token.split('.');
  const flipped = await decideWith(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BA' : 'AA'}`);
  assert.equal(flipped.status, 401);
  assert.match(flipped.body.detail, /signature or claims/);
  assert.equal((await decideWith(token)).status, 200);
  // Past the expiry whichever clock the mint used (the token says `exp`, the row `expires_at`).
  now = Date.now() + 600_000;
  const late = await decideWith(token);
  assert.equal(late.status, 401, JSON.stringify(late.body));
  assert.match(late.body.detail, /expired/);
});

test('VerifiedTokens: served while the key and the time claims hold, as jose counts them', () => {
  const { publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519').publicKey;
  const tokens = new VerifiedTokens(2);
  const payload = { jti: 'atk_1', sub: 'a', nbf: 1_000, exp: 2_000 };
  let ringKey: typeof publicKey | undefined = publicKey;
  const keyOf = (kid: string) => (kid === 'k1' ? ringKey : undefined);
  tokens.keep('t1', 'k1', publicKey, payload);
  assert.equal(tokens.payload('t1', 1_000_000, keyOf), payload);
  assert.equal(tokens.payload('t1', 1_999_999, keyOf), payload);
  // jose: expired when exp <= now in whole seconds; not yet valid when nbf > now.
  assert.equal(tokens.payload('t1', 2_000_000, keyOf), undefined);
  tokens.keep('t1', 'k1', publicKey, payload);
  assert.equal(tokens.payload('t1', 999_999, keyOf), undefined);
  // Another key under the same kid, or none: verified afresh.
  tokens.keep('t1', 'k1', publicKey, payload);
  ringKey = other;
  assert.equal(tokens.payload('t1', 1_500_000, keyOf), undefined);
  ringKey = undefined;
  tokens.keep('t1', 'k1', publicKey, payload);
  assert.equal(tokens.payload('t1', 1_500_000, keyOf), undefined);
  // Only the exact token; the oldest goes first when full.
  ringKey = publicKey;
  tokens.keep('t1', 'k1', publicKey, payload);
  assert.equal(tokens.payload('t1x', 1_500_000, keyOf), undefined);
  tokens.keep('t2', 'k1', publicKey, payload);
  tokens.keep('t3', 'k1', publicKey, payload);
  assert.equal(tokens.size, 2);
  assert.equal(tokens.payload('t1', 1_500_000, keyOf), undefined);
  assert.equal(tokens.payload('t3', 1_500_000, keyOf), payload);
});
