// An audit package for a framework and a period, built by the real server, downloaded as a zip and
// verified offline (engine verifier and the `actiongate audit verify` command); packages with a
// record removed, changed, reordered or added, or re-signed by another key, are refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { publicKeySet, signDocument, keyIdOf, verifyAuditPackage } from '@actiongate/engine';
import { startServer, type TestServer } from './support/test-server.ts';

const CLI = fileURLToPath(new URL('../../cli/bin/actiongate.js', import.meta.url));

let server: TestServer;
let approver: string;
let keys: string[];
let zip: Uint8Array;
let summary: any;
let periodStart: string;
before(async () => {
  server = await startServer();
  approver = (await server.call('POST', '/fabric/api-keys', { body: { name: 'human', role: 'approver' } })).body.api_key;
  keys = (await server.call('GET', '/fabric/keys/public')).body.keys.map((jwk: { x: string }) => jwk.x);
  // Before the period: one decision, so the package has an entry before its start.
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/read_file', agent_id: 'pkg-a', payload: { path: '/etc/motd' } } });
  await new Promise((resolve) => setTimeout(resolve, 5));
  periodStart = new Date().toISOString();
  const held = await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/shell', agent_id: 'pkg-a', payload: { command: 'rm -rf /' } },
  });
  await server.call('POST', `/fabric/approvals/${held.body.stages[3].data.approval_id}/approve`, {
    key: approver,
    body: { note: 'change 42' },
  });
  await server.call('POST', '/fabric/decisions', { body: { path: '/tools/shell', agent_id: 'pkg-a', payload: { command: 'rm -rf /' } } });
  await server.call('POST', '/fabric/decisions', {
    body: { path: '/tools/send_email', agent_id: 'pkg-b', payload: { to: 'a@example.com' } },
  });
  const created = await server.call('POST', '/fabric/compliance/audit-packages', {
    body: {
      framework_id: 'fw_eu_ai_act',
      period_start: periodStart,
      period_end: new Date(Date.now() + 3600_000).toISOString(),
      prepared_by: 'auditor@example.com',
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  summary = created.body;
  const archive = await fetch(server.url + summary.download_path, { headers: { 'x-api-key': server.adminKey } });
  assert.equal(archive.status, 200);
  assert.equal(archive.headers.get('content-type'), 'application/zip');
  zip = new Uint8Array(await archive.arrayBuffer());
});
after(() => server.close());

/** The package with one file rewritten (and, when `resign` is given, a manifest re-signed by that key). */
function tampered(edit: (files: Record<string, Uint8Array>) => void, options: { rehash?: boolean } = {}): Uint8Array {
  const files = unzipSync(zip);
  edit(files);
  if (options.rehash) {
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    manifest.files = manifest.files.map((f: { path: string }) => ({
      ...f,
      sha256: createHash('sha256').update(files[f.path]).digest('hex'),
      bytes: files[f.path].length,
    }));
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
  }
  return zipSync(files);
}
const entriesEdit = (change: (entries: any[]) => void) => (files: Record<string, Uint8Array>) => {
  const entries = JSON.parse(strFromU8(files['journal/entries.json']));
  change(entries);
  files['journal/entries.json'] = strToU8(JSON.stringify(entries));
};

test('the package holds every record of the period and verifies offline', async () => {
  assert.match(summary.package_id, /^pkg_/);
  // held decision + created + approved + ran decision + consumed + email decision + its approval created
  assert.equal(summary.counts.decisions, 3);
  assert.equal(summary.counts.entries, 7);
  assert.ok(summary.first_seq > 1, 'the decision before the period is left out');
  assert.equal(summary.archive_sha256, createHash('sha256').update(zip).digest('hex'));
  const result = verifyAuditPackage(zip, { keys: publicKeySet(keys) });
  assert.deepEqual(result.problems, []);
  assert.equal(result.valid, true);
  assert.equal(result.trust, 'given-keys');
  const files = unzipSync(zip);
  const results = JSON.parse(strFromU8(files['controls/results.json']));
  const critical = results.find((r: { control_id: string }) => r.control_id === 'ctl_critical_actions_human_approved');
  assert.equal(critical.status, 'pass');
  assert.ok(JSON.parse(strFromU8(files['journal/tree-heads.json'])).length >= 2);
  assert.equal((await server.call('GET', `/fabric/compliance/audit-packages/${summary.package_id}`)).body.archive_bytes, zip.length);
  assert.equal((await server.call('GET', '/fabric/compliance/audit-packages')).body.packages.length, 1);
  const download = await server.call('GET', summary.download_path);
  assert.equal(download.status, 200, 'the zip answer matches the documented content type');
});

test('`actiongate audit verify` accepts the package and refuses a tampered one', () => {
  const dir = server.dataDir;
  const good = join(dir, 'package.zip');
  const bad = join(dir, 'tampered.zip');
  writeFileSync(good, zip);
  writeFileSync(bad, tampered(entriesEdit((entries) => entries.splice(1, 1))));
  const ok = spawnSync(process.execPath, [CLI, 'audit', 'verify', good, `--public-key=${keys[0]}`], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr + ok.stdout);
  assert.match(ok.stdout, /^valid: 7 records \(3 decisions, 4 approval events\)/);
  const refused = spawnSync(process.execPath, [CLI, 'audit', 'verify', bad, `--public-key=${keys[0]}`], { encoding: 'utf8' });
  assert.equal(refused.status, 1);
  assert.match(refused.stdout, /INVALID/);
  assert.match(refused.stdout, /journal\/entries.json` does not match its hash in the manifest/);
});

const cases: { note: string; edit: (files: Record<string, Uint8Array>) => void; problem: RegExp }[] = [
  {
    note: 'a record removed',
    edit: entriesEdit((entries) => entries.splice(2, 1)),
    problem: /records were removed or added|seq \d+ where \d+ was expected/,
  },
  {
    note: 'a record changed',
    edit: entriesEdit((entries) => (entries[0].record.verdict = 'ALLOWED')),
    problem: /the record was modified/,
  },
  {
    note: 'two records reordered',
    edit: entriesEdit((entries) => ([entries[1], entries[2]] = [entries[2], entries[1]])),
    problem: /removed, inserted or reordered/,
  },
  { note: 'the last record dropped', edit: entriesEdit((entries) => entries.pop()), problem: /records were removed or added/ },
  {
    note: 'a control result flipped',
    edit: (files) => {
      const results = JSON.parse(strFromU8(files['controls/results.json']));
      results[0].status = 'pass';
      results[0].passed = !results[0].passed;
      files['controls/results.json'] = strToU8(JSON.stringify(results));
    },
    problem: /controls\/results.json` does not match its hash/,
  },
];
for (const c of cases) {
  test(`a package with ${c.note} is refused, even with the manifest's hashes recomputed`, () => {
    const plain = verifyAuditPackage(tampered(c.edit), { keys: publicKeySet(keys) });
    assert.equal(plain.valid, false);
    const rehashed = verifyAuditPackage(tampered(c.edit, { rehash: true }), { keys: publicKeySet(keys) });
    assert.equal(rehashed.valid, false);
    assert.ok(
      rehashed.problems.some((p) => /manifest: the signature does not verify/.test(p)),
      rehashed.problems.join('\n'),
    );
    if (!/hash/.test(String(c.problem)))
      assert.ok(
        rehashed.problems.some((p) => c.problem.test(p)),
        rehashed.problems.join('\n'),
      );
  });
}

test("a package re-signed with another key is refused against the service's key", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const forged = tampered((files) => {
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    const { signature: _s, key_id: _k, ...rest } = manifest;
    files['manifest.json'] = strToU8(JSON.stringify(signDocument(rest, { kid: keyIdOf(publicKey), privateKey })));
  });
  const result = verifyAuditPackage(forged, { keys: publicKeySet(keys) });
  assert.equal(result.valid, false);
  assert.match(result.problems[0], /not among the trusted public keys/);
  assert.equal(verifyAuditPackage(strToU8('not a zip'), {}).valid, false);
});
