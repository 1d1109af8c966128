// Issue 20: tool-path scopes, delegation attenuation (property-tested over random chains), the
// revocation cascade, and the identity stage's token scope check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_DELEGATION_DEPTH,
  attenuate,
  decide,
  intersectScopes,
  revocationCascade,
  scopeCovers,
  scopesWithin,
  type DelegationGrant,
  type DecisionInput,
  type DecisionState,
} from '../src/index.ts';
import { NOW, input, record, state } from './support/decision-fixtures.ts';

test('scopes: exact paths, subtrees with a trailing slash, canonical comparison', () => {
  const cases: Array<{ note: string; scope: string; path: string; covers: boolean }> = [
    { note: 'exact path', scope: '/tools/send_email', path: '/tools/send_email', covers: true },
    { note: 'exact path does not cover its children', scope: '/tools/fs', path: '/tools/fs/read', covers: false },
    { note: 'subtree covers a child', scope: '/tools/fs/', path: '/tools/fs/read', covers: true },
    { note: 'subtree covers a grandchild', scope: '/tools/fs/', path: '/tools/fs/dir/list', covers: true },
    { note: 'subtree does not cover its own root', scope: '/tools/fs/', path: '/tools/fs', covers: false },
    { note: 'a sibling prefix is not a child', scope: '/tools/fs/', path: '/tools/fsx/read', covers: false },
    { note: 'dot-dot cannot climb out', scope: '/tools/fs/', path: '/tools/fs/../shell', covers: false },
    { note: 'case and doubled slashes fold', scope: '/tools/send_email', path: '/Tools//Send_Email/', covers: true },
    { note: 'percent-encoding decodes', scope: '/tools/shell', path: '/tools/%73hell', covers: true },
    { note: 'non-path capability compares as is', scope: 'invoices:read', path: 'invoices:read', covers: true },
  ];
  for (const c of cases) assert.equal(scopeCovers(c.scope, c.path), c.covers, c.note);
});

test('scopes: intersection keeps the narrower side of each overlapping pair', () => {
  assert.deepEqual(intersectScopes(['/tools/'], ['/tools/fs/read', '/other/x']), ['/tools/fs/read']);
  assert.deepEqual(intersectScopes(['/tools/fs/'], ['/tools/']), ['/tools/fs/']);
  assert.deepEqual(intersectScopes(['/tools/a'], ['/tools/b']), []);
  assert.deepEqual(intersectScopes(['/tools/fs/', '/tools/fs/read'], ['/tools/fs/']), ['/tools/fs/']);
});

// A small seeded generator (mulberry32), so a failing chain can be replayed from its seed.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNIVERSE = [
  '/tools/',
  '/tools/fs/',
  '/tools/fs/read',
  '/tools/fs/write',
  '/tools/fs/dir/',
  '/tools/fs/dir/list',
  '/tools/mail/',
  '/tools/mail/send',
  '/tools/shell',
  'invoices:read',
  'invoices:write',
];
const PROBES = [
  '/tools/fs/read',
  '/tools/fs/write',
  '/tools/fs/dir/list',
  '/tools/fs/dir/x',
  '/tools/mail/send',
  '/tools/mail/read',
  '/tools/shell',
  '/tools/other',
  'invoices:read',
  'invoices:write',
];

test('property: a delegated child never exceeds its parent, over 2,000 random chains', () => {
  for (let seed = 1; seed <= 2000; seed++) {
    const random = rng(seed);
    const pick = () => UNIVERSE.filter(() => random() < 0.35);
    const root: DelegationGrant = {
      capabilities: pick(),
      expiresAt: random() < 0.2 ? null : NOW + Math.floor(random() * 7200) * 1000,
      depth: 0,
      maxDepth: 1 + Math.floor(random() * MAX_DELEGATION_DEPTH),
      audience: random() < 0.3 ? 'svc-a' : null,
    };
    let parent = root;
    let now = NOW;
    for (let hop = 0; hop < 10; hop++) {
      now += Math.floor(random() * 600) * 1000;
      const ask = {
        capabilities: pick(),
        ttlSeconds: 1 + Math.floor(random() * 7200),
        maxDepth: random() < 0.5 ? 1 + Math.floor(random() * 10) : undefined,
        audience: random() < 0.2 ? (random() < 0.5 ? 'svc-a' : 'svc-b') : undefined,
      };
      const result = attenuate(parent, ask, now);
      const note = `seed ${seed}, hop ${hop + 1}`;
      if (!result.ok) {
        // Refusals must have a true reason.
        if (result.reason === 'too_deep') assert.ok(parent.depth + 1 > Math.min(parent.maxDepth, ask.maxDepth ?? 99), note);
        if (result.reason === 'parent_expired') assert.ok(parent.expiresAt !== null && parent.expiresAt <= now, note);
        if (result.reason === 'audience_mismatch') assert.ok(parent.audience !== null && ask.audience !== parent.audience, note);
        if (result.reason === 'no_capabilities') assert.equal(intersectScopes(parent.capabilities, ask.capabilities).length, 0, note);
        break;
      }
      const child = result.grant;
      // Capabilities: every path the child covers, the parent covers (checked by subsumption and on probes).
      assert.ok(scopesWithin(child.capabilities, parent.capabilities), `${note}: capabilities grew`);
      assert.ok(scopesWithin(child.capabilities, ask.capabilities), `${note}: more than asked`);
      for (const probe of PROBES) {
        if (child.capabilities.some((c) => scopeCovers(c, probe))) {
          assert.ok(
            parent.capabilities.some((c) => scopeCovers(c, probe)),
            `${note}: child covers ${probe}, parent does not`,
          );
          assert.ok(
            root.capabilities.some((c) => scopeCovers(c, probe)),
            `${note}: child covers ${probe}, root does not`,
          );
        }
      }
      // Lifetime, depth and audience never widen.
      assert.ok(child.expiresAt !== null, note);
      if (parent.expiresAt !== null) assert.ok(child.expiresAt! <= parent.expiresAt, `${note}: outlives its parent`);
      assert.ok(child.expiresAt! <= now + ask.ttlSeconds * 1000, note);
      assert.equal(child.depth, parent.depth + 1, note);
      assert.ok(child.depth <= child.maxDepth && child.maxDepth <= parent.maxDepth && child.maxDepth <= MAX_DELEGATION_DEPTH, note);
      if (parent.audience !== null) assert.equal(child.audience, parent.audience, note);
      parent = child;
    }
  }
});

