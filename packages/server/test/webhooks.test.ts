// Webhooks against a receiver this test starts on 127.0.0.1: every event kind arrives with the
// decision, the exact arguments and the approval id, signed with HMAC-SHA256; failed deliveries are
// retried with backoff and every attempt is in the delivery log; a Slack-format webhook gets a Block
// Kit message; private addresses are refused unless allowed; deliveries survive a restart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from './support/test-server.ts';
import { signatureMatches } from '../src/webhooks/sign-body.ts';
import { outboundUrlProblem, isPrivateAddress } from '../src/webhooks/outbound-address.ts';
import { DEFAULT_RETRY_POLICY, nextAttemptAt } from '../src/webhooks/retry-schedule.ts';
import { WebhookService } from '../src/webhooks/webhook-service.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

/**
 * An HTTP receiver on 127.0.0.1 that records each request and fails the next `failNext` with 500
 * (only those of event `failEvent` when it is set).
 */
async function startReceiver() {
  const state = { received: [] as Received[], failNext: 0, failEvent: null as string | null };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (state.failNext > 0 && (state.failEvent === null || state.failEvent === req.headers['x-actiongate-event'])) {
        state.failNext--;
        res.writeHead(500).end('try later');
        return;
      }
      state.received.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Waits (bounded: 60 s; a loaded machine is slow) until `find` returns something. */
async function eventually<T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const found = await find();
    if (found !== undefined && found !== null && found !== false) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const SECRET = 'a-receiver-secret-0123456789';
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhookId: string;
let approver: string;

before(async () => {
  receiver = await startReceiver();
  server = await startServer({
    ACTIONGATE_WEBHOOK_ALLOW_PRIVATE: '1',
    ACTIONGATE_WEBHOOK_RETRY_BASE_MS: '20',
    ACTIONGATE_PUBLIC_URL: 'https://gate.example.com',
  });
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'alice', role: 'approver' } })).body.api_key;
  const created = await server.call('POST', '/fabric/webhooks', {
    body: {
      url: `${receiver.url}/hook`,
      events: ['approval.requested', 'approval.resolved', 'decision.blocked', 'agent.state_changed', 'tenant.halted'],
      secret: SECRET,
    },
  });
  assert.equal(created.status, 201);
  assert.match(created.body.id, /^wh_/);
  assert.equal(created.body.secret, SECRET);
  assert.equal(created.body.format, 'json');
  webhookId = created.body.id;
});
after(async () => {
  await server.close();
  await receiver.close();
});

const decide = (body: unknown, key?: string) => server.call('POST', '/fabric/decisions', { body, key });
const receivedOf = (event: string, match: (r: Received) => boolean = () => true) =>
  eventually(() => receiver.state.received.find((r) => r.body.event === event && match(r)), event);

test('approval.requested and approval.resolved carry the decision, the exact arguments and the approval id, signed', async () => {
  const payload = { to: 'cfo@example.com', subject: 'Q3', amount: 12.5, nested: { list: [1, 'two'] } };
  const held = await decide({ path: '/tools/send_email', agent_id: 'mailer', payload });
  assert.equal(held.body.verdict, 'REQUIRE_APPROVAL');
  const approvalId = held.body.stages[3].data.approval_id;

  const requested = await receivedOf('approval.requested', (r) => r.body.approval_id === approvalId);
  assert.equal(requested.path, '/hook');
  assert.ok(signatureMatches(SECRET, requested.raw, requested.headers['x-actiongate-signature'] as string), 'HMAC of the raw body');
  assert.match(String(requested.headers['x-actiongate-signature']), /^sha256=[0-9a-f]{64}$/);
  assert.ok(!signatureMatches('another-secret-0123456789', requested.raw, requested.headers['x-actiongate-signature'] as string));
  assert.equal(requested.headers['x-actiongate-event'], 'approval.requested');
  assert.match(String(requested.headers['x-actiongate-delivery']), /^whd_/);
  assert.deepEqual(requested.body.arguments, payload);
  assert.equal(requested.body.decision.decision_id, held.body.decision_id);
  assert.deepEqual(requested.body.decision.payload, payload);
  assert.equal(requested.body.decision.verdict, 'REQUIRE_APPROVAL');
  assert.equal(requested.body.approval.approval_id, approvalId);
  assert.equal(requested.body.console_url, `https://gate.example.com/dashboard#/approvals/${approvalId}`);

  const approved = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approver, body: { note: 'checked' } });
  assert.equal(approved.status, 200);
  const resolved = await receivedOf('approval.resolved', (r) => r.body.approval_id === approvalId);
  assert.equal(resolved.body.approval.status, 'approved');
  assert.equal(resolved.body.approval.decided_by_key_name, 'alice');
  assert.equal(resolved.body.approval.note, 'checked');
  assert.match(resolved.body.summary, /approved by alice/);
  assert.deepEqual(resolved.body.arguments, payload);
});

