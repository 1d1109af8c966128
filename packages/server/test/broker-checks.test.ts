// The pure checks of brokered calls (issue 18), table-driven: address classes, allowed hosts, DNS
// pinning against rebinding, and the scrubbing of secrets from answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressRefusal } from '../src/broker/address-policy.ts';
import { redactBytes, secretForms } from '../src/broker/credential-injection.ts';
import { allowedHostMatch, hostEntryProblem } from '../src/broker/host-allowlist.ts';
import { CallRefused, pinnedLookup, resolvePinned } from '../src/broker/pinned-address.ts';

const ADDRESSES: Array<{ note: string; address: string; literal: boolean; refused: RegExp | null }> = [
  { note: 'public IPv4', address: '93.184.216.34', literal: false, refused: null },
  { note: 'loopback', address: '127.0.0.1', literal: false, refused: /loopback/ },
  { note: 'loopback listed literally', address: '127.0.0.1', literal: true, refused: null },
  { note: 'private 10/8', address: '10.1.2.3', literal: false, refused: /private/ },
  { note: 'private 172.16/12', address: '172.20.0.1', literal: false, refused: /private/ },
  { note: 'private 192.168/16', address: '192.168.1.1', literal: false, refused: /private/ },
  { note: 'link-local', address: '169.254.10.10', literal: false, refused: /link-local/ },
  { note: 'metadata, even listed literally', address: '169.254.169.254', literal: true, refused: /cloud metadata/ },
  { note: 'AWS IPv6 metadata', address: 'fd00:ec2::254', literal: true, refused: /cloud metadata/ },
  { note: 'carrier-grade NAT', address: '100.64.0.1', literal: false, refused: /shared/ },
  { note: 'this network', address: '0.0.0.0', literal: false, refused: /this-network/ },
  { note: 'IPv6 loopback', address: '::1', literal: false, refused: /loopback/ },
  { note: 'IPv6 link-local', address: 'fe80::1', literal: false, refused: /link-local/ },
  { note: 'IPv6 unique local', address: 'fd12:3456::1', literal: false, refused: /unique local/ },
  { note: 'IPv4-mapped loopback', address: '::ffff:7f00:1', literal: false, refused: /IPv4-mapped/ },
  { note: 'public IPv6', address: '2606:4700::1111', literal: false, refused: null },
];

for (const c of ADDRESSES) {
  test(`address: ${c.note}`, () => {
    const refusal = addressRefusal(c.address, c.literal);
    if (c.refused === null) assert.equal(refusal, null);
    else assert.match(refusal ?? '', c.refused);
  });
}

test('allowed hosts: exact entries are literal, `*.` entries cover subdomains only', () => {
  const hosts = ['api.example.com', '*.corp.example', '[::1]', '127.0.0.1'];
  assert.equal(allowedHostMatch(hosts, 'API.example.com'), 'literal');
  assert.equal(allowedHostMatch(hosts, 'a.corp.example'), 'pattern');
  assert.equal(allowedHostMatch(hosts, 'corp.example'), null);
  assert.equal(allowedHostMatch(hosts, 'evilcorp.example'), null);
  assert.equal(allowedHostMatch(hosts, '::1'), 'literal');
  assert.equal(allowedHostMatch(hosts, '127.0.0.2'), null);
  assert.match(hostEntryProblem('*') ?? '', /names no host/);
  assert.match(hostEntryProblem('a.*.example') ?? '', /wildcard may only lead/);
  assert.match(hostEntryProblem('https://x.example/') ?? '', /not a host name/);
  assert.equal(hostEntryProblem('*.example.com'), null);
});

test('DNS is resolved once and checked: a name resolving only to private addresses is refused unless literal', async () => {
  let lookups = 0;
  const resolver = async () => {
    lookups++;
    return [{ address: '10.0.0.7', family: 4 }];
  };
  await assert.rejects(resolvePinned('internal.example', false, resolver), (error: Error) => {
    assert.ok(error instanceof CallRefused);
    assert.match(error.message, /resolves only to refused addresses: address 10\.0\.0\.7 is private/);
    return true;
  });
  assert.deepEqual(await resolvePinned('internal.example', true, resolver), { address: '10.0.0.7', family: 4 });
  assert.equal(lookups, 2);
  const metadata = async () => [{ address: '169.254.169.254', family: 4 }];
  await assert.rejects(resolvePinned('metadata.google.internal', true, metadata), /cloud metadata/);
  const failing = async () => {
    throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
  };
  await assert.rejects(resolvePinned('nowhere.example', false, failing), /did not resolve \(ENOTFOUND\)/);
});

test('a public and a private answer: the public one is pinned, and the socket can only reach it (no rebinding)', async () => {
  const pinned = await resolvePinned('mixed.example', false, async () => [
    { address: '10.0.0.1', family: 4 },
    { address: '93.184.216.34', family: 4 },
  ]);
  assert.deepEqual(pinned, { address: '93.184.216.34', family: 4 });
  const lookup = pinnedLookup(pinned) as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void;
  // Whatever name the socket asks for, and however often, it gets the checked address.
  const single = await new Promise((resolve) => lookup('mixed.example', {}, (_e, address, family) => resolve([address, family])));
  assert.deepEqual(single, ['93.184.216.34', 4]);
  const all = await new Promise((resolve) => lookup('other.example', { all: true }, (_e, list) => resolve(list)));
  assert.deepEqual(all, [{ address: '93.184.216.34', family: 4 }]);
});

test('secrets are scrubbed from echoed answers in every form they travel in', () => {
  const basic = secretForms('basic', 'alice:s3cret-pass');
  const echoed = Buffer.from(
    `Authorization: Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}; pw=s3cret-pass; raw=alice:s3cret-pass`,
  );
  const clean = redactBytes(echoed, basic).toString();
  assert.ok(!clean.includes('s3cret-pass'));
  assert.ok(!clean.includes(Buffer.from('alice:s3cret-pass').toString('base64')));
  const query = secretForms('query', 'a b&c/d');
  assert.equal(redactBytes(Buffer.from('?api_key=a+b%26c%2Fd&x=1'), query).toString(), '?api_key=[redacted]&x=1');
  assert.equal(redactBytes(Buffer.from('nothing here'), query).toString(), 'nothing here');
});
