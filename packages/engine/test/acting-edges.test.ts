// Issue 20: impersonation through acting edges (shortest live path, actions intersected, bounded
// hops) and the composition of grants (a union beyond every single grant is flagged). Table-driven,
// a note per case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actingPath, composeGrants, MAX_ACTING_HOPS, type ActingEdge } from '../src/index.ts';

const edge = (id: string, source: string, target: string, actions: string[]): ActingEdge => ({
  id,
  source,
  target,
  relation: 'acts_for',
  allowedActions: actions,
});

const EDGES = [
  edge('e1', 'bot', 'alice', ['read', 'write']),
  edge('e2', 'alice', 'bob', ['read']),
  edge('e3', 'bot', 'carol', ['write']),
  edge('e4', 'carol', 'dave', ['read']),
];

const PATH_CASES: Array<{ note: string; actual: string; claimed: string; ok: boolean; edges?: string[]; actions?: string[] }> = [
  { note: 'the same identity needs no edge', actual: 'bot', claimed: 'bot', ok: true, edges: [], actions: [] },
  { note: 'one edge', actual: 'bot', claimed: 'alice', ok: true, edges: ['e1'], actions: ['read', 'write'] },
  { note: 'two edges: actions intersect', actual: 'bot', claimed: 'bob', ok: true, edges: ['e1', 'e2'], actions: ['read'] },
  { note: 'edges have a direction', actual: 'alice', claimed: 'bot', ok: false },
  { note: 'a path whose edges share no action allows nothing', actual: 'bot', claimed: 'dave', ok: false },
  { note: 'no edge at all', actual: 'mallory', claimed: 'alice', ok: false },
];

for (const c of PATH_CASES) {
  test(`actingPath: ${c.note}`, () => {
    const found = actingPath(EDGES, c.actual, c.claimed);
    assert.equal(found.ok, c.ok, JSON.stringify(found));
    if (found.ok) {
      assert.deepEqual(
        found.edges.map((e) => e.id),
        c.edges,
      );
      assert.deepEqual(found.allowedActions, c.actions);
    }
  });
}

test('actingPath: the shortest path wins, and a chain longer than the hop limit is not followed', () => {
  const shortcut = [...EDGES, edge('e5', 'bot', 'bob', ['read'])];
  const found = actingPath(shortcut, 'bot', 'bob');
  assert.ok(found.ok);
  assert.deepEqual(
    found.edges.map((e) => e.id),
    ['e5'],
  );
  const long = Array.from({ length: MAX_ACTING_HOPS + 1 }, (_, i) => edge(`l${i}`, `n${i}`, `n${i + 1}`, ['read']));
  assert.equal(actingPath(long, 'n0', `n${MAX_ACTING_HOPS}`).ok, true);
  assert.equal(actingPath(long, 'n0', `n${MAX_ACTING_HOPS + 1}`).ok, false);
  const cycle = [edge('c1', 'a', 'b', ['read']), edge('c2', 'b', 'a', ['read'])];
  assert.equal(actingPath(cycle, 'a', 'z').ok, false, 'cycles end');
});

const COMPOSITION_CASES: Array<{
  note: string;
  grants: Array<{ id: string; capabilities: string[] }>;
  flagged: boolean;
  excess: string[];
}> = [
  { note: 'one grant is never flagged', grants: [{ id: 'g1', capabilities: ['/tools/crm/'] }], flagged: false, excess: [] },
  {
    note: 'a grant inside another adds nothing',
    grants: [
      { id: 'g1', capabilities: ['/tools/crm/'] },
      { id: 'g2', capabilities: ['/tools/crm/read'] },
    ],
    flagged: false,
    excess: [],
  },
  {
    note: 'read records plus send email: the union exceeds each',
    grants: [
      { id: 'read', capabilities: ['/tools/crm/read'] },
      { id: 'mail', capabilities: ['/tools/send_email'] },
    ],
    flagged: true,
    excess: ['/tools/send_email'],
  },
  { note: 'no grants', grants: [], flagged: false, excess: [] },
];

for (const c of COMPOSITION_CASES) {
  test(`composeGrants: ${c.note}`, () => {
    const result = composeGrants(c.grants);
    assert.equal(result.flagged, c.flagged, result.detail);
    assert.deepEqual(result.excess, c.excess);
  });
}
