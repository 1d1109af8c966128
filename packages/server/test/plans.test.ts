// Issue 21 item 4 over HTTP: committed plans (refused by cumulative risk and by the authority
// ceiling, naming the step), authorization by another key (the committing key refused), then each
// call of the agent matched to its plan step and a call outside the plan held, naming the plan; and
// `ActionVerifyRequest` answering violations per step.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let tenant: string;
let approver: string;
before(async () => {
  server = await startServer();
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'plan approver', role: 'approver' } })).body.api_key;
  tenant = (await server.call('GET', '/fabric/me')).body.tenant_id;
  assert.match(tenant, /^tn_/);
  // Listing a directory runs for any agent, so holding it can only come from the plan.
  const rule = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'allow list_dir', effect: 'allow', match_path: '/tools/list_dir' },
  });
  assert.equal(rule.status, 201);
});
after(() => server.close());

const steps = [
  { index: 0, action: 'read_file', target: '/srv/report.txt' },
  { index: 1, action: 'send_email', target: 'boss@ourco.com' },
  { index: 2, action: 'transfer_funds', target: 'acct-42', value: 500 },
];
const commit = (body: Record<string, unknown>, key?: string) =>
  server.call('POST', '/fabric/plans', {
    key,
    body: {
      agent_id: 'planner',
      tenant,
      goal: 'pay the supplier',
      steps,
      max_cumulative_risk_budget: 2,
      authorized_authority_ceiling: 'high',
      ...body,
    },
  });
const decide = (path: string, agent_id: string, payload: unknown) =>
  server.call('POST', '/fabric/decisions', { body: { path, agent_id, payload } });

