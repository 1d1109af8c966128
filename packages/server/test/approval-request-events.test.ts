// Issue 21: an approval opened by `ApprovalRequestCreate` is a live event like a held decision's
// approval (`approval.created` on the SSE stream and in polling, `approval.requested` to webhooks),
// and so is its outcome (`approval.approved` / `approval.denied`, webhook `approval.resolved`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { startServer, type TestServer } from './support/test-server.ts';
import { openSse } from './support/sse-client.ts';

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ event: string; body: any }> = [];
let first: string;
let second: string;

before(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ event: String(req.headers['x-actiongate-event']), body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  server = await startServer({ ACTIONGATE_WEBHOOK_ALLOW_PRIVATE: '1' });
  first = (await server.call('POST', '/fabric/api-keys', { body: { name: 'first', role: 'approver' } })).body.api_key;
  second = (await server.call('POST', '/fabric/api-keys', { body: { name: 'second', role: 'approver' } })).body.api_key;
  const hook = await server.call('POST', '/fabric/webhooks', {
    body: { url: receiverUrl, events: ['approval.requested', 'approval.resolved'] },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
});
after(async () => {
  await server.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Waits (bounded: 60 s on a loaded machine) for a webhook delivery. */
async function delivery(event: string, approvalId: string) {
  for (let i = 0; i < 1200; i++) {
    const found = received.find((item) => item.event === event && JSON.stringify(item.body).includes(approvalId));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${event} webhook for ${approvalId}`);
}

const poll = (after: number) => server.call('GET', `/fabric/events?mode=polling&after=${after}&limit=100`);

test('opening an approval request is an approval.created event (SSE and polling) and an approval.requested webhook', async () => {
  const start = Number((await server.call('GET', '/fabric/events?mode=polling&limit=1')).body.latest_event_id);
  const stream = await openSse(`${server.url}/fabric/events?mode=sse&after=${start}`, first);
  try {
    const opened = await server.call('POST', '/fabric/approvals', {
      body: { requester_id: 'release-bot', action: 'deploy_production', resource: 'svc/api', justification: 'release 42' },
    });
    assert.equal(opened.status, 201);
    const id = opened.body.approval_id;
    const live = await stream.next(30_000);
    assert.equal(live.event, 'approval.created');
    assert.equal(live.data.data.approval_id, id);
    assert.equal(live.data.data.status, 'pending');
    assert.equal(live.data.data.agent_id, 'release-bot');

    const page = await poll(start);
    assert.deepEqual(
      page.body.events.map((event: any) => [event.type, event.data.approval_id]),
      [['approval.created', id]],
    );
    const hook = await delivery('approval.requested', id);
    assert.equal(hook.body.approval_id, id);

    const decided = await server.call('POST', `/fabric/approvals/${id}/decision`, { key: first, body: { approved: true, reason: 'go' } });
    assert.equal(decided.body.status, 'approved');
    const outcome = await stream.next(30_000);
    assert.equal(outcome.event, 'approval.approved');
    assert.equal(outcome.data.data.approval_id, id);
    await delivery('approval.resolved', id);
  } finally {
    stream.close();
  }
});

test('a denial on a two-person request decides it at once: one approval.denied event and webhook; a later vote is refused', async () => {
  const opened = await server.call('POST', '/fabric/approvals', {
    body: { requester_id: 'db-bot', action: 'drop_table', resource: 'orders', min_distinct_approvers: 2 },
  });
  const id = opened.body.approval_id;
  const start = Number((await server.call('GET', '/fabric/events?mode=polling&limit=1')).body.latest_event_id);
  await server.call('POST', `/fabric/approvals/${id}/decision`, { key: first, body: { approved: false, reason: 'not today' } });
  const types = (await poll(start)).body.events.map((event: any) => [event.type, event.data.approval_id]);
  assert.deepEqual(types, [['approval.denied', id]], 'a denial by any approver decides at once');
  assert.equal((await delivery('approval.resolved', id)).event, 'approval.resolved');
  const late = await server.call('POST', `/fabric/approvals/${id}/decision`, { key: second, body: { approved: true } });
  assert.equal(late.status, 409);
});
