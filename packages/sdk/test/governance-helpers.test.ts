// Issue 21: the SDK's governance helpers against the real server: an approval signed locally with
// the approver's key counts as a signed vote; a trajectory started and certified by a passport.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { readThenMailPlan } from '../../server/test/support/plan-fixture.ts';
import { ActionGate, ApiRequestError, signApprovalText } from '../src/index.ts';

let server: TestServer;
let admin: ActionGate;
before(async () => {
  server = await startServer();
  admin = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey });
});
after(() => server.close());

test('an approval signed locally with the SDK counts as a signed vote; a bad signature is refused', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const created = await admin.apiKeys.create({ name: 'sdk approver', role: 'approver' });
  const approver = new ActionGate({ baseUrl: server.url, apiKey: created.api_key });
  const approverKey = (await approver.governance.approverKeys.register({
    name: 'sdk approver',
    public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  })) as { approver_key_id: string };
  const requested = (await admin.governance.approvals.request({
    requester_id: 'agent-7',
    action: 'payments.send',
    resource: 'acct-1',
    justification: 'quarterly payout',
  })) as { approval_id: string };
  const votes = (await admin.governance.approvals.votes(requested.approval_id)) as { signing_text: { approved: string } };
  await assert.rejects(
    approver.governance.approvals.sign(requested.approval_id, {
      approver_key_id: approverKey.approver_key_id,
      signature_b64: signApprovalText(privateKey, votes.signing_text.approved + ' '),
    }),
    (error: unknown) => error instanceof ApiRequestError && error.status === 422,
  );
  const signed = (await approver.governance.approvals.sign(requested.approval_id, {
    approver_key_id: approverKey.approver_key_id,
    signature_b64: signApprovalText(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), votes.signing_text.approved),
  })) as { votes: Array<{ signature_b64: string | null }> };
  assert.equal(signed.votes.length, 1);
  assert.ok(signed.votes[0]!.signature_b64);
});

test('trajectories and passports through the SDK', async () => {
  const created = await admin.identity.create({ kind: 'agent', display_name: 'sdk-trajectory' });
  const identity = created.identity as { identity_id: string };
  const trajectory = (await admin.governance.trajectories.create({ identity_id: identity.identity_id, agent_id: 'sdk-bot' })) as {
    trajectory_id: string;
  };
  assert.equal(((await admin.governance.trajectories.get(trajectory.trajectory_id)) as { agent_id: string }).agent_id, 'sdk-bot');
  const passport = await admin.governance.trajectories.passport(trajectory.trajectory_id, 1);
  assert.match(passport.passport_id, /^psp_/);
  assert.equal(passport.token.split('.').length, 3);
  await assert.rejects(
    admin.governance.trajectories.passport('trj_missing'),
    (error: unknown) => error instanceof ApiRequestError && error.status === 404,
  );
  const listed = await admin.governance.passports.list({ trajectory_id: trajectory.trajectory_id });
  assert.deepEqual(
    listed.map((p) => p.passport_id),
    [passport.passport_id],
  );
  assert.equal((await admin.governance.passports.verify(passport.token)).valid, true);
  assert.equal(((await admin.governance.passports.revoke(passport.passport_id, 'rotated')) as { status: string }).status, 'revoked');
  const refused = await admin.governance.passports.verify(passport.token);
  assert.equal(refused.valid, false);
  assert.match(refused.reason, /^revoked at .*: rotated$/);
});

test('plans through the SDK: commit, authorize by another key, steps used in order, verify', async () => {
  const tenant = (await server.call('GET', '/fabric/me')).body.tenant_id as string;
  const plan = await admin.governance.plans.commit(readThenMailPlan('sdk-planner', tenant));
  assert.equal(plan.status, 'pending_authorization');
  const other = new ActionGate({
    baseUrl: server.url,
    apiKey: (await admin.apiKeys.create({ name: 'sdk plan approver', role: 'approver' })).api_key,
  });
  assert.equal((await other.governance.plans.authorize(plan.plan_id, { authorized_by: 'ops lead' })).status, 'authorized');
  const outOfOrder = await admin.decide({ path: '/tools/send_email', agent_id: 'sdk-planner', payload: { to: 'ops@ourco.com' } });
  assert.equal(outOfOrder.verdict, 'REQUIRE_APPROVAL');
  assert.equal(
    (await admin.decide({ path: '/tools/read_file', agent_id: 'sdk-planner', payload: { path: '/srv/a.txt' } })).verdict,
    'ALLOWED',
  );
  assert.equal(
    (await admin.decide({ path: '/tools/send_email', agent_id: 'sdk-planner', payload: { to: 'ops@ourco.com' } })).verdict,
    'ALLOWED',
  );
  const done = await admin.governance.plans.get(plan.plan_id);
  assert.deepEqual([done.status, done.steps_used], ['completed', 2]);
  assert.deepEqual(
    (await admin.governance.plans.list({ agent_id: 'sdk-planner' })).map((p) => p.plan_id),
    [plan.plan_id],
  );
  const verified = await admin.governance.plans.verify({
    plan: [{ index: 0, action: 'transfer', value: 20000 }],
    rules: [{ id: 'cap', type: 'threshold', action: 'transfer', threshold: 10000 }],
  });
  assert.deepEqual([verified.valid, verified.violation_count], [false, 1]);
});
