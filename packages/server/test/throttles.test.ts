// Throttles of what anyone can call without a key (issue 23): signups per address per hour, every
// other keyless route per address per minute, never the health probes nor calls with a key; behind
// a trusted proxy the client's address is the one from X-Forwarded-For, and never otherwise.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let direct: TestServer;
let proxied: TestServer;
const LIMITS = { ACTIONGATE_SIGNUP: 'open', ACTIONGATE_SIGNUP_PER_HOUR: '3', ACTIONGATE_PUBLIC_PER_MINUTE: '5' };
before(async () => {
  [direct, proxied] = await Promise.all([startServer(LIMITS), startServer({ ...LIMITS, ACTIONGATE_TRUST_PROXY: '127.0.0.1' })]);
});
after(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

const signup = (server: TestServer, n: number, headers: Record<string, string> = {}) =>
  server.call('POST', '/signup', { key: null, body: { name: `tenant ${n}` }, headers });

test('POST /signup: 3 an hour from one address, then 429 with Retry-After and nothing created', async () => {
  for (let i = 0; i < 3; i++) assert.equal((await signup(direct, i)).status, 201);
  const tenants = await direct.store.countTenants();
  const refused = await signup(direct, 3);
  assert.equal(refused.status, 429);
  assert.equal(refused.body.code, 'AG_THROTTLED');
  assert.match(refused.body.detail, /too many requests from this address; retry in \d+ s/);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.equal(await direct.store.countTenants(), tenants, 'no tenant created');
  // A client cannot pick its own address when no proxy is trusted.
  assert.equal((await signup(direct, 4, { 'x-forwarded-for': '203.0.113.9' })).status, 429);
});

test('every other keyless route: 5 a minute per address; probes and keyed calls are not counted', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await direct.call('GET', '/fabric/try', { key: null })).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
  assert.equal((await direct.call('GET', '/fabric/openapi.json', { key: null })).status, 429, 'one budget for all keyless routes');
  for (let i = 0; i < 20; i++) {
    assert.equal((await direct.call('GET', '/healthz', { key: null })).status, 200);
    assert.equal((await direct.call('GET', '/readyz', { key: null })).status, 200);
  }
  for (let i = 0; i < 10; i++) assert.equal((await direct.call('GET', '/fabric/decisions?limit=1')).status, 200);
});

test('behind a trusted proxy (ACTIONGATE_TRUST_PROXY) each client address has its own budget', async () => {
  const a = { 'x-forwarded-for': '198.51.100.1' };
  const b = { 'x-forwarded-for': '198.51.100.2' };
  for (let i = 0; i < 3; i++) assert.equal((await signup(proxied, i, a)).status, 201);
  assert.equal((await signup(proxied, 3, a)).status, 429);
  assert.equal((await signup(proxied, 4, b)).status, 201, 'another client behind the same proxy');
});
