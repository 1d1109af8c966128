// Retries of the decision call: bounded, only on network errors and 5xx, and idempotent: an answer
// lost on the way back is fetched again without deciding twice (an approval is consumed once).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ActionGate, GovernanceUnavailable } from '../src/index.ts';
import { backoffMs } from '../src/http.ts';

let server: TestServer;
let admin: ActionGate;
let approver: ActionGate;
before(async () => {
  server = await startServer();
  admin = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey });
  approver = new ActionGate({ baseUrl: server.url, apiKey: (await admin.apiKeys.create({ name: 'carol', role: 'approver' })).api_key });
});
after(() => server.close());

/** A fetch that reaches the server but loses the first `lose` answers: as a 502, or as a dropped connection. */
function lossyFetch(lose: number, how: '502' | 'network') {
  const seen: { idempotencyKey: string | null; decisionId?: string }[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    const key = new Headers(init?.headers).get('idempotency-key');
    seen.push({ idempotencyKey: key, decisionId: response.ok ? JSON.parse(text).decision_id : undefined });
    if (seen.length <= lose) {
      if (how === 'network') throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return new Response('{"detail":"bad gateway"}', { status: 502 });
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { seen, fetch: wrapped };
}

async function approvedCall(agentId: string) {
  const call = { path: '/tools/transfer_funds', agent_id: agentId, payload: { amount: 250, to: 'acct-7' } };
  const held = await admin.decide(call);
  assert.equal(held.verdict, 'REQUIRE_APPROVAL');
  await approver.approvals.approve(held.approval_id!);
  return { call, approvalId: held.approval_id! };
}

for (const how of ['502', 'network'] as const) {
  test(`a retried decision (${how}) gets the first answer and consumes the approval once`, async () => {
    const { call, approvalId } = await approvedCall(`retry-${how}`);
    const lossy = lossyFetch(2, how);
    const gate = new ActionGate({ baseUrl: server.url, apiKey: server.adminKey, retries: 2, fetch: lossy.fetch });

    const decision = await gate.decide(call);
    assert.equal(decision.verdict, 'ALLOWED');
    assert.equal(lossy.seen.length, 3, 'two lost answers, then the third attempt');
    assert.equal(new Set(lossy.seen.map((s) => s.idempotencyKey)).size, 1, 'every attempt carries the same Idempotency-Key');
    assert.ok(lossy.seen[0].idempotencyKey);
    assert.deepEqual(
      lossy.seen.map((s) => s.decisionId),
      [decision.decision_id, decision.decision_id, decision.decision_id],
      'the server decided once; the retries were answered with that decision',
    );

    const approval = await approver.approvals.get(approvalId);
    assert.equal(approval.status, 'consumed');
    assert.equal(approval.consumed_by_decision_id, decision.decision_id);
    const decisions = (await admin.decisions.list({ agent_id: call.agent_id })).decisions;
    assert.deepEqual(
      decisions.map((d) => d.verdict),
      ['ALLOWED', 'REQUIRE_APPROVAL'],
    );
  });
}

test('without the Idempotency-Key the same resend would be a second decision, held again', async () => {
  // The control for the tests above: what a naive retry does.
  const { call } = await approvedCall('retry-naive');
  const send = () => server.call('POST', '/fabric/decisions', { body: call });
  assert.equal((await send()).body.verdict, 'ALLOWED');
  assert.equal((await send()).body.verdict, 'REQUIRE_APPROVAL');
});

test('retries are bounded and only for 5xx and network errors', async () => {
  let attempts = 0;
  const failing = new ActionGate({
    baseUrl: server.url,
    apiKey: server.adminKey,
    retries: 3,
    fetch: async () => {
      attempts++;
      return new Response('{"detail":"unavailable"}', { status: 503 });
    },
  });
  await assert.rejects(
    failing.decide({ path: '/tools/x', agent_id: 'a' }),
    (e: unknown) => e instanceof GovernanceUnavailable && e.status === 503,
  );
  assert.equal(attempts, 4);

  attempts = 0;
  const refused = new ActionGate({
    baseUrl: server.url,
    apiKey: server.adminKey,
    retries: 3,
    fetch: async () => {
      attempts++;
      return new Response('{"detail":"forbidden","code":"AG_FORBIDDEN"}', { status: 403 });
    },
  });
  await assert.rejects(refused.decide({ path: '/tools/x', agent_id: 'a' }));
  assert.equal(attempts, 1, 'a 4xx is not retried');

  attempts = 0;
  await assert.rejects(failing.approvals.approve('apr_x'), GovernanceUnavailable);
  assert.equal(attempts, 1, 'only the decision call is retried');
});

test('backoff has full jitter under a cap', () => {
  const waits = Array.from({ length: 200 }, () => backoffMs(3));
  assert.ok(waits.every((w) => w >= 0 && w < 800));
  assert.ok(new Set(waits.map((w) => Math.round(w))).size > 20, 'waits vary');
  assert.ok(Array.from({ length: 50 }, () => backoffMs(30)).every((w) => w < 2000));
});
