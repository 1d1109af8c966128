// Issue 21 item 4, pure: plan scoring against budget and ceiling, and which call is which plan step
// (table cases with a note per row).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessPlan, callMatchesStep, ceilingRisk, type PlanStepInput } from '../src/index.ts';

const steps: PlanStepInput[] = [
  { index: 0, action: 'read_file', target: '/etc/motd' },
  { index: 1, action: 'shell', target: 'rm -rf /' },
];

test('assessPlan: the classifier scores each step; budget and ceiling refuse naming the step', () => {
  const cases = [
    { note: 'critical step above a high ceiling', budget: 5, ceiling: 'high', refusedAt: 1, reason: /step 1 \(`shell`\) is critical risk/ },
    { note: 'admin ceiling admits critical, budget 1.1 holds', budget: 1.1, ceiling: 'ADMIN', refusedAt: null, reason: null },
    {
      note: 'budget 1 passed by 1.1',
      budget: 1,
      ceiling: 'critical',
      refusedAt: 1,
      reason: /cumulative risk to 1.1, over the budget of 1/,
    },
    { note: 'budget 0 refuses the first step', budget: 0, ceiling: 'critical', refusedAt: 0, reason: /over the budget of 0/ },
  ];
  for (const row of cases) {
    const result = assessPlan(steps, row.budget, row.ceiling);
    assert.deepEqual(
      result.steps.map((step) => step.risk_class),
      ['low', 'critical'],
      row.note,
    );
    if (row.refusedAt === null) {
      assert.equal(result.accepted, true, row.note);
      assert.equal(result.cumulativeRisk, 1.1, row.note);
    } else {
      assert.equal(result.accepted, false, row.note);
      if (!result.accepted) {
        assert.equal(result.position, row.refusedAt, row.note);
        assert.match(result.reason, row.reason!, row.note);
      }
    }
  }
  assert.equal(ceilingRisk('execute'), 'high');
  assert.equal(ceilingRisk('NONE'), null);
  assert.equal(ceilingRisk('root'), undefined);
});

test('callMatchesStep: same tool, the target among the arguments, the value as the amount', () => {
  const [scored] = assessPlan([{ index: 0, action: 'transfer_funds', target: 'acct-1', value: 250 }], 10, 'critical').steps;
  const cases = [
    { note: 'exact', path: '/tools/transfer_funds', payload: { to: 'acct-1', amount: 250 }, match: true },
    { note: 'target nested', path: '/tools/transfer_funds', payload: { dest: { account: 'acct-1' }, amount: 250 }, match: true },
    { note: 'other amount', path: '/tools/transfer_funds', payload: { to: 'acct-1', amount: 251 }, match: false },
    { note: 'other target', path: '/tools/transfer_funds', payload: { to: 'acct-2', amount: 250 }, match: false },
    { note: 'other tool', path: '/tools/refund', payload: { to: 'acct-1', amount: 250 }, match: false },
  ];
  for (const row of cases) assert.equal(callMatchesStep(scored, row.path, row.payload), row.match, row.note);
});
