import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentTrustState,
  keyTrustState,
  lowerTrust,
  recordOutcome,
  trustMatrix,
  type RiskClass,
  type TrustRecord,
  type TrustState,
} from '../src/index.ts';
import matrix from './cases/trust-matrix.json' with { type: 'json' };
import states from './cases/trust-states.json' with { type: 'json' };

const NOW = 1_800_000_000_000;

for (const row of matrix) {
  test(`trust matrix: ${row.note}`, () => {
    const cell = trustMatrix(row.state as TrustState, row.risk as RiskClass);
    assert.equal(cell.verdict, row.verdict);
    assert.equal(cell.holdReason, (row as { hold_reason?: string }).hold_reason);
    assert.equal(cell.monitored ?? false, (row as { monitored?: boolean }).monitored ?? false);
  });
}

for (const row of states) {
  test(`agent trust state: ${row.note}`, () => {
    const record: TrustRecord = {
      approved: row.record.approved,
      blocked: row.record.blocked,
      recentBlockedAt: row.record.recentBlockedAt.map((offset) => NOW + offset),
      override: ((row.record as { override?: string }).override ?? null) as TrustRecord['override'],
    };
    assert.equal(agentTrustState(record, NOW), row.state);
  });
}

test('a key is judged on its record-wide share only, with a longer record', () => {
  const recent = { approved: 3, blocked: 2, recentBlockedAt: [NOW - 1000, NOW - 2000], override: null };
  assert.equal(agentTrustState(recent, NOW), 'degraded');
  assert.equal(keyTrustState(recent), 'new', 'recent blocks of one agent do not hold the whole key');
  assert.equal(keyTrustState({ approved: 15, blocked: 5, recentBlockedAt: [], override: null }), 'degraded');
  assert.equal(keyTrustState({ approved: 60, blocked: 0, recentBlockedAt: [], override: 'suspended' }), 'suspended');
});

test('the effective state is the lower of agent and key', () => {
  assert.equal(lowerTrust('trusted', 'new'), 'new');
  assert.equal(lowerTrust('normal', 'trusted'), 'normal');
  assert.equal(lowerTrust('degraded', 'new'), 'degraded');
  assert.equal(lowerTrust('new', 'revoked'), 'revoked');
});

test('recording outcomes counts and keeps the newest blocked times first', () => {
  let record: TrustRecord = { approved: 0, blocked: 0, recentBlockedAt: [], override: null };
  record = recordOutcome(record, 'approved', NOW);
  record = recordOutcome(record, 'blocked', NOW + 1);
  record = recordOutcome(record, 'blocked', NOW + 2);
  assert.deepEqual(record, { approved: 1, blocked: 2, recentBlockedAt: [NOW + 2, NOW + 1], override: null });
});
