// `actiongate journal verify` and `actiongate proof verify`, run as an auditor would: export from the
// real server, then verify offline with nothing but the public key; a tampered copy is refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));

let server: TestServer;
let work: string;
before(async () => {
  server = await startServer();
  work = mkdtempSync(join(tmpdir(), 'actiongate-journal-cli-'));
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('an exported journal verifies offline; a tampered copy does not', async () => {
  const first = await server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'audited', payload: { q: 1 } } });
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/shell', agent_id: 'audited', payload: { command: 'ls' } } });
  const exported = await server.call('GET', '/fabric/journal?limit=100');
  assert.equal(exported.status, 200);
  const publicKey = (await server.call('GET', '/fabric/keys/public')).body.keys[0].x;

  const good = join(work, 'journal.json');
  writeFileSync(good, JSON.stringify(exported.body));
  const ok = await cli(['journal', 'verify', good, '--public-key', publicKey]);
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);

  const tampered = structuredClone(exported.body);
  tampered.entries[0].record.verdict = 'ALLOWED';
  const bad = join(work, 'tampered.json');
  writeFileSync(bad, JSON.stringify(tampered));
  const refused = await cli(['journal', 'verify', bad, '--public-key', publicKey]);
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stdout + refused.stderr, /invalid|index 0|first_invalid/i);

  const proof = await server.call('POST', '/fabric/journal/inclusion-proof', { body: { evidence_id: first.body.decision_id } });
  assert.equal(proof.status, 200);
  const proofFile = join(work, 'proof.json');
  writeFileSync(proofFile, JSON.stringify(proof.body));
  const proved = await cli(['proof', 'verify', proofFile, '--public-key', publicKey]);
  assert.equal(proved.code, 0, proved.stdout + proved.stderr);

  const usage = await cli(['journal', 'verify', good]);
  assert.notEqual(usage.code, 0, 'the public key is required');
});

test('journal export writes what journal verify checks; bad usage exits 2 as the help says', async () => {
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'exported', payload: { q: 'export' } } });
  const file = join(work, 'exported.json');
  const env = { ...process.env, ACTIONGATE_URL: server.url, ACTIONGATE_API_KEY: server.adminKey };
  const exported = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, 'journal', 'export', '--out', file], { timeout: 60_000, env }, (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stderr, /wrote \d+ journal entries/);
  const publicKey = (await server.call('GET', '/fabric/keys/public')).body.keys[0].x;
  const verified = await cli(['journal', 'verify', file, '--public-key', publicKey]);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /matches the signed tree head/);
  assert.match(verified.stdout, /decision signatures v2, covering .*agent_id, key_id, path, payload_hash/);

  assert.equal((await cli(['journal', 'verify', file])).code, 2, 'no --public-key');
  assert.equal((await cli(['journal', 'verify', file, '--public-key', publicKey, '--bogus'])).code, 2, 'unknown option');
  assert.equal((await cli(['journal', 'verify'])).code, 2, 'no file');
  assert.equal((await cli(['journal', 'verify', '--help'])).code, 0);
});
