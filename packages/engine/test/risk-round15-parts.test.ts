// The parts added for red-team round 15 (issue 13), each through classifyRisk beside the harmless
// twin it must leave alone: what a gateway path's resource says its closing verb acts on, money
// moved by resource paths, mail forwarded out by rules, database superuser grants as objects and
// flags, retention cut to nothing, Purview and WAF switches, gRPC invocations and control operation
// names, API reads of one secret item, card limits and pay columns raised. Written with other
// strings than the round's rows: regression cases, not a measure.
import assert from 'node:assert/strict';
import test from 'node:test';
import { classifyRisk } from '../src/risk/classify-risk.ts';
import { pathMovesMoney } from '../src/risk/money-resource-paths.ts';

const classOf = (path: string, payload: unknown): string => classifyRisk({ path, payload }).class;
const critical = (path: string, payload: unknown): boolean => classOf(path, payload) === 'critical';
const mcp = (tool: string, args: unknown) => ['/tools/mcp/call', { name: tool, arguments: args }] as const;

test('a gateway path deleting a whole container is critical; deleting a part of it is not', () => {
  assert.ok(critical(...mcp('bitbucket.delete_repository', { workspace: 'w', repo_slug: 'core' })));
  assert.ok(critical(...mcp('azure_devops.projects.delete', { project: 'Fabrikam' })));
  assert.ok(!critical(...mcp('gitlab.groups.members.delete', { id: '1', user_id: 7 })));
  assert.ok(!critical(...mcp('bitbucket.repositories.branches.delete', { branch: 'old' })));
  assert.ok(!critical(...mcp('bitbucket.repositories.get', { workspace: 'w' })));
});

test('an item read out of a password store is critical; the store status and lists are not', () => {
  assert.ok(critical(...mcp('bitwarden.item.get', { id: 'a1' })));
  assert.ok(critical(...mcp('keeper.records.reveal', { uid: 'r9' })));
  assert.ok(!critical(...mcp('bitwarden.status', {})));
  assert.ok(!critical(...mcp('keeper.folders.list', {})));
});

test('a path naming a money resource and a starting verb moves money', () => {
  assert.ok(pathMovesMoney('/tools/revolut/payments/create'));
  assert.ok(!pathMovesMoney('/tools/revolut/payments/list'));
  assert.ok(!pathMovesMoney('/tools/revolut/create'));
  assert.ok(critical(...mcp('mercury.payments.create', { amount: 64000, recipientId: 'r1' })));
  assert.ok(!critical(...mcp('mercury.payments.create', { amount: 64, recipientId: 'r1' })));
});

test('a mail rule forwarding to a personal mailbox is exfiltration; to a colleague it is not', () => {
  assert.ok(critical('/tools/mail/rules', { rule: { redirectTo: ['someone.else@yahoo.com'] } }));
  assert.ok(critical('/tools/mailbox/settings', { ForwardingSmtpAddress: 'smtp:drop@proton.me' }));
  assert.ok(!critical('/tools/mail/rules', { rule: { redirectTo: ['payroll@acme.example'] } }));
  assert.ok(!critical('/tools/mail/rules', { rule: { moveToFolder: 'Archive' } }));
});

test('a key requiring a factor set false switches MFA off; a bare factor key is nothing', () => {
  assert.ok(critical('/tools/idp/policy', { enforceFactor: false }));
  assert.ok(!critical('/tools/idp/policy', { enforceFactor: true }));
  assert.ok(!critical('/tools/calc', { factor: 0 }));
});

test('database superuser grants as command objects and role flags are critical', () => {
  assert.ok(critical('/tools/db/command', { command: { createUser: 'x', pwd: 'p', roles: ['userAdminAnyDatabase'] } }));
  assert.ok(!critical('/tools/db/command', { command: { createUser: 'x', pwd: 'p', roles: ['readWrite'] } }));
  assert.ok(critical('/tools/pg/user', { name: 'svc', role_attr_flags: 'LOGIN,SUPERUSER' }));
  assert.ok(!critical('/tools/pg/user', { name: 'svc', role_attr_flags: 'LOGIN,NOSUPERUSER' }));
});

test('retention cut to nothing is critical; a retention of days or a prose mention is not', () => {
  assert.ok(critical('/tools/sh', { command: 'kafka-topics --alter --topic audit --config retention.ms=1000' }));
  assert.ok(critical('/tools/logs/settings', { retention_in_days: 0 }));
  assert.ok(!critical('/tools/logs/settings', { retention_in_days: 14 }));
  assert.ok(!critical('/tools/sh', { command: 'kafka-topics --alter --topic audit --config retention.ms=86400000' }));
  assert.ok(!critical('/tools/notes', { text: 'retention 0 complaints this week' }));
});

test('Purview policies and the Azure WAF switched off are controls off; reading them is not', () => {
  assert.ok(critical('/tools/pwsh', { command: 'Disable-DlpComplianceRule -Identity "Card numbers"' }));
  assert.ok(critical('/tools/pwsh', { command: 'Set-RetentionCompliancePolicy -Identity Mail -Enabled $false' }));
  assert.ok(!critical('/tools/pwsh', { command: 'Get-RetentionCompliancePolicy -Identity Mail' }));
  assert.ok(
    critical('/tools/sh', {
      command: 'az network application-gateway waf-policy policy-setting update -g r --policy-name p --state Disabled',
    }),
  );
  assert.ok(
    !critical('/tools/sh', {
      command: 'az network application-gateway waf-policy policy-setting update -g r --policy-name p --state Enabled',
    }),
  );
});

test('a gRPC invocation is a call of its method; control operation names stop controls', () => {
  assert.ok(critical('/tools/grpc/call', { method: 'acme.admin.v1.Databases/DropDatabase', request: { name: 'ledger' } }));
  assert.equal(classOf('/tools/grpc/call', { method: 'acme.admin.v1.Databases/GetDatabase', request: { name: 'ledger' } }), 'low');
  assert.ok(critical(...mcp('sentinelone.agents.uninstall', { filter: { computerName: 'x' } })));
  assert.ok(critical(...mcp('cloudflare.waf.disable', { zone: 'z' })));
  assert.ok(!critical(...mcp('sentinelone.agents.list', {})));
  assert.ok(!critical(...mcp('iot.sensors.disable', { id: 's1' })));
});

test('an API GET of one named secret item is critical; lists, metadata-only and writes are not', () => {
  assert.ok(critical('/tools/api', { method: 'GET', endpoint: '/groups/9/variables/NPM_TOKEN' }));
  assert.ok(!critical('/tools/api', { method: 'GET', endpoint: '/groups/9/variables' }));
  assert.ok(!critical('/tools/api', { method: 'GET', endpoint: '/repos/o/r/dependabot/secrets/NPM_TOKEN' }));
  assert.ok(!critical('/tools/api', { method: 'PUT', endpoint: '/groups/9/variables/NPM_TOKEN', value: 'x' }));
});

test('card spending limits and pay columns raised to the critical amount move money', () => {
  assert.ok(critical('/tools/brex/card', { card_id: 'c', spend_controls: { limit: 90000 } }));
  assert.ok(!critical('/tools/brex/card', { card_id: 'c', spend_controls: { limit: 900 } }));
  assert.ok(!critical('/tools/api/keys', { rate_limits: { max: 100000 } }));
  assert.ok(critical('/tools/sql', { sql: 'UPDATE hr.compensation SET bonus = 25000 WHERE id = 3' }));
  assert.ok(!critical('/tools/sql', { sql: 'UPDATE hr.compensation SET bonus = 250 WHERE id = 30000' }));
});
