// Governance from the `actiongate` CLI (issue 21), against the real server: policies created from a
// file, listed and evaluated; approvals voted and signed with an approver's Ed25519 key; plans
// committed from a file, authorized by another key, shown step by step.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { readThenMailPlan } from '../../server/test/support/plan-fixture.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));

let server: TestServer;
let work: string;
let approver: string;
before(async () => {
  server = await startServer();
  work = mkdtempSync(join(tmpdir(), 'actiongate-gov-cli-'));
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'cli approver', role: 'approver' } })).body.api_key;
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function cli(args: string[], key = server.adminKey): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ACTIONGATE_URL: server.url, ACTIONGATE_API_KEY: key }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

const file = (name: string, text: string) => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};

test('policies create|list|evaluate', async () => {
  const policy = file(
    'policy.yaml',
    [
      'name: no big wires',
      'priority: 10',
      'constraints:',
      '  - effect: deny',
      '    conditions:',
      '      - {field: amount, op: gte, value: 10000}',
    ].join('\n'),
  );
  const created = await cli(['policies', 'create', '--file', policy]);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /^gp_\S+ no big wires v1\.0 active$/m);
  const listed = await cli(['policies', 'list']);
  assert.match(listed.stdout, /no big wires\s+1\.0\s+active/);
  const denied = await cli(['--json', 'policies', 'evaluate', '--action', '/tools/wire', '--args', '{"amount": 20000}']);
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(JSON.parse(denied.stdout).verdict, 'deny');
  const bad = await cli(['policies', 'evaluate', '--action', '/tools/wire', '--args', '[1]']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--args must be a JSON object/);
});

test('approvals votes, and approve signed with an approver key', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const registered = await server.call('POST', '/fabric/approver-keys', {
    key: approver,
    body: { name: 'cli signer', public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString() },
  });
  assert.equal(registered.status, 201);
  const pem = file('signer.pem', privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  const opened = await server.call('POST', '/fabric/approvals', {
    body: { requester_id: 'cli-bot', action: 'payments.send', resource: 'acct-1' },
  });
  const id = opened.body.approval_id;
  const half = await cli(['approvals', 'approve', id, '--sign-key', pem], approver);
  assert.equal(half.code, 1);
  assert.match(half.stderr, /--sign-key and --approver-key go together/);
  const signed = await cli(
    ['approvals', 'approve', id, '--sign-key', pem, '--approver-key', registered.body.approver_key_id, '--note', 'ok'],
    approver,
  );
  assert.equal(signed.code, 0, signed.stderr);
  assert.match(signed.stdout, new RegExp(`${id} approved \\(signed by ${registered.body.approver_key_id}`));
  const votes = await cli(['--json', 'approvals', 'votes', id], approver);
  const vote = JSON.parse(votes.stdout).votes[0];
  assert.equal(vote.approver_key_id, registered.body.approver_key_id);
  assert.ok(vote.signature_b64);
});

test('plans commit|authorize|show|list', async () => {
  const plan = file('plan.json', JSON.stringify(readThenMailPlan('cli-planner')));
  const committed = await cli(['--json', 'plans', 'commit', '--file', plan]);
  assert.equal(committed.code, 0, committed.stderr);
  const planId = JSON.parse(committed.stdout).plan_id;
  const own = await cli(['plans', 'authorize', planId]);
  assert.equal(own.code, 1, 'the committing key may not authorize');
  assert.match(own.stderr, /may not authorize it/);
  const ok = await cli(['plans', 'authorize', planId, '--by', 'ops lead'], approver);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, new RegExp(`${planId} authorized until`));
  await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/read_file', agent_id: 'cli-planner', payload: { path: '/srv/a.txt' } },
  });
  const shown = await cli(['plans', 'show', planId]);
  assert.match(shown.stdout, /steps_used\s+1/);
  assert.match(shown.stdout, /0\s+read_file\s+\/srv\/a\.txt\s+-\s+low\s+yes/);
  assert.match(shown.stdout, /1\s+send_email\s+ops@ourco\.com\s+-\s+medium\s+no/);
  const listed = await cli(['plans', 'list', '--agent', 'cli-planner']);
  assert.match(listed.stdout, new RegExp(`${planId}\\s+cli-planner\\s+authorized\\s+1\\s+1`));
});
