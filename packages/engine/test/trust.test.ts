import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentTrustState,
  keyTrustState,
  lowerTrust,
  recordOutcome,
  reinstateRecord,
  trustMatrix,
  DEFAULT_TRUST_THRESHOLDS,
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

test('the degrade window, blocks to degrade and blocks to suspend are tenant settings', () => {
  const twoRecent: TrustRecord = { approved: 40, blocked: 2, recentBlockedAt: [NOW - 3_600_000, NOW - 7_200_000], override: null };
  assert.equal(agentTrustState(twoRecent, NOW), 'degraded', 'default: one recent block degrades');
  const lenient = { ...DEFAULT_TRUST_THRESHOLDS, degradeAfterRecentBlocks: 3, suspendAfterRecentBlocks: 5 };
  assert.equal(agentTrustState(twoRecent, NOW, lenient), 'normal', 'two blocks under a threshold of three leave the earned state');
  const strict = { ...DEFAULT_TRUST_THRESHOLDS, suspendAfterRecentBlocks: 2 };
  assert.equal(agentTrustState(twoRecent, NOW, strict), 'suspended');
  const shortWindow = { ...DEFAULT_TRUST_THRESHOLDS, recentWindowMs: 3_000_000 };
  assert.equal(agentTrustState(twoRecent, NOW, shortWindow), 'normal', 'blocks older than the window no longer weigh');
});

test('reinstating forgives the blocked attempts so far: the agent gets the state its approved record earns', () => {
  const bad: TrustRecord = { approved: 4, blocked: 3, recentBlockedAt: [NOW - 1000, NOW - 2000, NOW - 3000], override: 'suspended' };
  assert.equal(agentTrustState(bad, NOW), 'suspended');
  const reinstated = reinstateRecord(bad);
  assert.deepEqual(reinstated, { approved: 4, blocked: 3, recentBlockedAt: [], override: null, forgivenBlocked: 3 });
  assert.equal(agentTrustState(reinstated, NOW), 'normal', 'not left degraded by a share of 4/7');
  // A later block counts again, from the reinstatement on.
  assert.equal(agentTrustState(recordOutcome(reinstated, 'blocked', NOW + 1), NOW + 2), 'degraded');
  const key: TrustRecord = { approved: 15, blocked: 6, recentBlockedAt: [], override: null };
  assert.equal(keyTrustState(key), 'degraded');
  assert.equal(keyTrustState(reinstateRecord(key)), 'normal');
});
