// Issue 21, pure: an authorized plan's steps are used up in index order, each once (table cases
// with a note per row), through the whole chain; the step a decision uses is read back from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessPlan, decide, planStepUsed, type AuthorizedPlan, type DecisionState } from '../src/index.ts';
import { NOW, input, record, state } from './support/decision-fixtures.ts';

const TRUSTED = record(60);

const scored = assessPlan(
  [
    { index: 7, action: 'send_email', target: 'ops@ourco.com' },
    { index: 2, action: 'read_file', target: '/srv/a.txt' },
  ],
  5,
  'critical',
);
const plan = (stepsUsed: number): AuthorizedPlan => ({
  id: 'plan_1',
  agentId: 'agent-1',
  goal: 'read then mail',
  steps: scored.steps,
  stepsUsed,
  authorizedAt: NOW - 1000,
  expiresAt: NOW + 3600_000,
});

const decideCall = (path: string, payload: unknown, extra: Partial<DecisionState>) =>
  decide(input(path, payload), state(TRUSTED, TRUSTED, extra));

const READ = ['/tools/read_file', { path: '/srv/a.txt' }] as const;
const MAIL = ['/tools/send_email', { to: 'ops@ourco.com' }] as const;

test('the next unused step runs; a used, later, other or after-the-end call is held, saying why', () => {
  const cases = [
    {
      note: 'first step, nothing used',
      call: READ,
      state: { authorizedPlans: [plan(0)] },
      verdict: 'ALLOWED',
      used: 0,
      detail: /step 2 \(1 of 2\)/,
    },
    {
      note: 'second step before the first',
      call: MAIL,
      state: { authorizedPlans: [plan(0)] },
      verdict: 'REQUIRE_APPROVAL',
      used: null,
      detail: /out of order: step 7 of plan plan_1 comes after its next step 2 \(read_file\)/,
    },
    {
      note: 'first step again',
      call: READ,
      state: { authorizedPlans: [plan(1)] },
      verdict: 'REQUIRE_APPROVAL',
      used: null,
      detail: /step 2 of plan plan_1 was already used; its next step is 7 \(send_email\)/,
    },
    {
      note: 'second step in turn',
      call: MAIL,
      state: { authorizedPlans: [plan(1)] },
      verdict: 'ALLOWED',
      used: 1,
      detail: /step 7 \(2 of 2\)/,
    },
    {
      note: 'after the last step',
      call: MAIL,
      state: { authorizedPlans: [plan(2)] },
      verdict: 'REQUIRE_APPROVAL',
      used: null,
      detail: /plan plan_1 is complete \(all 2 steps used\)/,
    },
    {
      note: 'another tool',
      call: ['/tools/shell', { command: 'ls' }] as const,
      state: { authorizedPlans: [plan(0)] },
      verdict: 'REQUIRE_APPROVAL',
      used: null,
      detail: /no step of plan plan_1 is \/tools\/shell/,
    },
    {
      note: "the transaction's count overrides a stale snapshot",
      call: READ,
      state: { authorizedPlans: [plan(0)], planProgress: { plan_1: 1 } },
      verdict: 'REQUIRE_APPROVAL',
      used: null,
      detail: /was already used/,
    },
    {
      note: 'another agent is not governed',
      call: READ,
      state: { authorizedPlans: [{ ...plan(1), agentId: 'agent-2' }] },
      verdict: 'ALLOWED',
      used: null,
      detail: /^(?!.*plan_1)/,
    },
  ];
  for (const row of cases) {
    const decision = decideCall(row.call[0], row.call[1], row.state);
    assert.equal(decision.verdict, row.verdict, row.note);
    const policy = decision.stages.find((stage) => stage.stage === 'policy')!;
    assert.match(policy.detail, row.detail, row.note);
    const used = planStepUsed(decision);
    assert.equal(used?.position ?? null, row.used, row.note);
    if (used) assert.deepEqual(used, { planId: 'plan_1', position: row.used, total: 2 }, row.note);
  }
});

test('a blocked or held call that matches the next step uses nothing', () => {
  const held = decideCall(READ[0], READ[1], { authorizedPlans: [plan(0)], halted: { reason: 'drill', since: NOW - 1 } });
  assert.equal(held.blocked, true);
  assert.equal(planStepUsed(held), null);
});
