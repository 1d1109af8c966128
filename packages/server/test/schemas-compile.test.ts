// Route schemas compile on first use (lazy-schema-compilers.ts), so a start does not pay for routes it
// never serves. A schema that cannot compile must still fail here, not on a user's first request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore } from '../src/index.ts';

test("every route's validators and serializers compile", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-schemas-'));
  const store = new SqliteStore({ dataDir });
  const { app, schemas } = buildApp({
    config: configFromEnv({ ACTIONGATE_DATA_DIR: dataDir }),
    store,
    keyRing: SigningKeyRing.loadOrCreate(dataDir),
    logger: false,
  });
  try {
    await app.ready();
    const compiled = schemas.compileAll();
    // Bodies, queries, params and responses of every route, and one compiler per schema scope.
    assert.ok(compiled > 300, `only ${compiled} schemas were compiled`);
    // A second pass compiles nothing new and throws nothing.
    assert.equal(schemas.compileAll(), compiled);
  } finally {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
