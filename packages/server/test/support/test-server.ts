// Starts the real server on a free port of 127.0.0.1 with a temporary data directory, and offers
// a small JSON client for the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import type { FastifyServerOptions } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore, bootstrap } from '../../src/index.ts';
import { contractFor } from './contract.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { createSharedDatabase } from './postgres-server.ts';

/**
 * ACTIONGATE_TEST_STORE=postgres runs every test server on a fresh database of the shared test
 * PostgreSQL named by ACTIONGATE_TEST_DATABASE_URL (scripts/run-tests.mjs starts one).
 */
export const onPostgres = process.env.ACTIONGATE_TEST_STORE === 'postgres';

/** For tests that look inside the SQLite file: they are skipped on PostgreSQL, with this reason. */
export const sqliteOnly = onPostgres ? 'reads or edits the SQLite file directly' : false;

/** The vault key of every test node on PostgreSQL (32 bytes, hex). */
const TEST_VAULT_KEY = '7e'.repeat(32);

async function openStore(dataDir: string, databaseUrl?: string): Promise<{ store: SqliteStore; databaseUrl: string | null }> {
  if (!onPostgres && !databaseUrl) return { store: new SqliteStore({ dataDir }), databaseUrl: null };
  if (!databaseUrl) {
    const adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('ACTIONGATE_TEST_STORE=postgres needs ACTIONGATE_TEST_DATABASE_URL (the test PostgreSQL)');
    // A copy of the migrated template when the runner made one (each server still runs the store's
    // migration step, which finds the schema current); else an empty database the store migrates.
    databaseUrl = await createSharedDatabase(adminUrl, process.env.ACTIONGATE_TEST_DATABASE_TEMPLATE || undefined);
  }
  // Typed as the SQLite store for the tests that reach into it; those are skipped here (sqliteOnly).
  return { store: (await PostgresStore.open({ url: databaseUrl, poolSize: 4 })) as unknown as SqliteStore, databaseUrl };
}

/** Where a server keeps its state: its own (default), or an existing PostgreSQL database (another node of a cluster). */
export interface StartOptions {
  databaseUrl?: string;
  /** The seeded admin key (give the first node's to the second). */
  adminKey?: string;
  /** The server's clock (issue 19: budget periods and reservation expiry are tested with a clock the test moves). */
  clock?: () => number;
  /** The server's logger (default: none); a test that searches the log for secrets passes a stream. */
  logger?: FastifyServerOptions['logger'];
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  adminKey: string;
  dataDir: string;
  /** The PostgreSQL database this server uses, or null on SQLite. */
  databaseUrl: string | null;
  store: SqliteStore;
  call<T = any>(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<JsonResponse<T>>;
  /** Runs SQL on the server's database, SQLite or PostgreSQL (`?` placeholders); returns the rows. */
  sql<T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

let counter = 0;

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-test-'));
  const adminKey = options.adminKey ?? `fk_test_admin_${process.pid}_${++counter}`;
  // Event-loop shedding is off unless a test asks: the test's own client shares the server's event loop,
  // and its stalls (loading undici, compiling a contract) are not load (load-shedding.test.ts turns it on).
  // Nodes on one PostgreSQL share the vault, so they share its key (each has its own data directory).
  const sharedVault = onPostgres || options.databaseUrl ? { ACTIONGATE_VAULT_KEY: TEST_VAULT_KEY } : {};
  const config = {
    ...configFromEnv({ ACTIONGATE_DATA_DIR: dataDir, PORT: '0', ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0', ...sharedVault, ...env }),
    adminKey,
  };
  const { store, databaseUrl } = await openStore(dataDir, options.databaseUrl);
  const keyRing = SigningKeyRing.loadOrCreate(dataDir);
  await bootstrap(store, adminKey, Date.now());
  const { app } = buildApp({ config, store, keyRing, logger: options.logger ?? false, ...(options.clock ? { clock: options.clock } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    adminKey,
    dataDir,
    databaseUrl,
    store,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      const key = options.key === undefined ? adminKey : options.key;
      if (key !== null) headers['x-api-key'] = key;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const response = await fetch(url + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      // Every answer is checked against the service's OpenAPI document (set ACTIONGATE_CONTRACT=off to skip).
      if (process.env.ACTIONGATE_CONTRACT !== 'off') {
        const problem = contractFor(app.swagger() as any).check(
          method,
          path,
          response.status,
          response.headers.get('content-type'),
          parsed,
        );
        if (problem) throw new Error(`OpenAPI contract: ${problem}`);
      }
      return { status: response.status, body: parsed as any, headers: response.headers };
    },
    async sql(text, ...params) {
      if (databaseUrl === null) {
        const statement = store.db.prepare(text);
        return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as any[];
      }
      let n = 0;
      const result = await (store as unknown as PostgresStore).pool.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows;
    },
    async close() {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
