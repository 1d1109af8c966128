// The vault key at start (issue 18): created 0600 on first start, taken from ACTIONGATE_VAULT_KEY
// when set, and a missing or wrong key for existing secrets stops the service from starting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore, bootstrap } from '../src/index.ts';
import { openSecret, sealSecret } from '../src/vault/vault-cipher.ts';
import { parseVaultKey } from '../src/vault/vault-key.ts';

const ADMIN = 'fk_vault_start_admin';

/** Starts the service on `dataDir`; resolves to a stop function, or rejects when it refuses to start. */
async function start(dataDir: string, env: Record<string, string> = {}) {
  const store = new SqliteStore({ dataDir });
  await bootstrap(store, ADMIN, Date.now());
  const config = {
    ...configFromEnv({ ACTIONGATE_DATA_DIR: dataDir, PORT: '0', ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0', ...env }),
    adminKey: ADMIN,
  };
  const { app } = buildApp({ config, store, keyRing: SigningKeyRing.loadOrCreate(dataDir), logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close().catch(() => {});
    await store.close();
    throw error;
  }
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    url,
    async addSecret(name: string) {
      const response = await fetch(`${url}/fabric/credentials`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ name, secret: 'a-secret-value-1234', allowed_hosts: ['api.example.com'] }),
      });
      assert.equal(response.status, 201);
    },
    async stop() {
      await app.close();
      await store.close();
    },
  };
}

test('first start creates vault.key with mode 0600; the next start reuses it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-vault-'));
  try {
    const first = await start(dataDir);
    await first.addSecret('one');
    await first.stop();
    const file = join(dataDir, 'vault.key');
    assert.ok(existsSync(file));
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const second = await start(dataDir);
    await second.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the vault key file gone while secrets exist: the service refuses to start', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-vault-'));
  try {
    const first = await start(dataDir);
    await first.addSecret('one');
    await first.stop();
    unlinkSync(join(dataDir, 'vault.key'));
    await assert.rejects(start(dataDir), /vault key missing: this data directory holds sealed secrets/);
    assert.ok(!existsSync(join(dataDir, 'vault.key')), 'no new key is made up over existing secrets');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('ACTIONGATE_VAULT_KEY: hex or base64 work; a different key, or a malformed one, refuses to start', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-vault-'));
  const key = randomBytes(32);
  try {
    const first = await start(dataDir, { ACTIONGATE_VAULT_KEY: key.toString('hex') });
    await first.addSecret('one');
    await first.stop();
    assert.ok(!existsSync(join(dataDir, 'vault.key')), 'no key file when the key comes from the environment');
    const again = await start(dataDir, { ACTIONGATE_VAULT_KEY: key.toString('base64') });
    await again.stop();
    await assert.rejects(start(dataDir, { ACTIONGATE_VAULT_KEY: randomBytes(32).toString('hex') }), /vault key wrong/);
    await assert.rejects(start(dataDir, { ACTIONGATE_VAULT_KEY: 'short' }), /ACTIONGATE_VAULT_KEY must hold 32 bytes/);
    // Without the key at all (no env, no file): refused too.
    await assert.rejects(start(dataDir), /vault key missing/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a refusal never quotes the key', async () => {
  const wrong = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-vault-'));
  try {
    const first = await start(dataDir);
    await first.stop();
    await assert.rejects(start(dataDir, { ACTIONGATE_VAULT_KEY: wrong }), (error: Error) => !error.message.includes(wrong));
    assert.throws(
      () => parseVaultKey('zz'.repeat(32), 'X'),
      (error: Error) => !error.message.includes('zz'),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a sealed secret opens only with its key and its binding (tenant, name, version)', () => {
  const key = randomBytes(32);
  const sealed = sealSecret(key, 'hello-secret', 'tn_a:name:1');
  assert.equal(openSecret(key, sealed, 'tn_a:name:1'), 'hello-secret');
  assert.throws(() => openSecret(key, sealed, 'tn_b:name:1'));
  assert.throws(() => openSecret(randomBytes(32), sealed, 'tn_a:name:1'));
  assert.equal(sealed.indexOf(Buffer.from('hello-secret')), -1);
});