test('plans are scored step by step and refused by cumulative risk or by the ceiling, naming the step', async () => {
  const accepted = await commit({});
  assert.equal(accepted.status, 201);
  assert.equal(accepted.body.status, 'pending_authorization');
  assert.deepEqual(
    accepted.body.steps.map((step: { risk_class: string }) => step.risk_class),
    ['low', 'medium', 'high'],
  );
  assert.equal(accepted.body.cumulative_risk, 1);

  const cases = [
    {
      note: 'budget below the sum',
      body: { max_cumulative_risk_budget: 0.5 },
      loc: 2,
      msg: /step 2 \(`transfer_funds`.*cumulative risk to 1, over the budget of 0.5/,
    },
    {
      note: 'budget passed at the second step',
      body: { max_cumulative_risk_budget: 0.2 },
      loc: 1,
      msg: /step 1 \(`send_email`.*over the budget of 0.2/,
    },
    {
      note: 'ceiling WRITE (medium)',
      body: { authorized_authority_ceiling: 'WRITE' },
      loc: 2,
      msg: /step 2 \(`transfer_funds`\) is high risk, above the authority ceiling `WRITE`/,
    },
    { note: 'ceiling low', body: { authorized_authority_ceiling: 'low' }, loc: 1, msg: /step 1 \(`send_email`\) is medium risk/ },
    { note: 'ceiling NONE', body: { authorized_authority_ceiling: 'NONE' }, loc: 0, msg: /step 0 \(`read_file`\)/ },
  ];
  for (const row of cases) {
    const refused = await commit(row.body);
    assert.equal(refused.status, 422, row.note);
    assert.deepEqual(refused.body.detail[0].loc, ['body', 'steps', row.loc], row.note);
    assert.match(refused.body.detail[0].msg, row.msg, row.note);
  }
  const unknown = await commit({ authorized_authority_ceiling: 'GOD' });
  assert.equal(unknown.status, 422);
  assert.match(unknown.body.detail[0].msg, /unknown ceiling `GOD`/);
  const wrongTenant = await commit({ tenant: 'tn_someone_else' });
  assert.equal(wrongTenant.status, 404);
  const extra = await commit({ priority: 1 });
  assert.equal(extra.status, 422, 'unknown fields are refused');
});

test('authorized by another key only; then steps match their plan step and off-plan calls are held', async () => {
  // Before any plan: listing runs (the allow rule lifts the new agent's short-record hold).
  const free = await decide('/tools/list_dir', 'planner', { path: '/srv' });
  assert.equal(free.body.verdict, 'ALLOWED');

  const plan = (await commit({})).body;
  const own = await server.call('POST', `/fabric/plans/${plan.plan_id}/authorize`, { body: { authorized_by: 'me' } });
  assert.equal(own.status, 403, 'the committing key may not authorize');
  assert.match(own.body.detail, /committed plan .* may not authorize it/);
  // Still pending: the plan governs nothing yet.
  assert.equal((await decide('/tools/list_dir', 'planner', { path: '/srv' })).body.verdict, 'ALLOWED');

  const ok = await server.call('POST', `/fabric/plans/${plan.plan_id}/authorize`, {
    key: approver,
    body: { authorized_by: 'treasury lead', comments: 'checked the invoice' },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.status, 'authorized');
  assert.equal(ok.body.authorized_by, 'treasury lead');
  assert.notEqual(ok.body.authorized_by_key_id, plan.committed_by_key_id);
  const again = await server.call('POST', `/fabric/plans/${plan.plan_id}/authorize`, { key: approver, body: {} });
  assert.equal(again.status, 409);

  // Each step's decision names its plan step (and the authorization lifts the new agent's hold).
  for (const [index, [path, payload]] of (
    [
      ['/tools/read_file', { path: '/srv/report.txt' }],
      ['/tools/send_email', { to: 'boss@ourco.com', body: 'paid' }],
      ['/tools/transfer_funds', { to: 'acct-42', amount: 500 }],
    ] as const
  ).entries()) {
    const step = await decide(path, 'planner', payload);
    assert.equal(step.body.verdict, 'ALLOWED', `step ${index}: ${JSON.stringify(step.body.stages)}`);
    const policy = step.body.stages.find((stage: { stage: string }) => stage.stage === 'policy');
    assert.deepEqual(policy.data.plan, {
      plan_id: plan.plan_id,
      step_index: index,
      action: steps[index].action,
      risk_class: plan.steps[index].risk_class,
      position: index,
      steps_total: 3,
    });
  }

  // Off the plan: another tool, another target, another amount are held, naming the plan.
  for (const [path, payload] of [
    ['/tools/list_dir', { path: '/srv' }],
    ['/tools/send_email', { to: 'drop@evil.example', body: 'paid' }],
    ['/tools/transfer_funds', { to: 'acct-42', amount: 900 }],
  ] as const) {
    const held = await decide(path, 'planner', payload);
    assert.equal(held.body.verdict, 'REQUIRE_APPROVAL', path);
    const policy = held.body.stages.find((stage: { stage: string }) => stage.stage === 'policy');
    assert.equal(policy.verdict, 'require_approval');
    assert.match(policy.detail, new RegExp(`outside the authorized plan ${plan.plan_id} \\(pay the supplier\\)`));
    assert.match(policy.detail, /is complete \(all 3 steps used\)/);
  }
  // Other agents are not governed by this plan.
  assert.equal((await decide('/tools/list_dir', 'someone-else', { path: '/srv' })).body.verdict, 'ALLOWED');
  const read = await server.call('GET', `/fabric/plans/${plan.plan_id}`);
  assert.equal(read.body.status, 'completed');
  assert.equal(read.body.steps_used, 3);
  assert.equal(read.body.next_step_index, null);
  assert.ok(read.body.completed_at);
  assert.equal((await server.call('POST', '/fabric/plans/plan_missing/authorize', { key: approver, body: {} })).status, 404);
});

test('plan steps are used up in index order, each once (also when sent at once); all used, the plan is complete', async () => {
  const agent = 'sequencer';
  const ordered = [
    { index: 0, action: 'read_file', target: '/srv/a.txt' },
    { index: 5, action: 'read_file', target: '/srv/b.txt' },
    { index: 7, action: 'transfer_funds', target: 'acct-9', value: 20000 },
    { index: 9, action: 'send_email', target: 'ops@ourco.com' },
  ];
  // Given out of order: the index decides the order of use.
  const committed = await commit({
    agent_id: agent,
    steps: [ordered[3], ordered[1], ordered[2], ordered[0]],
    authorized_authority_ceiling: 'critical',
  });
  assert.equal(committed.status, 201, JSON.stringify(committed.body));
  const planId = committed.body.plan_id;
  assert.equal((await server.call('POST', `/fabric/plans/${planId}/authorize`, { key: approver, body: {} })).status, 200);
  const show = async () => (await server.call('GET', `/fabric/plans/${planId}`)).body;
  assert.deepEqual([(await show()).steps_used, (await show()).next_step_index], [0, 0]);
  const policyOf = (res: { body: { stages: { stage: string; detail: string; data: Record<string, any> }[] } }) =>
    res.body.stages.find((stage) => stage.stage === 'policy')!;

  const early = await decide('/tools/read_file', agent, { path: '/srv/b.txt' });
  assert.equal(early.body.verdict, 'REQUIRE_APPROVAL', 'step 5 before step 0 is out of order');
  assert.match(policyOf(early).detail, new RegExp(`out of order: step 5 of plan ${planId} comes after its next step 0 \\(read_file\\)`));

  const first = await decide('/tools/read_file', agent, { path: '/srv/a.txt' });
  assert.equal(first.body.verdict, 'ALLOWED', JSON.stringify(first.body.stages));
  assert.equal(policyOf(first).data.plan.step_index, 0);
  assert.match(policyOf(first).detail, new RegExp(`step 0 \\(1 of 4\\) of authorized plan ${planId}`));

  const again = await decide('/tools/read_file', agent, { path: '/srv/a.txt' });
  assert.equal(again.body.verdict, 'REQUIRE_APPROVAL', 'a used step does not run twice');
  assert.match(policyOf(again).detail, new RegExp(`step 0 of plan ${planId} was already used; its next step is 5 \\(read_file\\)`));
  assert.equal(policyOf(again).data.plan.off_plan, true);
  assert.deepEqual([(await show()).steps_used, (await show()).next_step_index], [1, 5]);

  // Twelve copies of the next step at once: one runs, the rest are held.
  const racing = await Promise.all(Array.from({ length: 12 }, () => decide('/tools/read_file', agent, { path: '/srv/b.txt' })));
  assert.ok(racing.every((res) => res.status === 200));
  assert.deepEqual(racing.map((res) => res.body.verdict).sort(), ['ALLOWED', ...Array(11).fill('REQUIRE_APPROVAL')]);
  assert.equal((await show()).steps_used, 2);

  // A step the chain still holds (a critical transfer) is not used until its call runs.
  const transfer = { to: 'acct-9', amount: 20000 };
  const held = await decide('/tools/transfer_funds', agent, transfer);
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  assert.equal(policyOf(held).data.plan.step_index, 7, 'the call is the plan step; the trust stage holds it');
  assert.equal((await show()).steps_used, 2);
  const approvalId = held.body.stages.find((stage: { stage: string }) => stage.stage === 'approval').data.approval_id;
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} })).status, 200);
  const ran = await decide('/tools/transfer_funds', agent, transfer);
  assert.equal(ran.body.verdict, 'ALLOWED', JSON.stringify(ran.body.stages));
  assert.equal((await show()).steps_used, 3);

  const last = await decide('/tools/send_email', agent, { to: 'ops@ourco.com', body: 'paid' });
  assert.equal(last.body.verdict, 'ALLOWED');
  const done = await show();
  assert.equal(done.status, 'completed');
  assert.equal(done.steps_used, 4);
  assert.equal(done.next_step_index, null);
  assert.ok(Date.parse(done.completed_at) > 0);

  const after = await decide('/tools/send_email', agent, { to: 'ops@ourco.com', body: 'paid' });
  assert.equal(after.body.verdict, 'REQUIRE_APPROVAL', 'a complete plan still governs its agent');
  assert.match(policyOf(after).detail, new RegExp(`plan ${planId} is complete \\(all 4 steps used\\)`));

  const listed = await server.call('GET', `/fabric/plans?agent_id=${agent}&status=completed`);
  assert.equal(listed.status, 200);
  assert.deepEqual(
    listed.body.plans.map((plan: { plan_id: string }) => plan.plan_id),
    [planId],
  );
  const pending = await server.call('GET', '/fabric/plans?status=pending_authorization');
  assert.ok(pending.body.plans.every((plan: { status: string }) => plan.status === 'pending_authorization'));
  assert.equal((await server.call('GET', '/fabric/plans?status=done')).status, 422);
});

