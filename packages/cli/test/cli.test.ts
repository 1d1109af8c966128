// The `actiongate` command, spawned through its bin shim against the real server: exit codes,
// --json output, guard running a command only when allowed, and local signature checks.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));

let server: TestServer;
let approverKey: string;
let work: string;
before(async () => {
  server = await startServer();
  approverKey = (await server.call('POST', '/fabric/api-keys', { body: { name: 'dana', role: 'approver' } })).body.api_key;
  work = mkdtempSync(join(tmpdir(), 'actiongate-cli-'));
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        // A generous deadline per call: on a loaded machine the default 5 s is not a behaviour under test here.
        env: { ...process.env, ACTIONGATE_URL: server.url, ACTIONGATE_API_KEY: server.adminKey, ACTIONGATE_TIMEOUT_MS: '30000', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('decide: 10 held, 11 blocked, 12 unreachable or bad input, 0 allowed after approval', async () => {
  await server.call('POST', '/fabric/tool-rules', { body: { name: 'no', effect: 'deny', match_path: '/tools/drop_db' } });
  const payloadFile = join(work, 'payload.json');
  writeFileSync(payloadFile, JSON.stringify({ to: 'ops@example.com', subject: 'deploy' }));
  const [held, blocked, unreachable, badJson] = await Promise.all([
    cli(['decide', '--path', '/tools/send_email', '--agent', 'cli-1', '--payload-file', payloadFile, '--json']),
    cli(['decide', '--path', '/tools/drop_db', '--agent', 'cli-1']),
    cli(['--url', `http://127.0.0.1:${await closedPort()}`, 'decide', '--path', '/tools/x', '--agent', 'cli-1']),
    cli(['decide', '--path', '/tools/x', '--agent', 'cli-1', '--payload', '{nope']),
  ]);
  assert.equal(held.code, 10, held.stderr);
  const decision = JSON.parse(held.stdout);
  assert.equal(decision.verdict, 'REQUIRE_APPROVAL');
  assert.equal(blocked.code, 11);
  assert.match(blocked.stdout, /^BLOCKED/);
  assert.match(blocked.stdout, /policy\s+deny/);
  assert.equal(unreachable.code, 12);
  assert.match(unreachable.stderr, /unreachable/);
  assert.equal(badJson.code, 12);
  assert.match(badJson.stderr, /--payload is not valid JSON/);

  const approved = await cli(['approvals', 'approve', decision.approval_id, '--note', 'go', '--json'], { ACTIONGATE_API_KEY: approverKey });
  assert.equal(approved.code, 0, approved.stderr);
  assert.equal(JSON.parse(approved.stdout).status, 'approved');

  const allowed = await cli(['decide', '--path', '/tools/send_email', '--agent', 'cli-1', '--payload', readFileSync(payloadFile, 'utf8')]);
  assert.equal(allowed.code, 0, allowed.stdout + allowed.stderr);
  assert.match(allowed.stdout, /^ALLOWED /);
});

test('the deadline of a call comes from --timeout, else ACTIONGATE_TIMEOUT_MS: a silent server times out, a bad value is refused', async () => {
  const silent = createServer(() => {}); // accepts connections, never answers
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  try {
    const started = Date.now();
    const [fromEnv, fromFlag, bad] = await Promise.all([
      cli(['--url', url, 'decide', '--path', '/tools/x', '--agent', 'cli-1'], { ACTIONGATE_TIMEOUT_MS: '300' }),
      cli(['--url', url, '--timeout', '400', 'decide', '--path', '/tools/x', '--agent', 'cli-1'], { ACTIONGATE_TIMEOUT_MS: '600000' }),
      cli(['decide', '--path', '/tools/x', '--agent', 'cli-1'], { ACTIONGATE_TIMEOUT_MS: 'soon' }),
    ]);
    assert.equal(fromEnv.code, 12, fromEnv.stderr);
    assert.match(fromEnv.stderr, /within 300 ms/);
    assert.equal(fromFlag.code, 12, fromFlag.stderr);
    assert.match(fromFlag.stderr, /within 400 ms/); // the flag wins over the environment
    assert.ok(Date.now() - started < 50_000, 'the environment deadline was not the 10-minute one');
    assert.equal(bad.code, 12);
    assert.match(bad.stderr, /ACTIONGATE_TIMEOUT_MS.*`soon`/);
  } finally {
    silent.close();
  }
});

test('guard runs the command only when allowed, with its exit code', async () => {
  const marker = join(work, 'ran');
  const script = `require('fs').writeFileSync(${JSON.stringify(marker)}, process.argv.slice(1).join(' ')); process.exit(3)`;
  const argv = ['guard', '--path', '/tools/shell', '--agent', 'ci', '--', process.execPath, '-e', script, 'a b'];
  const held = await cli(argv);
  assert.equal(held.code, 10, held.stderr);
  assert.match(held.stderr, /held for approval apr_/);
  assert.throws(() => readFileSync(marker), 'the command did not run');

  const pending = await server.call('GET', '/fabric/approvals?status=pending&agent_id=ci', { key: approverKey });
  const approval = pending.body.approvals[0];
  assert.deepEqual(approval.payload.argv, [process.execPath, '-e', script, 'a b']);
  assert.match(approval.payload.command, /'a b'$/, 'the joined command line is shell-quoted');
  await server.call('POST', `/fabric/approvals/${approval.approval_id}/approve`, { key: approverKey, body: {} });

  const ran = await cli(argv);
  assert.equal(ran.code, 3, 'the exit code of the command');
  assert.equal(readFileSync(marker, 'utf8'), 'a b');
  rmSync(marker);

  const again = await cli(argv);
  assert.equal(again.code, 10, 'the approval ran once');
  const down = await cli(['--url', `http://127.0.0.1:${await closedPort()}`, ...argv]);
  assert.equal(down.code, 12);
  assert.throws(() => readFileSync(marker), 'nothing ran while unreachable');
});

test('guard --wait runs once when approved while waiting', async () => {
  const marker = join(work, 'waited');
  const argv = [
    'guard',
    '--path',
    '/tools/deploy',
    '--agent',
    'ci-wait',
    // Generous for a loaded machine (the command returns as soon as the approval lands), below cli()'s 60 s.
    '--wait',
    '45',
    '--',
    process.execPath,
    '-e',
    `require('fs').appendFileSync(${JSON.stringify(marker)}, 'x')`,
  ];
  const running = cli(argv);
  let approvalId: string | undefined;
  // Bounded by time: starting the command and its decision take seconds on a loaded machine.
  for (const deadline = Date.now() + 45_000; !approvalId && Date.now() < deadline;) {
    const pending = await server.call('GET', '/fabric/approvals?status=pending&agent_id=ci-wait', { key: approverKey });
    approvalId = pending.body.approvals[0]?.approval_id;
    if (!approvalId) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(approvalId);
  await server.call('POST', `/fabric/approvals/${approvalId}/approve`, { key: approverKey, body: {} });
  const done = await running;
  assert.equal(done.code, 0, done.stderr);
  assert.equal(readFileSync(marker, 'utf8'), 'x');
});

test('rules, agent keys, agents and decisions: tables, --json and verify', async () => {
  const [added, key] = await Promise.all([
    cli(['rules', 'add', '--name', 'hold payments', '--effect', 'require_approval', '--match', '/tools/pay', '--json']),
    cli(['agent-keys', 'create', '--name', 'cli-bot', '--json']),
  ]);
  assert.equal(added.code, 0, added.stderr);
  const rule = JSON.parse(added.stdout);
  const created = JSON.parse(key.stdout);
  assert.ok(created.agent_key.startsWith('agt_'));
  const asAgent = await server.call('POST', '/fabric/decisions', {
    key: created.agent_key,
    body: { path: '/tools/read_file', payload: { file: 'a' } },
  });

  const [edited, rules, agents, suspended, missing] = await Promise.all([
    cli(['rules', 'edit', rule.id, '--disable', '--json']),
    cli(['rules', 'list']),
    cli(['agents', 'list', '--json']),
    cli(['agents', 'suspend', 'cli-bot', '--reason', 'testing']),
    cli(['approvals', 'show', 'apr_missing']),
  ]);
  assert.equal(JSON.parse(edited.stdout).version, 2);
  assert.equal(JSON.parse(edited.stdout).enabled, false);
  assert.match(rules.stdout, /^ID\s+VERSION\s+NAME/m);
  assert.match(rules.stdout, /hold payments/);
  assert.ok(JSON.parse(agents.stdout).agents.some((a: { agent_id: string }) => a.agent_id === 'cli-bot'));
  assert.match(suspended.stdout, /cli-bot is suspended \(testing\)/);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /HTTP 404/);

  const decisionId = asAgent.body.decision_id;
  const [shown, verified] = await Promise.all([cli(['decisions', 'show', decisionId]), cli(['decisions', 'verify', decisionId])]);
  assert.match(shown.stdout, /REQUIRE_APPROVAL/);
  assert.match(shown.stdout, /payload \{"file":"a"\}/);
  assert.equal(verified.code, 0, verified.stderr);
  assert.match(verified.stdout, /^valid: fd_/);
});

test('try: lists the demo scenarios and runs one, with the exit code of its verdict', async () => {
  const listed = await server.call('GET', '/fabric/try', { key: null });
  assert.equal(listed.status, 200);
  const id = 'safe-read';
  assert.ok(listed.body.scenarios.some((s: { id: string }) => s.id === id));
  const [list, run] = await Promise.all([cli(['try'], { ACTIONGATE_API_KEY: '' }), cli(['try', id, '--json'], { ACTIONGATE_API_KEY: '' })]);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, new RegExp(id));
  const result = JSON.parse(run.stdout);
  assert.ok(Array.isArray(result.chain));
  assert.equal(run.code, result.verdict.startsWith('ALLOWED') && !result.blocked ? 0 : result.verdict === 'REQUIRE_APPROVAL' ? 10 : 11);
});

test('serve starts the service on the given port and data directory, and stops on SIGTERM', async () => {
  const port = await closedPort();
  const dataDir = join(work, 'served');
  const child = execFile(process.execPath, [BIN, 'serve', '--port', String(port), '--data-dir', dataDir], {
    env: { ...process.env, ACTIONGATE_ADMIN_KEY: 'fk_serve_test', ACTIONGATE_LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    let health: Response | undefined;
    for (let i = 0; i < 1200 && !health; i++) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(health?.status, 200);
    const decided = await cli(['--url', `http://127.0.0.1:${port}`, 'decide', '--path', '/tools/read_file', '--agent', 'a'], {
      ACTIONGATE_API_KEY: 'fk_serve_test',
    });
    assert.equal(decided.code, 10, decided.stderr);
    assert.ok(readFileSync(join(dataDir, 'actiongate.db')).length > 0);
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
});
