import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, canonicalHash, decide, type DecisionState } from '../src/index.ts';
import { validatePlan } from '../src/plan/validate-plan.ts';

const cases: Array<{ note: string; path?: string; payload: unknown; isPlan: boolean; problems: RegExp[] }> = [
  { note: 'no plan field: not a plan', payload: { to: 'a@b.c' }, isPlan: false, problems: [] },
  { note: 'a plan field of a non-plan tool that is not an array is left alone', payload: { plan: 'premium' }, isPlan: false, problems: [] },
  {
    note: 'a well-formed plan passes',
    payload: {
      plan: [
        { index: 0, action: 'open', target: 'https://x' },
        { index: 1, action: 'click', value: 2, approver: null },
      ],
    },
    isPlan: true,
    problems: [],
  },
  {
    note: 'plan tool with a string plan',
    path: '/tools/execute_plan',
    payload: { plan: 'do it' },
    isPlan: true,
    problems: [/must be an array of steps, got string/],
  },
  { note: 'empty plan', payload: { plan: [] }, isPlan: true, problems: [/has no steps/] },
  {
    note: 'a step that is not an object',
    payload: { plan: [{ index: 0, action: 'a' }, 7] },
    isPlan: true,
    problems: [/`plan\[1\]` must be an object, got number/],
  },
  {
    note: 'missing index and action',
    payload: { plan: [{ target: 'x' }] },
    isPlan: true,
    problems: [/missing `index`/, /missing `action`/],
  },
  {
    note: 'non-integer index',
    payload: { plan: [{ index: 1.5, action: 'a' }] },
    isPlan: true,
    problems: [/`plan\[0\].index` must be a non-negative integer/],
  },
  {
    note: 'duplicate index',
    payload: {
      plan: [
        { index: 0, action: 'a' },
        { index: 0, action: 'b' },
      ],
    },
    isPlan: true,
    problems: [/`plan\[1\].index` 0 repeats the index of `plan\[0\]`/],
  },
  {
    note: 'out of order index',
    payload: {
      plan: [
        { index: 2, action: 'a' },
        { index: 1, action: 'b' },
      ],
    },
    isPlan: true,
    problems: [/`plan\[1\].index` 1 is out of order/],
  },
  {
    note: 'wrong optional types',
    payload: { plan: [{ index: 0, action: 'a', value: '5', target: 3 }] },
    isPlan: true,
    problems: [/`plan\[0\].target` must be a string/, /`plan\[0\].value` must be a number/],
  },
];

for (const row of cases) {
  test(`plan check: ${row.note}`, () => {
    const result = validatePlan(row.path ?? '/tools/run', row.payload);
    assert.equal(result.isPlan, row.isPlan);
    assert.equal(result.problems.length, row.problems.length, result.problems.join('; '));
    row.problems.forEach((pattern, i) => assert.match(result.problems[i], pattern));
  });
}

test('plan check: reports at most ten problems and counts the rest', () => {
  const plan = Array.from({ length: 15 }, () => ({}));
  const result = validatePlan('/tools/run', { plan });
  assert.equal(result.problems.length, 11);
  assert.match(result.problems[10], /and 20 more problems/);
});

test('a malformed plan is blocked by the policy stage with the reason', () => {
  const payload = { plan: [{ index: 0, action: 'open' }, { index: 0 }] };
  const state: DecisionState = {
    settings: DEFAULT_SETTINGS,
    halted: null,
    agent: { approved: 60, blocked: 0, recentBlockedAt: [], override: null },
    key: { approved: 60, blocked: 0, recentBlockedAt: [], override: null },
    rules: [],
    approvedApproval: null,
    pendingApproval: null,
  };
  const decision = decide(
    {
      decisionId: 'fd_1',
      tenantId: 'tn_1',
      now: 1_800_000_000_000,
      path: '/tools/run_plan',
      agentId: 'planner',
      payload,
      payloadHash: canonicalHash(payload),
      principal: { kind: 'customer', keyId: 'key_1' },
      newApprovalId: 'apr_1',
    },
    state,
  );
  assert.equal(decision.verdict, 'BLOCKED');
  const policy = decision.stages.find((stage) => stage.stage === 'policy')!;
  assert.equal(policy.verdict, 'deny');
  assert.match(policy.detail, /^malformed plan: .*repeats the index.*missing `action`/);
  assert.deepEqual((policy.data.plan as { steps: number }).steps, 2);
});
