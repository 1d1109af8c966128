// `npm start` runs a bundle (packages/server/build.mjs -> dist/main.mjs), not the sources: this
// starts it exactly as `npm start` does (start.mjs builds, then runs the bundle), with no tsx.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SERVER = resolve(import.meta.dirname, '..');

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

/** Polls `url` until it answers (bounded: 2 min; building and starting take long on a loaded machine). */
async function waitFor(url: string, running: () => boolean, deadline = Date.now() + 120_000): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (!running() || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

test('the bundle `npm start` builds and runs serves the API, the console, the docs and the signup page', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-bundle-'));
  const port = await freePort();
  const adminKey = `fk_bundle_test_${process.pid}`;
  // Plain node: no --import tsx, and no NODE_OPTIONS that could bring a loader in.
  const child = spawn(process.execPath, [join(SERVER, 'start.mjs')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ACTIONGATE_DATA_DIR: dataDir,
      ACTIONGATE_ADMIN_KEY: adminKey,
      ACTIONGATE_LOG_LEVEL: 'warn',
      ACTIONGATE_SIGNUP: 'open',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errors = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  let failed = false;
  try {
    assert.equal((await waitFor(`${base}/healthz`, () => child.exitCode === null)).status, 200);
    assert.ok(existsSync(join(SERVER, 'dist/main.mjs')), 'the bundle was written');
    assert.match(out, /created tenant/i);

    const decision = await fetch(`${base}/fabric/decisions`, {
      method: 'POST',
      headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tools/search', agent_id: 'bundled', payload: { q: 'hello' } }),
    });
    assert.equal(decision.status, 200);
    const body = (await decision.json()) as { decision_id: string; verdict: string };
    assert.match(body.decision_id, /^fd_/);
    assert.equal(body.verdict, 'REQUIRE_APPROVAL');

    // Files read from disk relative to the source modules resolve from the bundle too.
    const dashboard = await fetch(`${base}/dashboard`);
    assert.equal(dashboard.status, 200);
    assert.match(await dashboard.text(), /ActionGate console/);
    const script = await fetch(`${base}/dashboard/assets/app.js`);
    assert.equal(script.status, 200);
    assert.ok((await script.arrayBuffer()).byteLength > 1000);
    const docs = await fetch(`${base}/docs/`);
    assert.equal(docs.status, 200);
    assert.match(await docs.text(), /swagger-ui/);
    const swaggerCss = await fetch(`${base}/docs/static/swagger-ui.css`);
    assert.equal(swaggerCss.status, 200);
    await swaggerCss.arrayBuffer();
    const signup = await fetch(`${base}/signup/signup.js`);
    assert.equal(signup.status, 200);
    await signup.arrayBuffer();

    // A module's "am I the main script" check must not match the bundle (the engine's journal CLI would run and print its usage).
    assert.doesNotMatch(errors, /usage:/, errors);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    // After a failure above, that failure is the one to report, not the exit code it caused.
    if (!failed) assert.equal(code, 0, `${out}\n${errors}`);
  }
});
