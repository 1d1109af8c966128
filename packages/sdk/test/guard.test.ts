// gate.guard: the tool runs only on an allowing decision, and never when held, blocked or unreachable.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ActionBlocked, ActionGate, ApprovalRequired, GovernanceUnavailable } from '../src/index.ts';

let server: TestServer;
let admin: ActionGate;
let approver: ActionGate;
before(async () => {
  server = await startServer();
  admin = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey });
  approver = new ActionGate({ baseUrl: server.url, apiKey: (await admin.apiKeys.create({ name: 'bob', role: 'approver' })).api_key });
});
after(() => server.close());

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function counter<A extends unknown[]>() {
  const calls: A[] = [];
  const fn = async (...args: A) => {
    calls.push(args);
    return 'ran';
  };
  return { calls, fn };
}

test('held: throws ApprovalRequired with the approval id; the tool does not run', async () => {
  const { calls, fn } = counter<[{ to: string }]>();
  const send = admin.guard('/tools/send_email', fn, { agentId: 'g-held' });
  await assert.rejects(send({ to: 'a@example.com' }), (error: unknown) => {
    assert.ok(error instanceof ApprovalRequired);
    assert.ok(error.approvalId.startsWith('apr_'));
    assert.equal(error.decision.verdict, 'REQUIRE_APPROVAL');
    return true;
  });
  assert.equal(calls.length, 0);
  const approval = await approver.approvals.get((await approver.approvals.list({ agent_id: 'g-held', status: 'pending' }))[0].approval_id);
  assert.deepEqual(approval.payload, { to: 'a@example.com' }, 'a single object argument is the payload');
});

test('blocked by a rule: throws ActionBlocked; the tool does not run', async () => {
  const rule = await admin.toolRules.create({ name: 'never', effect: 'deny', match_path: '/tools/rm_rf' });
  const { calls, fn } = counter<[string, number]>();
  const remove = admin.guard('/tools/rm_rf', fn, { agentId: 'g-blocked' });
  await assert.rejects(remove('/', 1), (error: unknown) => error instanceof ActionBlocked && error.decision.verdict === 'BLOCKED');
  assert.equal(calls.length, 0);
  const last = (await admin.decisions.list({ agent_id: 'g-blocked', limit: 1 })).decisions[0];
  assert.deepEqual(last.payload, { args: ['/', 1] }, 'other arguments are sent as {args}');
  await admin.toolRules.delete(rule.id);
});

test('unreachable, 4xx and timeouts: throws GovernanceUnavailable; the tool does not run', async () => {
  const { calls, fn } = counter<[]>();
  const closed = new ActionGate({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'fk_x', retries: 1, timeoutMs: 2000 });
  await assert.rejects(closed.guard('/tools/read_file', fn, { agentId: 'g' })(), GovernanceUnavailable);

  const badKey = new ActionGate({ baseUrl: server.url, apiKey: 'fk_unknown' });
  await assert.rejects(badKey.guard('/tools/read_file', fn, { agentId: 'g' })(), (error: unknown) => {
    return error instanceof GovernanceUnavailable && error.status === 401;
  });

  // a server that accepts the connection and never answers
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const port = (silent.address() as { port: number }).port;
    const slow = new ActionGate({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'fk_x', timeoutMs: 300 });
    const started = Date.now();
    await assert.rejects(slow.guard('/tools/read_file', fn, { agentId: 'g' })(), GovernanceUnavailable);
    assert.ok(Date.now() - started < 10_000, 'the deadline bounds the call, retries included');
  } finally {
    silent.close();
    silent.unref();
  }
  assert.equal(calls.length, 0);
});

/**
 * How long a guard waits for the test's "human", and the test for the held call to show up: generous for
 * a loaded machine; the guard returns as soon as the human answers, so it costs nothing when all is well.
 */
const HUMAN_WAIT_MS = 30_000;

test('waitForApproval: runs once after a human approves, with the identical call', async () => {
  const { calls, fn } = counter<[{ amount: number; to: string }]>();
  const pay = admin.guard('/tools/transfer_funds', fn, {
    agentId: 'g-wait',
    waitForApproval: { timeoutMs: HUMAN_WAIT_MS, pollIntervalMs: 50 },
  });
  const running = pay({ amount: 120, to: 'acct-9' });

  let pending: Awaited<ReturnType<typeof approver.approvals.list>> = [];
  for (const deadline = Date.now() + HUMAN_WAIT_MS; pending.length === 0 && Date.now() < deadline;) {
    pending = await approver.approvals.list({ agent_id: 'g-wait', status: 'pending' });
    if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(pending.length, 1);
  assert.equal(calls.length, 0, 'nothing runs while held');
  await approver.approvals.approve(pending[0].approval_id, { note: 'expected payment' });

  assert.equal(await running, 'ran');
  assert.deepEqual(calls, [[{ amount: 120, to: 'acct-9' }]]);
  const approval = await approver.approvals.get(pending[0].approval_id);
  assert.equal(approval.status, 'consumed');
  const decisions = (await admin.decisions.list({ agent_id: 'g-wait' })).decisions;
  assert.deepEqual(
    decisions.map((d) => d.verdict),
    ['ALLOWED', 'REQUIRE_APPROVAL'],
  );
  assert.equal(approval.consumed_by_decision_id, decisions[0].decision_id);
});

test('waitForApproval: a denial throws ActionBlocked; no answer in time throws ApprovalRequired', async () => {
  const { calls, fn } = counter<[{ n: number }]>();
  const guarded = admin.guard('/tools/send_sms', fn, {
    agentId: 'g-deny',
    waitForApproval: { timeoutMs: HUMAN_WAIT_MS, pollIntervalMs: 50 },
  });
  const denied = guarded({ n: 1 });
  const rejection = assert.rejects(denied, (error: unknown) => error instanceof ActionBlocked && error.approval?.status === 'denied');
  let pending: Awaited<ReturnType<typeof approver.approvals.list>> = [];
  for (const deadline = Date.now() + HUMAN_WAIT_MS; pending.length === 0 && Date.now() < deadline;) {
    pending = await approver.approvals.list({ agent_id: 'g-deny', status: 'pending' });
    if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await approver.approvals.deny(pending[0].approval_id, { note: 'no' });
  await rejection;

  const impatient = admin.guard('/tools/send_sms', fn, { agentId: 'g-deny', waitForApproval: { timeoutMs: 200, pollIntervalMs: 50 } });
  await assert.rejects(
    impatient({ n: 2 }),
    (error: unknown) => error instanceof ApprovalRequired && /not decided within 200 ms/.test(error.message),
  );
  assert.equal(calls.length, 0);
});

test('allowed: runs the tool once and reports the outcome', async () => {
  await admin.settings.update({ mode: 'shadow' });
  try {
    const { calls, fn } = counter<[{ q: string }]>();
    const search = admin.guard('/tools/search', fn, { agentId: 'g-run', reportOutcome: true, payload: (input) => ({ query: input.q }) });
    assert.equal(await search({ q: 'x' }), 'ran');
    assert.equal(calls.length, 1);
    const record = (await admin.decisions.list({ agent_id: 'g-run', limit: 1 })).decisions[0];
    assert.ok(record.verdict.startsWith('ALLOWED'));
    assert.deepEqual(record.payload, { query: 'x' });
    assert.equal((await admin.decisions.get(record.decision_id)).outcome?.status, 'completed');
  } finally {
    await admin.settings.update({ mode: 'enforce' });
  }
});
