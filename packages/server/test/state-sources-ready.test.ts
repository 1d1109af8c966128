// Issue 15: decision state the store does not load is taken without awaiting `prepare` when every
// source has it fresh in memory (`ready`), and is then what `prepare` would have answered; when any
// source would load, `ready` answers nothing and the decision awaits `prepare` as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DecisionState } from '@actiongate/engine';
import type { DecisionStateSource } from '../src/decision-service.ts';
import { combineStateSources } from '../src/state-sources.ts';
import { TenantSnapshots } from '../src/governance/tenant-snapshots.ts';

function source(name: string, snapshots: TenantSnapshots<string>): DecisionStateSource {
  return {
    prepare: async (tenantId) => ({ [name]: await snapshots.get(tenantId) }) as Partial<DecisionState>,
    ready: (tenantId) => {
      const value = snapshots.fresh(tenantId);
      return value === undefined ? undefined : ({ [name]: value } as Partial<DecisionState>);
    },
    current: () => null,
  };
}

test('ready answers what prepare answers while every snapshot is fresh, and nothing once one would load', async () => {
  let now = 0;
  let loads = 0;
  const load = async (tenantId: string) => (loads++, `${tenantId}@${now}`);
  const a = new TenantSnapshots(load, () => now, 1_000);
  const b = new TenantSnapshots(load, () => now, 5_000);
  const combined = combineStateSources(source('a', a), source('b', b));
  const call = { agentId: 'bot', traceId: null };

  assert.equal(combined.ready!('tn', call), undefined, 'nothing loaded yet');
  const prepared = await combined.prepare('tn', call);
  assert.equal(loads, 2);
  assert.deepEqual(combined.ready!('tn', call), prepared);
  now = 999;
  assert.deepEqual(combined.ready!('tn', call), prepared, 'still fresh');
  assert.equal(loads, 2, 'ready loads nothing');
  now = 1_000;
  assert.equal(combined.ready!('tn', call), undefined, "one source's snapshot is stale: prepare must load it");
  assert.deepEqual(await combined.prepare('tn', call), { a: 'tn@1000', b: 'tn@0' });
  assert.deepEqual(combined.ready!('tn', call), { a: 'tn@1000', b: 'tn@0' });
});

test('a source without ready leaves every decision to prepare', async () => {
  const snapshots = new TenantSnapshots(
    async () => 'x',
    () => 0,
    1_000,
  );
  const plain: DecisionStateSource = { prepare: async () => ({}), current: () => null };
  const combined = combineStateSources(source('a', snapshots), plain);
  await combined.prepare('tn');
  assert.equal(combined.ready!('tn'), undefined);
});

test('ready and current lay the sources in order, later ones winning, as one spread of their parts would', () => {
  const part = (fields: Record<string, unknown> | null | undefined): DecisionStateSource => ({
    prepare: async () => ({ ...fields }) as Partial<DecisionState>,
    ready: () => (fields === undefined ? undefined : ((fields ?? {}) as Partial<DecisionState>)),
    current: () => (fields ?? null) as Partial<DecisionState> | null,
  });
  const first = { posture: 'a', egressRules: [1] };
  const second = { posture: 'b', closure: null };
  const combined = combineStateSources(part(first), part(null), part(second));
  const expected = { posture: 'b', egressRules: [1], closure: null };
  assert.deepEqual(combined.current('tn'), expected);
  assert.deepEqual(Object.keys(combined.current('tn')!), ['posture', 'egressRules', 'closure']);
  assert.deepEqual(combined.ready!('tn'), expected);
  const parts = combined.current('tn')!;
  assert.notEqual(parts, first, 'a fresh object: no source part is changed');
  assert.deepEqual(first, { posture: 'a', egressRules: [1] });
  assert.equal(combineStateSources(part(first), part(undefined)).ready!('tn'), undefined);
});
