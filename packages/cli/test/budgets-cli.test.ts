// Budgets, agent controls and dry runs from the `actiongate` CLI (issue 19), against the real server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => server.close());

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ACTIONGATE_URL: server.url, ACTIONGATE_API_KEY: server.adminKey }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

test('budgets create|reserve|commit|list, controls set, dry-run', async () => {
  const bad = await cli(['budgets', 'create', '--name', 'x', '--limit-cents', '10.5']);
  assert.equal(bad.code, 1, bad.stderr);
  assert.match(bad.stderr, /--limit-cents must be a whole number of cents/);
  const created = await cli([
    '--json',
    'budgets',
    'create',
    '--name',
    'cli',
    '--limit-cents',
    '1000',
    '--scope',
    'tool',
    '--scope-id',
    'cli_tool',
  ]);
  assert.equal(created.code, 0, created.stderr);
  const budget = JSON.parse(created.stdout);
  const held = await cli(['--json', 'budgets', 'reserve', budget.id, '--cents', '600']);
  assert.equal(held.code, 0, held.stderr);
  const over = await cli(['budgets', 'reserve', budget.id, '--cents', '600']);
  assert.notEqual(over.code, 0);
  assert.match(over.stderr, /hard limit of 1000 USD cents; this call asks 600/);
  const committed = await cli(['budgets', 'commit', budget.id, JSON.parse(held.stdout).reservation_id, '--actual-cents', '250']);
  assert.match(committed.stdout, /committed: 250 cents/);
  const listed = await cli(['budgets', 'list']);
  assert.match(listed.stdout, /cli_tool/);
  assert.match(listed.stdout, /25%/, 'the spend bar');
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'cli-agent', payload: { q: 1 } } });
  const controls = await cli(['--json', 'controls', 'set', 'cli-agent', '--per-hour', '10']);
  assert.equal(controls.code, 0, controls.stderr);
  assert.equal(JSON.parse(controls.stdout).max_actions_per_hour, 10);
  const dry = await cli(['--json', 'dry-run', '--shadow', '--limit', '5']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(JSON.parse(dry.stdout).recorded, false);
});
