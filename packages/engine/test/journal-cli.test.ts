import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MerkleTree, runJournalCli } from '../src/index.ts';
import { buildJournal, clone, headOf } from './journal-fixture.ts';

const { entries, keys } = buildJournal(12);
const files: Record<string, string> = {
  'export.json': JSON.stringify({ entries, tree_head: headOf(entries, keys[1]) }),
  'export.ndjson': entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n',
  'keys.json': JSON.stringify({ keys: keys.map((key) => ({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid })) }),
};

function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runJournalCli(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    exists: (path) => path in files,
    readFile: (path) => {
      if (!(path in files)) throw new Error(`no such file \`${path}\``);
      return files[path];
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('journal verify: a good export, as JSON or NDJSON, with the keys given several ways', () => {
  const ok = run('journal', 'verify', 'export.json', '--public-key', keys[0].x, '--public-key', keys[1].x);
  assert.equal(ok.code, 0, ok.err);
  assert.match(
    ok.out,
    /^valid: 12 entries, head [0-9a-f]{64}, matches the signed tree head\n {2}9 decision signatures v1, covering decision_id, tenant_id, time, verdict/,
  );
  assert.equal(run('journal', 'verify', 'export.ndjson', '--public-key', 'keys.json', '--expected-head', entries[11].entry_hash).code, 0);
  const json = run('journal', 'verify', 'export.json', '--public-key', 'keys.json', '--json');
  assert.deepEqual(JSON.parse(json.out), {
    valid: true,
    length: 12,
    head: entries[11].entry_hash,
    first_invalid_index: null,
    reason: null,
    signatures: { v1: 9, v2: 0 },
  });
});

test('journal verify: a tampered copy is pinpointed, exit code 1', () => {
  const copy = clone(entries);
  (copy[3].record as any).detail = 'changed afterwards';
  files['tampered.json'] = JSON.stringify({ entries: copy });
  const bad = run('journal', 'verify', 'tampered.json', '--public-key', 'keys.json');
  assert.equal(bad.code, 1);
  assert.match(bad.out, /^INVALID at entry index 3 \(seq 4\): entry 3: the record does not match its `content_hash`/);
  const truncated = run('journal', 'verify', 'export.ndjson', '--public-key', 'keys.json', '--expected-head', 'f'.repeat(64));
  assert.equal(truncated.code, 1);
  assert.match(truncated.out, /INVALID at entry index 12 \(seq 13\): the expected head/);
});

test('proof verify: an inclusion proof, and the same proof for the wrong leaf', () => {
  const tree = MerkleTree.of(entries.map((entry) => entry.entry_hash));
  const proof = {
    entry: entries[4],
    leaf_index: 4,
    tree_size: 12,
    audit_path: tree.inclusionProof(4),
    tree_head: headOf(entries, keys[1]),
  };
  files['proof.json'] = JSON.stringify(proof);
  files['wrong.json'] = JSON.stringify({ ...proof, entry: entries[5], leaf_index: 5 });
  assert.deepEqual(run('proof', 'verify', 'proof.json', '--public-key', 'keys.json'), { code: 0, out: 'valid inclusion proof', err: '' });
  const wrong = run('proof', 'verify', 'wrong.json', '--public-key', 'keys.json');
  assert.equal(wrong.code, 1);
  assert.match(wrong.out, /^INVALID inclusion proof: the audit path does not lead/);
});

test('usage errors exit 2 with a message', () => {
  assert.equal(run('journal', 'verify', 'export.json').code, 2);
  assert.match(run('journal', 'verify', 'export.json').err, /--public-key is required/);
  assert.equal(run('journal', 'check', 'export.json', '--public-key', keys[0].x).code, 2);
  assert.match(run('journal', 'verify', 'missing.json', '--public-key', keys[0].x).err, /no such file/);
  assert.match(run('journal', 'verify', 'export.json', '--public-key', 'not-a-key').err, /not an Ed25519 public key/);
  assert.equal(run('journal', 'verify', 'export.json', '--bogus').code, 2);
});

test('the CLI file runs as a program', () => {
  const dir = mkdtempSync(join(tmpdir(), 'journal-cli-'));
  try {
    writeFileSync(join(dir, 'export.json'), files['export.json']);
    writeFileSync(join(dir, 'keys.json'), files['keys.json']);
    const cli = fileURLToPath(new URL('../src/journal/cli.ts', import.meta.url));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, 'journal', 'verify', join(dir, 'export.json'), '--public-key', join(dir, 'keys.json')],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^valid: 12 entries/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('journal verify: a key that begins with `-` is taken as the value of --public-key', () => {
  // Stored under a name starting with a dash, like a base64url key that starts with `-`.
  files['-key.json'] = files['keys.json'];
  const ok = run('journal', 'verify', 'export.json', '--public-key', '-key.json');
  assert.equal(ok.code, 0, ok.err);
  delete files['-key.json'];
});
