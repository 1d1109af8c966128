// Issues 18 and 22: changes of the tenant's enforcement state (posture, egress rules, contain,
// release, close), of its vault (credential added, rotated, deleted) and compliance findings (the
// monitor's included) are events on /fabric/events and reach webhooks, to a receiver this test
// starts on 127.0.0.1. No event, webhook body or delivery log ever carries a credential's secret.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { startServer, type TestServer } from './support/test-server.ts';
import { signatureMatches } from '../src/webhooks/sign-body.ts';

const WEBHOOK_SECRET = 'enforcement-receiver-secret-0123';
const VAULT_SECRET = 'sk_live_enforcement_events_777';

interface Received {
  event: string;
  raw: string;
  body: any;
  signature: string;
}

let server: TestServer;
let http: Server;
const received: Received[] = [];
let tenant: string;

before(async () => {
  http = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-actiongate-event']),
        raw,
        body: JSON.parse(raw),
        signature: String(req.headers['x-actiongate-signature']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  server = await startServer({ ACTIONGATE_WEBHOOK_ALLOW_PRIVATE: '1', ACTIONGATE_PUBLIC_URL: 'https://gate.example.com' });
  const created = await server.call('POST', '/fabric/webhooks', {
    body: {
      url: `http://127.0.0.1:${(http.address() as { port: number }).port}/hook`,
      events: [
        'tenant.contained',
        'tenant.released',
        'tenant.closed',
        'posture.changed',
        'credential.changed',
        'compliance.finding_raised',
        'compliance.finding_updated',
      ],
      secret: WEBHOOK_SECRET,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  tenant = (await server.call('GET', '/fabric/posture')).body.tenant;
});
after(async () => {
  await server.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

/** Waits (bounded: 60 s on a loaded machine) for a delivery of `event` that `match` accepts. */
async function delivery(event: string, match: (body: any) => boolean = () => true): Promise<Received> {
  for (let i = 0; i < 1200; i++) {
    const found = received.find((r) => r.event === event && match(r.body));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${event} delivery arrived`);
}

const events = async () => (await server.call('GET', '/fabric/events?mode=polling&limit=1000')).body.events as any[];

test('credential added, rotated and deleted: events and webhooks with name, hosts and version, never the secret', async () => {
  const add = (secret: string) =>
    server.call('POST', '/fabric/credentials', { body: { name: 'crm', secret, allowed_hosts: ['api.crm.example'] } });
  assert.equal((await add(VAULT_SECRET)).status, 201);
  assert.equal((await add(`${VAULT_SECRET}-rotated`)).status, 200);
  assert.equal((await server.call('DELETE', '/fabric/credentials/crm')).status, 204);

  const log = (await events()).filter((e) => e.type.startsWith('credential.'));
  assert.deepEqual(
    log.map((e) => [e.type, e.data.name, e.data.version ?? null, e.data.change ?? null]),
    [
      ['credential.saved', 'crm', 1, 'added'],
      ['credential.saved', 'crm', 2, 'rotated'],
      ['credential.deleted', 'crm', null, null],
    ],
  );
  assert.deepEqual(log[0].data.allowed_hosts, ['api.crm.example']);
  const rotated = await delivery('credential.changed', (body) => body.change.version === 2);
  assert.equal(rotated.body.summary, 'Credential `crm` rotated (v2)');
  assert.ok(signatureMatches(WEBHOOK_SECRET, rotated.raw, rotated.signature));
  const deleted = await delivery('credential.changed', (body) => body.change.event === 'credential.deleted');
  assert.equal(deleted.body.summary, 'Credential `crm` deleted');
  assert.equal(deleted.body.console_url, 'https://gate.example.com/dashboard#/credentials');

  const everything = JSON.stringify(await events()) + received.map((r) => r.raw).join('\n');
  assert.ok(!everything.includes(VAULT_SECRET), 'the secret is in no event and no webhook body');
});

test('posture and egress rule changes: events and a posture.changed webhook saying what changed', async () => {
  const put = await server.call('PUT', '/fabric/posture', { body: { denied_tools: ['/tools/shell'] } });
  assert.equal(put.status, 200);
  const rule = await server.call('POST', '/fabric/egress-rules', { body: { target: 'api.partner.example', ports: [443] } });
  assert.equal(rule.status, 201);
  assert.equal((await server.call('DELETE', `/fabric/egress-rules/${rule.body.id}`)).status, 204);

  const log = (await events()).filter((e) => /^(posture|egress_rule)\./.test(e.type));
  assert.deepEqual(
    log.map((e) => e.type),
    ['posture.updated', 'egress_rule.created', 'egress_rule.deleted'],
  );
  assert.deepEqual(log[0].data.denied_tools, ['/tools/shell']);
  assert.equal(log[1].data.target, 'api.partner.example');
  const posture = await delivery('posture.changed', (body) => body.change.event === 'posture.updated');
  assert.equal(posture.body.summary, 'Security posture changed: allowed tools none; denied tools /tools/shell');
  const egress = await delivery('posture.changed', (body) => body.change.event === 'egress_rule.created');
  assert.equal(egress.body.summary, 'Egress rule added: brokered calls may reach `api.partner.example`');
  await delivery('posture.changed', (body) => body.change.event === 'egress_rule.deleted' && body.change.id === rule.body.id);
});

test('the monitor: a failing control raises a finding that reaches the webhook as compliance.finding_raised', async () => {
  // An open critical finding makes `ctl_no_open_critical_findings` fail; the monitor then raises its own.
  const manual = await server.call('POST', '/fabric/compliance/findings', {
    body: { finding_id: 'F-EV-1', severity: 'critical', title: 'secrets in a ticket', description: 'found by hand' },
  });
  assert.equal(manual.status, 201);
  const byHand = await delivery('compliance.finding_raised', (body) => body.finding.finding_id === 'F-EV-1');
  assert.equal(byHand.body.finding.source, 'manual');

  const config = await server.call('PUT', '/fabric/compliance/monitor', {
    body: { control_ids: ['ctl_no_open_critical_findings'], filters: { window_hours: 1, finding_severity: 'high' } },
  });
  assert.equal(config.status, 200);
  const run = await server.call('POST', '/fabric/compliance/monitor/run');
  assert.equal(run.status, 200);
  assert.equal(run.body.findings_raised.length, 1);
  const raisedId = run.body.findings_raised[0];
  const raised = await delivery('compliance.finding_raised', (body) => body.finding.finding_id === raisedId);
  assert.equal(raised.body.finding.source, 'monitor');
  assert.equal(raised.body.finding.control_id, 'ctl_no_open_critical_findings');
  assert.equal(raised.body.finding.severity, 'high');
  assert.match(raised.body.summary, /^Compliance finding \(high, monitor\): control failed: /);
  assert.equal(raised.body.console_url, `https://gate.example.com/fabric/compliance/findings/${raisedId}`);
  assert.ok(signatureMatches(WEBHOOK_SECRET, raised.raw, raised.signature));
  assert.ok((await events()).some((e) => e.type === 'finding.created' && e.data.finding_id === raisedId));

  const moved = await server.call('PATCH', `/fabric/compliance/findings/${raisedId}`, { body: { status: 'in_progress' } });
  assert.equal(moved.status, 200);
  const updated = await delivery('compliance.finding_updated', (body) => body.finding.finding_id === raisedId);
  assert.equal(updated.body.finding.status, 'in_progress');
  assert.equal(updated.body.summary, `Compliance finding \`${raisedId}\` is now in_progress: ${raised.body.finding.title}`);
});

test('contain, release and close: events and webhooks, close last', async () => {
  assert.equal((await server.call('POST', '/fabric/contain', { body: { tenant } })).status, 200);
  assert.equal((await server.call('POST', '/fabric/contain', { body: { tenant, action: 'release' } })).status, 200);
  const closed = await server.call('POST', '/fabric/close', {
    body: { tenant, reason: 'pilot over', final_disposition: 'archived' },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.body));

  const log = (await events()).filter((e) => e.type.startsWith('tenant.'));
  assert.deepEqual(
    log.map((e) => e.type),
    ['tenant.contained', 'tenant.released', 'tenant.closed'],
  );
  assert.ok(log[1].data.contained_since, 'the release says since when the tenant was contained');
  const contained = await delivery('tenant.contained');
  assert.match(contained.body.summary, /^Tenant contained: every agent is held and brokered calls are stopped/);
  await delivery('tenant.released');
  const close = await delivery('tenant.closed');
  assert.equal(close.body.change.final_disposition, 'archived');
  assert.equal(close.body.change.reason, 'pilot over');
  assert.ok(close.body.change.final_tree_head, 'the close names the signed tree head the journal was sealed with');
  assert.equal(close.body.summary, 'Tenant closed for good (archived): pilot over');
});
