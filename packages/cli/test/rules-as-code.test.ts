// Rules as code (issue 16): `actiongate rules export|apply|test` run as a user would, against the
// real server for export and apply, offline through the engine for test, on the sample files.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

let server: TestServer;
let dir: string;
before(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'ag-rules-'));
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

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

const rules = async () => (await server.call('GET', '/fabric/tool-rules')).body.rules as Array<Record<string, any>>;

test('apply: the diff first (dry run changes nothing), then one transaction; export gives the file back', async () => {
  const old = await server.call('POST', '/fabric/tool-rules', { body: { name: 'legacy', effect: 'deny', match_path: '/tools/old' } });
  const search = await server.call('POST', '/fabric/tool-rules', {
    body: { name: 'search-is-fine', effect: 'require_approval', match_path: '/tools/search' },
  });
  const file = join(FIXTURES, 'rules.yaml');

  const dry = await cli(['rules', 'apply', file, '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^\+ no-shell-deletes {2}\(new, v1\)$/m);
  assert.match(dry.stdout, new RegExp(`^~ search-is-fine  \\(${search.body.id} v1 -> v2\\)$`, 'm'));
  assert.match(dry.stdout, /^ {4}effect: "require_approval" -> "allow"$/m);
  assert.match(dry.stdout, new RegExp(`^- legacy  \\(${old.body.id} v1, deleted\\)$`, 'm'));
  assert.match(dry.stdout, /dry run: 2 to create, 1 to update, 1 to delete, 0 unchanged; nothing applied/);
  assert.deepEqual((await rules()).map((rule) => rule.name).sort(), ['legacy', 'search-is-fine']);

  const applied = await cli(['rules', 'apply', file]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /applied: 2 created, 1 updated, 1 deleted, 0 unchanged/);
  const now = await rules();
  assert.deepEqual(now.map((rule) => rule.name).sort(), ['no-shell-deletes', 'payments-need-a-human', 'search-is-fine']);
  const updated = now.find((rule) => rule.name === 'search-is-fine')!;
  assert.equal(updated.id, search.body.id);
  assert.equal(updated.version, 2);
  assert.equal(updated.effect, 'allow');

  const again = await cli(['--json', 'rules', 'apply', file]);
  assert.deepEqual(JSON.parse(again.stdout).summary, { created: 0, updated: 0, deleted: 0, unchanged: 3 });

  const exported = await cli(['rules', 'export']);
  assert.equal(exported.code, 0, exported.stderr);
  // Same rules (listed in creation order; order never matters: deny wins over require_approval over allow).
  const byName = (document: { rules: Array<{ name: string }> }) => [...document.rules].sort((a, b) => a.name.localeCompare(b.name));
  assert.deepEqual(byName(parse(exported.stdout)), byName(parse(readFileSync(file, 'utf8'))));
  // The exported file applies as a no-op: export and apply round-trip.
  const copy = join(dir, 'exported.yaml');
  writeFileSync(copy, exported.stdout);
  const roundTrip = await cli(['--json', 'rules', 'apply', copy]);
  assert.equal(JSON.parse(roundTrip.stdout).summary.unchanged, 3);
});

test('apply: a bad file is refused before anything is sent, naming the place (exit 2)', async () => {
  const before = await rules();
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'rules:\n  - name: x\n    effect: block\n    match_path: /tools/x\n');
  const refused = await cli(['rules', 'apply', bad]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /rules\[0\]\.effect must be one of: allow, deny, require_approval \(got `"block"`\)/);
  writeFileSync(bad, 'rules:\n  - name: x\n    effect: deny\n    path: /tools/x\n');
  const unknown = await cli(['rules', 'apply', bad]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown field\(s\) `path`/);
  assert.deepEqual(await rules(), before);
});

test('test: the sample cases pass (exit 0); a wrong expectation fails with the reason (exit 1)', async () => {
  const passed = await cli(['rules', 'test', join(FIXTURES, 'cases.yaml'), '--rules', join(FIXTURES, 'rules.yaml')]);
  assert.equal(passed.code, 0, passed.stdout + passed.stderr);
  assert.match(passed.stdout, /7 passed, 0 failed/);

  const wrong = join(dir, 'wrong-cases.yaml');
  writeFileSync(
    wrong,
    [
      'rules:',
      '  - { name: no-drop, effect: deny, match_path: /tools/db/drop }',
      'cases:',
      '  - note: drop is blocked',
      '    call: { path: /tools/db/drop, payload: {} }',
      '    expect: { verdict: BLOCKED, stage: policy, rule: no-drop }',
      '  - note: wrongly expects drop to run',
      '    call: { path: /tools/db/drop, payload: {} }',
      '    expect: { verdict: ALLOWED }',
    ].join('\n'),
  );
  const failed = await cli(['rules', 'test', wrong]);
  assert.equal(failed.code, 1);
  assert.match(failed.stdout, /^PASS {2}drop is blocked$/m);
  assert.match(failed.stdout, /^FAIL {2}wrongly expects drop to run: verdict BLOCKED, expected ALLOWED$/m);
  assert.match(failed.stdout, /1 passed, 1 failed/);
  const json = await cli(['--json', 'rules', 'test', wrong]);
  assert.equal(json.code, 1);
  assert.equal(JSON.parse(json.stdout).results[1].rule, 'no-drop');

  writeFileSync(wrong, 'cases:\n  - call: { path: /tools/x }\n    agent: sleepy\n    expect: { verdict: ALLOWED }\nrules: []\n');
  const badState = await cli(['rules', 'test', wrong]);
  assert.equal(badState.code, 2);
  assert.match(badState.stderr, /cases\[0\]\.agent must be one of: revoked, suspended, degraded, new, normal, trusted/);
});