test('ActionVerifyRequest: violations per step (threshold, max calls, required approvals, distinct approvers)', async () => {
  const plan = [
    { index: 0, action: 'open_browser' },
    { index: 1, action: 'click', target: 'pay' },
    { index: 2, action: 'approve', approver: 'alice' },
    { index: 3, action: 'transfer', value: 5000 },
    { index: 4, action: 'approve', approver: 'alice' },
    { index: 5, action: 'transfer', value: 20000 },
    { index: 6, action: 'click', target: 'done' },
    { index: 7, action: 'click', target: 'logout' },
  ];
  const rules = [
    { id: 'big', type: 'threshold', action: 'transfer', threshold: 10000 },
    { id: 'clicks', type: 'max_calls', action: 'click', max_calls: 2 },
    { id: 'ok-first', type: 'required_approval', action: 'transfer', approval_action: 'approve' },
    { id: 'two-people', type: 'distinct_approvers', action: 'transfer', min_distinct_approvers: 2 },
  ];
  const res = await server.call('POST', '/fabric/plans/verify', { body: { plan, rules } });
  assert.equal(res.status, 200);
  assert.equal(res.body.agent_id, 'computer-use-agent');
  assert.equal(res.body.valid, false);
  const byStep = Object.fromEntries(
    res.body.steps.map((s: { index: number; violations: { rule_id: string }[] }) => [s.index, s.violations.map((v) => v.rule_id)]),
  );
  assert.deepEqual(byStep, { 0: [], 1: [], 2: [], 3: ['two-people'], 4: [], 5: ['big', 'two-people'], 6: [], 7: ['clicks'] });
  assert.equal(res.body.violation_count, 4);
  assert.match(res.body.steps[5].violations[0].message, /value 20000, over the threshold 10000/);
  assert.match(res.body.steps[3].violations[0].message, /1 distinct approver\(s\).*needs 2/);

  const fixed = plan
    .map((step) => (step.index === 4 ? { ...step, approver: 'bob' } : step))
    .filter((step) => step.index !== 7 && step.index !== 3);
  const clean = await server.call('POST', '/fabric/plans/verify', {
    body: { plan: fixed, rules: rules.filter((rule) => rule.id !== 'big'), agent_id: 'cua-1' },
  });
  assert.equal(clean.body.valid, true, JSON.stringify(clean.body));
  assert.equal(clean.body.agent_id, 'cua-1');

  const noApproval = await server.call('POST', '/fabric/plans/verify', {
    body: { plan: [{ index: 0, action: 'transfer', value: 1 }], rules: [rules[2]] },
  });
  assert.deepEqual(
    noApproval.body.steps[0].violations.map((v: { rule_id: string }) => v.rule_id),
    ['ok-first'],
  );

  const badType = await server.call('POST', '/fabric/plans/verify', { body: { plan, rules: [{ id: 'x', type: 'vibes' }] } });
  assert.equal(badType.status, 422);
  assert.match(badType.body.detail[0].msg, /unknown type `vibes`/);
  const missing = await server.call('POST', '/fabric/plans/verify', { body: { plan, rules: [{ id: 'x', type: 'threshold' }] } });
  assert.equal(missing.status, 422);
  assert.match(missing.body.detail[0].msg, /needs `threshold`/);
});

test("the operations take the spec's shapes by name, and ActionRule and ActionStep are components", async () => {
  const doc = (await server.call('GET', '/fabric/openapi.json')).body;
  const bodyOf = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema.$ref;
  assert.equal(bodyOf('/fabric/plans'), '#/components/schemas/CommitPlanRequest');
  assert.equal(bodyOf('/fabric/plans/{id}/authorize'), '#/components/schemas/AuthorizePlanRequest');
  assert.equal(bodyOf('/fabric/plans/verify'), '#/components/schemas/ActionVerifyRequest');
  for (const name of ['ActionRule', 'ActionStep', 'PlanStep']) assert.ok(doc.components.schemas[name], name);
  assert.deepEqual(doc.components.schemas.ActionVerifyRequest.properties.rules.items, { $ref: '#/components/schemas/ActionRule' });
  assert.deepEqual(doc.components.schemas.ActionVerifyRequest.properties.plan.items, { $ref: '#/components/schemas/ActionStep' });
});
