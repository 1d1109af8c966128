// `actiongate serve --config actiongate.yaml`: settings from YAML, the environment winning, an
// unknown setting refused by name; and a real `serve` started from a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyConfigFile, readConfigFile } from '../src/config-file.ts';

const BIN = fileURLToPath(new URL('../bin/actiongate.js', import.meta.url));

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'actiongate-config-')), 'actiongate.yaml');
  writeFileSync(path, text);
  return path;
}

test('settings by short name or variable name; the environment wins; unknown settings are refused', () => {
  const path = file('port: 9090\ndata_dir: /var/lib/actiongate\nACTIONGATE_SIGNUP: open\nmetrics: open\n');
  assert.deepEqual(readConfigFile(path), {
    PORT: '9090',
    ACTIONGATE_DATA_DIR: '/var/lib/actiongate',
    ACTIONGATE_SIGNUP: 'open',
    ACTIONGATE_METRICS: 'open',
  });
  const env: NodeJS.ProcessEnv = { PORT: '7070' };
  assert.deepEqual(applyConfigFile(path, env), ['ACTIONGATE_DATA_DIR', 'ACTIONGATE_SIGNUP', 'ACTIONGATE_METRICS']);
  assert.equal(env.PORT, '7070', 'the environment wins');
  assert.throws(() => readConfigFile(file('prot: 1\n')), /unknown setting `prot`.*known: port, host, data_dir/);
  assert.throws(() => readConfigFile(file('port: [1, 2]\n')), /must be a string, number or boolean/);
  assert.throws(() => readConfigFile(file('- port\n')), /must hold a mapping/);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('actiongate serve --config starts the service with the file settings under the environment', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-serve-'));
  const path = file(`port: ${port}\nhost: 127.0.0.1\ndata_dir: ${dataDir}\nmetrics: open\nsignup: open\nlog_level: warn\n`);
  const child = spawn(process.execPath, [BIN, 'serve', '--config', path], {
    env: { ...process.env, ACTIONGATE_SIGNUP: 'closed' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = `http://127.0.0.1:${port}`;
    let ready = false;
    // Bounded: at most 600 tries, a failed connection answers at once.
    for (let attempt = 0; attempt < 600 && !ready && child.exitCode === null; attempt++) {
      ready = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(ready, `the service answered /readyz on the port of the file; output:\n${output}`);
    assert.equal((await fetch(`${url}/metrics`)).status, 200, 'metrics: open came from the file');
    assert.equal((await fetch(`${url}/signup`)).status, 404, 'ACTIONGATE_SIGNUP from the environment wins over the file');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
