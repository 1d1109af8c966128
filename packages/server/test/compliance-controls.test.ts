// Frameworks, controls, findings, the audit and the monitor over HTTP on a real server: a control
// passes, then fails after a violating decision; a finding walks its workflow; illegal moves are 409.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let approver: string;
before(async () => {
  server = await startServer();
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
});
after(() => server.close());

const critical = (agent: string) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/shell', agent_id: agent, payload: { command: 'rm -rf /' } } });
const evaluate = (controlId: string, inputs: object = {}) =>
  server.call('POST', `/fabric/compliance/controls/${controlId}/evaluate`, { body: { control_id: controlId, inputs } });

test('shipped frameworks and controls are listed, with their requirements', async () => {
  const frameworks = (await server.call('GET', '/fabric/compliance/frameworks')).body.frameworks;
  assert.deepEqual(
    frameworks.map((f: { framework_id: string }) => f.framework_id),
    ['fw_soc2', 'fw_iso27001_2022', 'fw_eu_ai_act'],
  );
  assert.ok(frameworks[2].requirements.some((r: { requirement_id: string }) => r.requirement_id === 'Art.14'));
  const controls = (await server.call('GET', '/fabric/compliance/controls')).body.controls;
  const categories = new Set(controls.map((c: { category: string }) => c.category));
  for (const category of ['human_oversight', 'logging', 'access_control', 'change_management'])
    assert.ok(categories.has(category), category);
});

test('a control passes, then fails after a violating decision, naming the evidence and the violation', async () => {
  // A critical call held, approved by a person, then run on that approval: the control holds.
  const held = await critical('ops-1');
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;
  assert.equal((await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: {} })).status, 200);
  const ran = await critical('ops-1');
  assert.equal(ran.body.verdict, 'ALLOWED');

  const passing = await evaluate('ctl_critical_actions_human_approved');
  assert.equal(passing.status, 200);
  assert.equal(passing.body.status, 'pass');
  assert.equal(passing.body.passed, true);
  assert.ok(passing.body.evidence_ids.includes(ran.body.decision_id), 'the decision that ran is the evidence');
  assert.deepEqual(passing.body.violations, []);

  // Shadow mode lets a critical call run without anyone approving it: a violation.
  assert.equal((await server.call('PATCH', '/fabric/settings', { body: { mode: 'shadow' } })).status, 200);
  const unreviewed = await critical('ops-2');
  assert.equal(unreviewed.body.verdict, 'ALLOWED_WITH_DENIALS');
  await server.call('PATCH', '/fabric/settings', { body: { mode: 'enforce' } });

  const failing = await evaluate('ctl_critical_actions_human_approved');
  assert.equal(failing.body.status, 'fail');
  assert.deepEqual(failing.body.violations, [unreviewed.body.decision_id]);
  assert.ok(failing.body.evidence_ids.includes(ran.body.decision_id));
  // A period that ends before the violation still passes.
  const before = await evaluate('ctl_critical_actions_human_approved', {
    period_start: new Date(Date.now() - 3600_000).toISOString(),
    period_end: ran.body.created_at,
  });
  assert.equal(before.body.status, 'pass');

  const enforced = await evaluate('ctl_decisions_enforced');
  assert.deepEqual(enforced.body.violations, [unreviewed.body.decision_id]);
  const journal = await evaluate('ctl_journal_verified');
  assert.equal(journal.body.status, 'pass', JSON.stringify(journal.body));
  assert.ok(journal.body.evidence_ids.some((id: string) => id.startsWith('sth:')));
  const selfApproval = await evaluate('ctl_no_self_approval');
  assert.equal(selfApproval.body.status, 'pass');
  assert.ok(selfApproval.body.evidence_ids.includes(approvalId));
});

test('tenant controls: the logic is parsed when defined, inputs are required, errors fail', async () => {
  const bad = await server.call('POST', '/fabric/compliance/controls', {
    body: {
      name: 'x',
      description: '',
      category: 'logging',
      control_logic: 'every d in decisions : d.risk ==',
      evaluation_method: 'automated',
    },
  });
  assert.equal(bad.status, 422);
  assert.match(bad.body.detail[0].msg, /control logic: unexpected `end of expression` at character 33/);
  const unknownName = await server.call('POST', '/fabric/compliance/controls', {
    body: { name: 'x', description: '', category: 'logging', control_logic: 'eval("1")', evaluation_method: 'automated' },
  });
  assert.equal(unknownName.status, 422);
  assert.match(unknownName.body.detail[0].msg, /unknown function `eval`/);

  const defined = await server.call('POST', '/fabric/compliance/controls', {
    body: {
      name: 'Blocked attempts stay under a threshold',
      description: 'few blocked attempts in the period',
      category: 'monitoring',
      control_logic: 'count(d in decisions where d.blocked) <= inputs.max_blocked',
      evaluation_method: 'automated',
      inputs_required: ['max_blocked'],
      frameworks: ['fw_soc2'],
      requirement_ids: ['CC7.2'],
    },
  });
  assert.equal(defined.status, 201);
  assert.equal(defined.body.assertion_level, 'technical_control_verified');
  const id = defined.body.control_id;
  assert.match(id, /^ctl_/);
  const missing = await evaluate(id, {});
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.detail[0].loc, ['body', 'inputs', 'max_blocked']);
  assert.equal((await evaluate(id, { max_blocked: 100 })).body.status, 'pass');
  const wrongType = await evaluate(id, { max_blocked: 'ten' });
  assert.equal(wrongType.body.status, 'error');
  assert.equal(wrongType.body.passed, false);
  assert.match(wrongType.body.error, /compares two numbers or two strings/);
  const mismatch = await server.call('POST', `/fabric/compliance/controls/${id}/evaluate`, {
    body: { control_id: 'ctl_other', inputs: {} },
  });
  assert.equal(mismatch.status, 422);
  assert.equal((await evaluate('ctl_nope')).status, 404);
});