test('decision.blocked, agent.state_changed and tenant.halted arrive; a failing receiver is retried and the log shows each attempt', async () => {
  await server.call('PATCH', '/fabric/settings', { body: { count_rule_denials: true } });
  await server.call('POST', '/fabric/tool-rules', { body: { name: 'no-drop', effect: 'deny', match_path: '/tools/drop_table' } });
  // The receiver fails the next two requests: the delivery is retried with backoff until it lands.
  receiver.state.failNext = 2;
  receiver.state.failEvent = 'decision.blocked';
  const blocked = await decide({ path: '/tools/drop_table', agent_id: 'dba', payload: { table: 'users' } });
  assert.equal(blocked.body.verdict, 'BLOCKED');
  const got = await receivedOf('decision.blocked', (r) => r.body.decision_id === blocked.body.decision_id);
  assert.deepEqual(got.body.arguments, { table: 'users' });
  assert.match(got.body.decision.detail, /no-drop/);
  assert.ok(signatureMatches(SECRET, got.raw, got.headers['x-actiongate-signature'] as string));

  const log = await eventually(async () => {
    const res = await server.call('GET', `/fabric/webhooks/${webhookId}/deliveries`);
    const delivery = res.body.deliveries.find(
      (d: any) => d.event === 'decision.blocked' && JSON.parse(d.body).decision_id === blocked.body.decision_id,
    );
    return delivery?.status === 'delivered' ? delivery : undefined;
  }, 'the delivery log');
  assert.equal(log.attempts, 3);
  assert.deepEqual(
    log.attempt_log.map((a: any) => a.status_code),
    [500, 500, 200],
  );
  assert.equal(log.attempt_log[0].error, 'HTTP 500');
  assert.equal(log.last_status_code, 200);
  assert.equal(log.body, got.raw, 'the log keeps the exact bytes sent');

  // The counted block degraded the new agent? It was `new`; a block makes it `degraded`.
  const change = await receivedOf('agent.state_changed', (r) => r.body.agent?.agent_id === 'dba');
  assert.deepEqual([change.body.agent.from, change.body.agent.to], ['new', 'degraded']);
  // An operator's reinstatement is a state change too.
  await server.call('POST', '/fabric/agents/dba/reinstate', { body: { reason: 'test table' } });
  const back = await receivedOf('agent.state_changed', (r) => r.body.agent?.agent_id === 'dba' && r.body.agent.to === 'new');
  assert.match(back.body.agent.cause, /reinstate by key admin: test table/);
  await server.call('PATCH', '/fabric/settings', { body: { count_rule_denials: false } });

  const token = (await server.call('POST', '/fabric/halt/token')).body.confirmation_token;
  const halted = await server.call('POST', '/fabric/halt', {
    body: { reason: 'webhook drill', operator_id: 'ops', confirmation_token: token },
  });
  assert.equal(halted.status, 200);
  const haltNote = await receivedOf('tenant.halted');
  assert.deepEqual(haltNote.body.halt, { halted: true, reason: 'webhook drill', operator_id: 'ops' });
  assert.equal((await server.call('POST', '/fabric/resume', { body: { operator_id: 'ops' } })).status, 200);
});

