// The consensus stage of several nodes: table cases with a note per row, and what a consensus
// denial does to the verdict, the approval and the agent's record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, decide, type ClusterView, type DecisionState } from '../src/index.ts';
import { NOW, input, record, state as baseState } from './support/decision-fixtures.ts';

const NORMAL = record(5);

const state = (cluster: ClusterView | undefined, extra: Partial<DecisionState> = {}): DecisionState =>
  baseState(NORMAL, NORMAL, { ...(cluster ? { cluster } : {}), ...extra });

const view = (extra: Partial<ClusterView> = {}): ClusterView => ({
  nodeId: 'node-a',
  nodeCount: 2,
  healthyNodes: 2,
  quorum: 2,
  running: true,
  viewAgeMs: 100,
  staleAfterMs: 5000,
  ...extra,
});

const CASES: { note: string; cluster: ClusterView; verdict: string; stage: string; detail: RegExp }[] = [
  { note: 'two of two healthy: quorum', cluster: view(), verdict: 'ALLOWED', stage: 'allow', detail: /quorum: 2 of 2 nodes healthy/ },
  {
    note: 'two of three healthy still make a majority',
    cluster: view({ nodeCount: 3, healthyNodes: 2, quorum: 2 }),
    verdict: 'ALLOWED',
    stage: 'allow',
    detail: /2 of 3/,
  },
  {
    note: 'one of two healthy: no quorum',
    cluster: view({ healthyNodes: 1 }),
    verdict: 'BLOCKED',
    stage: 'deny',
    detail: /no quorum: 1 of 2 nodes healthy, 2 needed/,
  },
  {
    note: 'a stale view: the node lost the database',
    cluster: view({ viewAgeMs: 9000 }),
    verdict: 'BLOCKED',
    stage: 'deny',
    detail: /lost the database.*9000 ms ago/,
  },
  { note: 'never heartbeated', cluster: view({ viewAgeMs: null }), verdict: 'BLOCKED', stage: 'deny', detail: /written never/ },
  {
    note: 'taken out of service by a crash fault',
    cluster: view({ running: false }),
    verdict: 'BLOCKED',
    stage: 'deny',
    detail: /out of service/,
  },
  {
    note: 'a single node is its own quorum',
    cluster: view({ nodeCount: 1, healthyNodes: 1, quorum: 1 }),
    verdict: 'ALLOWED',
    stage: 'allow',
    detail: /1 of 1/,
  },
];

for (const c of CASES) {
  test(`consensus: ${c.note}`, () => {
    const decision = decide(input('/tools/search', { q: 1 }), state(c.cluster));
    assert.deepEqual(
      decision.stages.map((stage) => stage.stage),
      ['identity', 'trust', 'policy', 'approval', 'consensus'],
    );
    const consensus = decision.stages[4];
    assert.equal(consensus.verdict, c.stage);
    assert.equal(consensus.enforcing, true);
    assert.match(consensus.detail, c.detail);
    assert.equal(decision.verdict, c.verdict);
  });
}

test('without a cluster view the chain keeps its four stages', () => {
  const decision = decide(input('/tools/search', { q: 1 }), state(undefined));
  assert.deepEqual(
    decision.stages.map((stage) => stage.stage),
    ['identity', 'trust', 'policy', 'approval'],
  );
});

test('a consensus denial blocks in shadow mode too, consumes no approval and does not count against the agent', () => {
  const approved = { id: 'apr_1', status: 'approved' as const, createdAt: NOW - 1000, expiresAt: NOW + 3600_000 };
  const lost = view({ healthyNodes: 1 });
  const held = decide(input('/tools/shell', { cmd: 'rm -rf /tmp/x' }), state(lost, { approvedApproval: approved }));
  assert.equal(held.verdict, 'BLOCKED');
  assert.match(held.detail, /blocked by consensus: no quorum/);
  assert.equal(held.effects.approval, null, 'the approval stays for a node with quorum');
  assert.equal(held.effects.trust, null, 'not the agent’s doing');
  const shadow = decide(input('/tools/search', { q: 1 }), state(lost, { settings: { ...DEFAULT_SETTINGS, mode: 'shadow' } }));
  assert.equal(shadow.verdict, 'BLOCKED');
  assert.equal(shadow.blocked, true);
  const ok = decide(input('/tools/shell', { cmd: 'rm -rf /tmp/x' }), state(view(), { approvedApproval: approved }));
  assert.equal(ok.verdict, 'ALLOWED');
  assert.deepEqual(ok.effects.approval, { kind: 'consume', approvalId: 'apr_1' });
});
