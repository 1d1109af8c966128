// The installable client: `npm pack` gives a tarball of plain JavaScript and declarations with no
// runtime dependency; installed into an empty project, it imports on plain Node (no tsx) and
// decides a call against the real server, and a TypeScript consumer type-checks against it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const SDK = dirname(dirname(fileURLToPath(import.meta.url)));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let server: TestServer;
let work: string;
let tarball: string;

before(async () => {
  server = await startServer();
  work = mkdtempSync(join(tmpdir(), 'actiongate-sdk-pack-'));
  const packed = JSON.parse(
    execFileSync(NPM, ['pack', '--json', '--pack-destination', work], { cwd: SDK, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  tarball = join(work, packed[0].filename);
});
after(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds built JavaScript and declarations, no sources, and no runtime dependencies', () => {
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  assert.ok(listing.includes('package/dist/index.js'));
  assert.ok(listing.includes('package/dist/index.d.ts'));
  assert.deepEqual(
    listing.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
    [],
    'no TypeScript sources',
  );
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  assert.equal(manifest.name, '@actiongate/sdk');
  assert.equal(manifest.version, '0.3.0');
  assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
});

test('installed into an empty project, it imports on plain Node and decides a call', async () => {
  const project = join(work, 'consumer');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const agent = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'packed' } })).body.agent_key;
  writeFileSync(
    join(project, 'main.mjs'),
    `import { ActionGate, ApprovalRequired, verifyDecisionSignature } from '@actiongate/sdk';
const gate = new ActionGate({ baseUrl: process.env.URL, apiKey: process.env.KEY });
const decision = await gate.decide({ path: '/tools/read_file', payload: { path: '/tmp/x' } });
console.log(JSON.stringify({ verdict: decision.verdict, id: decision.decision_id, approvalRequired: typeof ApprovalRequired, verify: typeof verifyDecisionSignature }));
`,
  );
  // Plain node: no --import tsx, and an environment without NODE_OPTIONS loaders. Asynchronous,
  // since the server answering it runs in this process.
  const env = { PATH: process.env.PATH ?? '', URL: server.url, KEY: agent };
  const run = await promisify(execFile)(process.execPath, ['main.mjs'], { cwd: project, env, encoding: 'utf8' });
  const out = JSON.parse(run.stdout);
  assert.match(out.verdict, /^(ALLOWED|REQUIRE_APPROVAL|BLOCKED)/);
  assert.equal(out.approvalRequired, 'function');
  assert.equal(out.verify, 'function');
  const stored = await server.call('GET', `/fabric/decisions/${out.id}`);
  assert.equal(stored.status, 200, 'the decision is on the server');

  // A TypeScript consumer type-checks against the shipped declarations.
  writeFileSync(
    join(project, 'check.ts'),
    `import { ActionGate, type Decision } from '@actiongate/sdk';
const gate = new ActionGate({ baseUrl: 'http://127.0.0.1:1' });
export const pending: Promise<Decision> = gate.decide({ path: '/tools/x', agent_id: 'a' });
`,
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const typecheck = spawnSync(
    process.execPath,
    [
      tsc,
      '--noEmit',
      '--strict',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--target',
      'ES2022',
      '--types',
      'node',
      '--typeRoots',
      join(SDK, '../../node_modules/@types'),
      'check.ts',
    ],
    { cwd: project, encoding: 'utf8' },
  );
  assert.equal(typecheck.status, 0, typecheck.stdout + typecheck.stderr);
  assert.ok(readFileSync(join(project, 'node_modules/@actiongate/sdk/dist/index.d.ts'), 'utf8').includes('ActionGate'));
});