test('a Slack-format webhook gets a Block Kit message with the exact arguments and a console button', async () => {
  const slack = await server.call('POST', '/fabric/webhooks', {
    body: { url: `${receiver.url}/slack`, events: ['approval.requested'], format: 'slack' },
  });
  assert.equal(slack.status, 201);
  assert.match(slack.body.secret, /^whsec_/, 'a secret is generated when none is given');
  const held = await decide({ path: '/tools/shell', agent_id: 'ops-bot', payload: { command: 'rm -rf /tmp/build <now>' } });
  const approvalId = held.body.stages[3].data.approval_id;
  const message = await eventually(
    () => receiver.state.received.find((r) => r.path === '/slack' && JSON.stringify(r.body).includes(approvalId)),
    'slack',
  );
  assert.match(message.body.text, /Approval needed: agent `ops-bot` → `\/tools\/shell`/);
  const text = JSON.stringify(message.body.blocks);
  assert.ok(text.includes('rm -rf /tmp/build &lt;now&gt;'), 'the exact command, escaped for mrkdwn');
  const actions = message.body.blocks.find((b: any) => b.type === 'actions');
  assert.equal(actions.elements[0].url, `https://gate.example.com/dashboard#/approvals/${approvalId}`);
  assert.ok(signatureMatches(slack.body.secret, message.raw, message.headers['x-actiongate-signature'] as string));
  assert.equal((await server.call('DELETE', `/fabric/webhooks/${slack.body.id}`)).status, 204);
});

test('webhooks are listed without secrets, validated, deleted, and tenant-scoped', async () => {
  const list = await server.call('GET', '/fabric/webhooks');
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.webhooks.map((w: any) => w.id),
    [webhookId],
  );
  assert.equal(list.body.webhooks[0].secret, undefined);
  const bad = await server.call('POST', '/fabric/webhooks', { body: { url: `${receiver.url}/x`, events: ['decision.teleported'] } });
  assert.equal(bad.status, 422);
  assert.equal(bad.body.detail[0].loc[1], 'events');
  const ftp = await server.call('POST', '/fabric/webhooks', { body: { url: 'ftp://example.com/x', events: ['tenant.halted'] } });
  assert.equal(ftp.status, 422);
  assert.match(ftp.body.detail[0].msg, /scheme `ftp` is not http or https/);
  const approverList = await server.call('GET', '/fabric/webhooks', { key: approver });
  assert.equal(approverList.status, 403);
  assert.equal((await server.call('GET', '/fabric/webhooks/wh_missing/deliveries')).status, 404);
  assert.equal((await server.call('DELETE', '/fabric/webhooks/wh_missing')).status, 404);
});

test('outbound URLs: private, loopback and link-local addresses are refused (names resolved first) unless allowed', async () => {
  for (const url of [
    'http://127.0.0.1:9/x',
    'http://localhost/x',
    'http://10.0.0.8/',
    'http://169.254.169.254/latest',
    'http://[::1]/',
    'http://[::ffff:192.168.1.1]/',
    'http://100.64.1.1/',
  ]) {
    assert.match((await outboundUrlProblem(url, false)) ?? 'allowed', /private, loopback or link-local/, url);
    assert.equal(await outboundUrlProblem(url, true), null, url);
  }
  assert.equal(await outboundUrlProblem('https://93.184.216.34/hook', false), null);
  assert.match((await outboundUrlProblem('http://user:pw@93.184.216.34/', false)) ?? '', /credentials/);
  assert.equal(isPrivateAddress('8.8.8.8'), false);
  assert.equal(isPrivateAddress('fd00::1'), true);
});

