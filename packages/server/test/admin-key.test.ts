// The first admin key is printed only once the server listens; a second start says plainly that the
// directory has keys (and that ACTIONGATE_ADMIN_KEY is ignored); `actiongate admin create-key` mints
// a working admin key offline for a locked-out operator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverBundle } from './support/server-bundle.ts';

const MAIN = serverBundle();
const CLI = resolve(import.meta.dirname, '../../cli/bin/actiongate.js');

function listenOnFreePort(): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(server));
  });
}

/** Servers started and not yet exited: a failed assertion must not leave one running (the file would hang). */
const running = new Set<ChildProcess>();

function start(dataDir: string, port: number, adminKey = '') {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ACTIONGATE_DATA_DIR: dataDir,
      ACTIONGATE_ADMIN_KEY: adminKey,
      ACTIONGATE_LOG_LEVEL: 'warn',
      // Shedding is load-shedding.test.ts's subject: on a loaded machine these calls were answered 503.
      ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const output = { text: '' };
  child.stdout!.on('data', (chunk) => (output.text += chunk));
  child.stderr!.on('data', (chunk) => (output.text += chunk));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output, exited };
}

/** Waits (bounded: 3 min, a loaded machine starts tsx slowly) until the process printed `needle` or exited. */
async function printed(output: { text: string }, child: ChildProcess, needle: string): Promise<void> {
  for (let i = 0; i < 1800 && !output.text.includes(needle) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(output.text.includes(needle), `expected \`${needle}\` in: ${output.text}`);
}

async function stop(run: ReturnType<typeof start>): Promise<void> {
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 0, run.output.text);
}

function status(port: number, key: string): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/fabric/settings`, { headers: { 'x-api-key': key } }).then((r) => r.status);
}

test('admin key: shown after listening, never for a busy port, recoverable offline', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-admin-'));
  const busy = await listenOnFreePort();
  const busyPort = (busy.address() as { port: number }).port;
  try {
    // 1. The port is taken: the start fails with a plain message and creates no key.
    const failed = start(dataDir, busyPort);
    assert.equal(await failed.exited, 1);
    assert.match(failed.output.text, /could not listen on 127\.0\.0\.1:\d+: EADDRINUSE/);
    assert.ok(!failed.output.text.includes('X-API-Key'), failed.output.text);

    // 2. The next start that listens creates the tenant and prints the key after the listening line.
    const port = busyPort;
    await new Promise<void>((r) => busy.close(() => r()));
    const first = start(dataDir, port);
    await printed(first.output, first.child, 'This key is shown once');
    const text = first.output.text;
    assert.ok(text.indexOf(`listening on http://127.0.0.1:${port}`) < text.indexOf('X-API-Key'), text);
    const firstKey = /X-API-Key: (fk_[A-Za-z0-9_-]+)/.exec(text)![1];
    assert.equal(await status(port, firstKey), 200);
    await stop(first);

    // 3. Locked out: mint a new admin key offline; a wrong directory is refused with exit 2.
    const wrong = spawnSync(process.execPath, [CLI, 'admin', 'create-key', '--data-dir', join(dataDir, 'nope')], { encoding: 'utf8' });
    assert.equal(wrong.status, 2, wrong.stderr);
    assert.match(wrong.stderr, /no ActionGate database in `.*nope`/);
    const unknownTenant = spawnSync(process.execPath, [CLI, 'admin', 'create-key', '--data-dir', dataDir, '--tenant', 'tn_nobody'], {
      encoding: 'utf8',
    });
    assert.equal(unknownTenant.status, 2, unknownTenant.stderr);
    assert.match(unknownTenant.stderr, /tenant `tn_nobody` not found/);
    const minted = spawnSync(process.execPath, [CLI, '--json', 'admin', 'create-key', '--data-dir', dataDir, '--name', 'ops-recovery'], {
      encoding: 'utf8',
    });
    assert.equal(minted.status, 0, minted.stderr);
    const recovery = JSON.parse(minted.stdout) as { tenant_id: string; key_id: string; api_key: string; created_tenant: boolean };
    assert.equal(recovery.tenant_id, 'tn_default');
    assert.equal(recovery.created_tenant, false);
    assert.match(recovery.api_key, /^fk_/);

    // 4. A second start with ACTIONGATE_ADMIN_KEY: says the directory has keys and the variable is ignored.
    const second = start(dataDir, port, 'fk_seeded_too_late');
    await printed(second.output, second.child, 'Lost the admin key?');
    assert.match(second.output.text, /already has tenants and keys: no admin key is printed/);
    assert.match(second.output.text, /ACTIONGATE_ADMIN_KEY is ignored/);
    assert.ok(!second.output.text.includes('X-API-Key'), second.output.text);
    assert.equal(await status(port, 'fk_seeded_too_late'), 401);
    assert.equal(await status(port, recovery.api_key), 200);
    const keys = await fetch(`http://127.0.0.1:${port}/fabric/api-keys`, { headers: { 'x-api-key': recovery.api_key } }).then((r) =>
      r.json(),
    );
    assert.ok(
      keys.keys.some(
        (key: { id: string; name: string; role: string }) =>
          key.id === recovery.key_id && key.name === 'ops-recovery' && key.role === 'admin',
      ),
    );
    await stop(second);
  } finally {
    for (const child of running) child.kill('SIGKILL');
    busy.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a data directory that cannot be made stops the start with a plain message naming it', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'actiongate-admin-'));
  try {
    // A file where the directory's parent should be: mkdir fails with ENOTDIR, nothing may listen.
    writeFileSync(join(parent, 'a-file'), '');
    const failed = start(join(parent, 'a-file', 'data'), 0);
    // Bounded (3 min, a loaded machine): a regression that listens instead of exiting fails here, then is killed.
    const stillRunning = new Promise<'still running'>((r) => setTimeout(() => r('still running'), 180_000).unref());
    assert.equal(await Promise.race([failed.exited, stillRunning]), 1, failed.output.text);
    assert.match(failed.output.text, /could not open its data directory .*a-file\/data: ENOTDIR/);
    assert.doesNotMatch(failed.output.text, /admin key/i);
  } finally {
    for (const child of running) child.kill('SIGKILL');
    rmSync(parent, { recursive: true, force: true });
  }
});

test('admin create-key on a data directory with no tenant yet creates the default tenant', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-admin-empty-'));
  try {
    const { SqliteStore } = await import('../src/store/sqlite/sqlite-store.ts');
    await new SqliteStore({ dataDir }).close();
    const { createAdminKey } = await import('../src/admin/create-admin-key.ts');
    const created = await createAdminKey({ dataDir });
    assert.equal(created.createdTenant, true);
    assert.equal(created.tenantId, 'tn_default');
    const again = await createAdminKey({ dataDir, name: 'second' });
    assert.equal(again.createdTenant, false);
    assert.notEqual(again.apiKey, created.apiKey);
    await assert.rejects(createAdminKey({ databaseUrl: 'postgres://u:secret@127.0.0.1:1/x' }), /no PostgreSQL store/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