test("a finding's workflow: open -> in_progress -> resolved, illegal moves refused with 409", async () => {
  const created = await server.call('POST', '/fabric/compliance/findings', {
    body: {
      finding_id: 'F-2026-001',
      severity: 'high',
      title: 'unreviewed critical action',
      description: 'shadow mode run',
      control_id: 'ctl_critical_actions_human_approved',
      evidence_ids: ['fd_x'],
    },
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.status, 'open');
  assert.equal(
    (
      await server.call('POST', '/fabric/compliance/findings', {
        body: { finding_id: 'F-2026-001', severity: 'low', title: 't', description: '' },
      })
    ).status,
    409,
  );
  const patch = (status: string, resolution_note?: string) =>
    server.call('PATCH', '/fabric/compliance/findings/F-2026-001', { key: approver, body: { status, resolution_note } });
  const skip = await patch('resolved', 'fixed');
  assert.equal(skip.status, 409);
  assert.match(skip.body.detail, /a finding that is `open` cannot become `resolved`; it can become `in_progress`/);
  assert.equal((await patch('in_progress')).body.status, 'in_progress');
  const noNote = await patch('resolved');
  assert.equal(noNote.status, 422);
  const resolved = await patch('resolved', 'mode set back to enforce; alert on mode changes');
  assert.equal(resolved.status, 200);
  assert.equal(resolved.body.resolution_note, 'mode set back to enforce; alert on mode changes');
  assert.deepEqual(
    resolved.body.history.map((h: { status: string }) => h.status),
    ['open', 'in_progress', 'resolved'],
  );
  assert.equal((await patch('accepted', 'x')).status, 409, 'resolved is final');
  assert.equal((await patch('open')).status, 409);
  const listed = await server.call('GET', '/fabric/compliance/findings?status=resolved');
  assert.deepEqual(
    listed.body.findings.map((f: { finding_id: string }) => f.finding_id),
    ['F-2026-001'],
  );
  assert.equal((await server.call('GET', '/fabric/compliance/findings/F-none')).status, 404);
});

test('the audit evaluates every control over the window; the monitor raises one finding per failing control', async () => {
  const audit = await server.call('POST', '/fabric/compliance/audit', { body: { time_window_hours: 1 } });
  assert.equal(audit.status, 200);
  assert.equal(audit.body.summary.controls, audit.body.results.length);
  assert.ok(audit.body.summary.failed >= 2, 'the shadow-mode run fails two controls');
  assert.equal(audit.body.journal.verified, true);
  assert.equal((await server.call('POST', '/fabric/compliance/audit', { body: { tenant_id: 'tn_someone_else' } })).status, 404);

  const config = await server.call('PUT', '/fabric/compliance/monitor', {
    body: {
      control_ids: ['ctl_critical_actions_human_approved', 'ctl_journal_verified'],
      filters: { window_hours: 1, finding_severity: 'critical' },
    },
  });
  assert.equal(config.status, 200);
  assert.equal(config.body.interval_minutes, 60);
  const run = await server.call('POST', '/fabric/compliance/monitor/run');
  assert.equal(run.body.results.length, 2);
  assert.equal(run.body.findings_raised.length, 1);
  const raised = (await server.call('GET', `/fabric/compliance/findings/${run.body.findings_raised[0]}`)).body;
  assert.equal(raised.control_id, 'ctl_critical_actions_human_approved');
  assert.equal(raised.severity, 'critical');
  assert.equal(raised.source, 'monitor');
  // Running again while that finding is open raises nothing new.
  assert.deepEqual((await server.call('POST', '/fabric/compliance/monitor/run')).body.findings_raised, []);
  const state = await server.call('GET', '/fabric/compliance/monitor');
  assert.ok(state.body.last_run_at);
  // An open critical finding now fails the findings control.
  assert.equal((await evaluate('ctl_no_open_critical_findings')).body.status, 'fail');
  const unknown = await server.call('PUT', '/fabric/compliance/monitor', { body: { control_ids: ['ctl_nope'] } });
  assert.equal(unknown.status, 422);
});