test('retry schedule: exponential backoff capped at an hour, given up after a day', () => {
  const policy = DEFAULT_RETRY_POLICY;
  const t0 = 1_800_000_000_000;
  assert.equal(nextAttemptAt(policy, t0, 1, t0), t0 + 10_000);
  assert.equal(nextAttemptAt(policy, t0, 2, t0 + 10_000), t0 + 30_000);
  assert.equal(nextAttemptAt(policy, t0, 3, t0 + 30_000), t0 + 70_000);
  assert.equal(nextAttemptAt(policy, t0, 20, t0 + 3_600_000), t0 + 7_200_000, 'capped at an hour');
  assert.equal(nextAttemptAt(policy, t0, 30, t0 + 23.5 * 3_600_000), null, 'past a day: given up');
  // From the first failure on, a day of attempts is finite: count them.
  let attempts = 1;
  let now = t0;
  for (let next = nextAttemptAt(policy, t0, attempts, now); next !== null; next = nextAttemptAt(policy, t0, attempts, now)) {
    now = next;
    attempts++;
  }
  assert.ok(attempts > 20 && attempts < 40, `attempts in a day: ${attempts}`);
});

test('a pending delivery survives a restart: the next service resumes it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-webhook-restart-'));
  const local = await startReceiver();
  try {
    let store = new SqliteStore({ dataDir });
    await store.createTenant({ id: 'tn_w', name: 'w', email: null, createdAt: Date.now(), settings: null, halted: null });
    await store.webhooks.createWebhook({
      id: 'wh_r',
      tenantId: 'tn_w',
      url: `${local.url}/r`,
      events: ['tenant.halted'],
      format: 'json',
      secret: SECRET,
      createdAt: Date.now(),
    });
    await store.webhooks.addDeliveries([
      {
        id: 'whd_r',
        webhookId: 'wh_r',
        tenantId: 'tn_w',
        event: 'tenant.halted',
        eventSeq: 1,
        body: '{"event":"tenant.halted"}',
        status: 'pending',
        attempts: 0,
        attemptLog: [],
        nextAttemptAt: Date.now(),
        createdAt: Date.now(),
        finishedAt: null,
      },
    ]);
    // First run: the receiver is down (500): attempts are logged and retries scheduled.
    local.state.failNext = Number.MAX_SAFE_INTEGER;
    let service = new WebhookService(store, { allowPrivate: true, publicUrl: 'http://x', retry: { baseDelayMs: 20 } });
    await service.start();
    await eventually(
      async () => ((await store.webhooks.listDeliveries('tn_w', 'wh_r', 10))[0].attempts >= 1 ? true : undefined),
      'first attempt',
    );
    await service.stop();
    await store.close();
    assert.equal(local.state.received.length, 0, 'nothing was accepted before the restart');
    local.state.failNext = 0;
    // Restart: a new store and service on the same data directory deliver it.
    store = new SqliteStore({ dataDir });
    service = new WebhookService(store, { allowPrivate: true, publicUrl: 'http://x', retry: { baseDelayMs: 20 } });
    await service.start();
    const delivered = await eventually(async () => {
      const [row] = await store.webhooks.listDeliveries('tn_w', 'wh_r', 10);
      return row.status === 'delivered' ? row : undefined;
    }, 'delivery after restart');
    assert.ok(delivered.attempts >= 2, 'the failed attempts of the first run are counted');
    assert.equal(delivered.attemptLog[0].statusCode, 500);
    assert.equal(delivered.attemptLog.at(-1)?.statusCode, 200);
    assert.equal(local.state.received[0].raw, '{"event":"tenant.halted"}');
    assert.ok(signatureMatches(SECRET, local.state.received[0].raw, local.state.received[0].headers['x-actiongate-signature'] as string));
    await service.stop();
    await store.close();
  } finally {
    await local.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
