// The data directory through the real entry point (src/main.ts, spawned), issue 23: created 0700
// with every file in it 0600 (umask at start); an existing looser directory or file is warned about
// at start; and a directory that had a database, started without it, says so in the log and the banner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBundle } from './support/server-bundle.ts';

const MAIN = serverBundle();

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts the service on `dataDir`, waits until it answers, stops it with SIGTERM; returns its output. */
async function runOnce(dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
      } catch (error) {
        if (child.exitCode !== null || i > 600) throw new Error(`the service did not start: ${out}`, { cause: error });
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0, out);
  return out;
}

/** Every file and directory under `dir` with its permission bits. */
function modes(dir: string): Array<[string, number, boolean]> {
  const found: Array<[string, number, boolean]> = [[dir, statSync(dir).mode & 0o777, true]];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const stat = statSync(join(dir, name));
    found.push([name, stat.mode & 0o777, stat.isDirectory()]);
  }
  return found;
}

test('the data directory: 0700 and 0600 from the start, looser modes warned about, a lost database said loudly', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'actiongate-modes-'));
  const dataDir = join(parent, 'data');
  try {
    const first = await runOnce(dataDir);
    assert.match(first, /created a new, empty store/);
    const created = modes(dataDir);
    assert.ok(created.some(([name]) => name === 'actiongate.db'));
    assert.ok(created.some(([name]) => name === '.actiongate-store'));
    for (const [name, mode, isDir] of created) assert.equal(mode, isDir ? 0o700 : 0o600, `${name} is ${mode.toString(8)}`);

    // An operator loosened them: the next start warns, names the fix, and opens the store quietly.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'actiongate.db'), 0o644);
    const second = await runOnce(dataDir);
    assert.match(second, /data directory `[^`]+` is 0755, not 0700: other users may read it \(chmod 700/);
    assert.match(second, /actiongate\.db` is 0644, not 0600/);
    assert.doesNotMatch(second, /new, empty store/);

    // The database is gone but the directory remembers it: loud in the log (level 50) and the banner.
    rmSync(join(dataDir, 'actiongate.db'));
    rmSync(join(dataDir, 'actiongate.db-wal'), { force: true });
    const third = await runOnce(dataDir);
    assert.match(third, /THIS DATA DIRECTORY HAD A DATABASE, AND IT IS GONE/);
    const errorLine = third
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .find((line) => line.level === 50 && /had a database and it is gone/.test(line.msg));
    assert.ok(errorLine, third);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