test('attenuation refuses with the reason named', () => {
  const parent: DelegationGrant = { capabilities: ['/tools/fs/'], expiresAt: NOW + 60_000, depth: 2, maxDepth: 3, audience: 'svc-a' };
  const ok = attenuate(parent, { capabilities: ['/tools/', '/tools/shell'], ttlSeconds: 3600 }, NOW);
  assert.ok(ok.ok);
  assert.deepEqual(ok.grant.capabilities, ['/tools/fs/']);
  assert.deepEqual(ok.dropped, ['/tools/'], 'the asked set, made minimal, lost its widest entry');
  assert.equal(ok.grant.expiresAt, NOW + 60_000, 'ttl capped at the parent');
  assert.equal(ok.ttlCapped, true);
  const deeper = attenuate(ok.grant, { capabilities: ['/tools/fs/read'], ttlSeconds: 10 }, NOW);
  assert.deepEqual(deeper.ok ? null : deeper.reason, 'too_deep');
  assert.deepEqual(attenuate(parent, { capabilities: ['/tools/mail/'], ttlSeconds: 10 }, NOW), {
    ok: false,
    reason: 'no_capabilities',
    detail: 'none of the asked capabilities (`/tools/mail/`) is held by the delegator',
  });
  const other = attenuate(parent, { capabilities: ['/tools/fs/'], ttlSeconds: 10, audience: 'svc-b' }, NOW);
  assert.equal(other.ok ? null : other.reason, 'audience_mismatch');
  const late = attenuate(parent, { capabilities: ['/tools/fs/'], ttlSeconds: 10 }, NOW + 60_000);
  assert.equal(late.ok ? null : late.reason, 'parent_expired');
});

test('revocation cascade reaches grandchildren, their delegations, derived delegations and tokens', () => {
  const graph = {
    identities: [
      { id: 'root', parentId: null },
      { id: 'child', parentId: 'root' },
      { id: 'grandchild', parentId: 'child' },
      { id: 'sibling', parentId: null },
    ],
    delegations: [
      { id: 'd1', parentId: null, delegatorId: null, delegateId: 'grandchild' },
      { id: 'd2', parentId: 'd1', delegatorId: 'grandchild', delegateId: 'sibling' },
      { id: 'd3', parentId: 'd2', delegatorId: 'sibling', delegateId: 'sibling' },
      { id: 'd4', parentId: null, delegatorId: null, delegateId: 'sibling' },
    ],
    tokens: [
      { id: 't-grandchild', identityId: 'grandchild', chain: [] },
      { id: 't-sibling-via-d3', identityId: 'sibling', chain: ['d1', 'd2', 'd3'] },
      { id: 't-sibling-own', identityId: 'sibling', chain: ['d4'] },
    ],
  };
  assert.deepEqual(revocationCascade(graph, { identityIds: ['child'] }), {
    identityIds: ['child', 'grandchild'],
    delegationIds: ['d1', 'd2', 'd3'],
    tokenIds: ['t-grandchild', 't-sibling-via-d3'],
  });
  assert.deepEqual(revocationCascade(graph, { delegationIds: ['d2'] }), {
    identityIds: [],
    delegationIds: ['d2', 'd3'],
    tokenIds: ['t-sibling-via-d3'],
  });
});

const AGENT_KEY = { kind: 'agent', keyId: 'key_a', boundAgentId: 'agent-1' } as const;
const tokenInput = (path: string, token?: DecisionInput['token']): DecisionInput => input(path, {}, { principal: AGENT_KEY, token });
const STATE: DecisionState = state(record(60), record(60));

test('identity stage: a token-scoped agent is denied outside its scopes, allowed inside', () => {
  const token = { id: 'atk_1', scopes: ['/tools/fs/', '/tools/search'], chain: [] };
  const outside = decide(tokenInput('/tools/shell', token), STATE);
  assert.equal(outside.verdict, 'BLOCKED');
  assert.equal(outside.stages[0].verdict, 'deny');
  assert.equal(outside.stages[0].data.out_of_scope, true);
  assert.match(outside.stages[0].detail, /not scoped to `\/tools\/shell`/);
  const inside = decide(tokenInput('/tools/fs/read', token), STATE);
  assert.equal(inside.stages[0].verdict, 'allow');
  assert.equal(inside.stages[0].data.matched_scope, '/tools/fs/');
  assert.equal(decide(tokenInput('/tools/fs/../shell', token), STATE).stages[0].verdict, 'deny');
  const halted = decide(tokenInput('/tools/fs/read', token), { ...STATE, halted: { reason: 'incident', since: NOW } });
  assert.equal(halted.stages[0].verdict, 'deny', 'a halt still wins over a token');
  assert.equal(decide(tokenInput('/tools/shell'), STATE).stages[0].verdict, 'allow', 'no token: no scope check');
});
