// Starts the real server on a free port of 127.0.0.1 with a temporary data directory, and offers
// a small JSON client for the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore, bootstrap } from '../../src/index.ts';
import { contractFor } from './contract.ts';

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  adminKey: string;
  dataDir: string;
  store: SqliteStore;
  call<T = any>(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<JsonResponse<T>>;
  close(): Promise<void>;
}

let counter = 0;

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-test-'));
  const adminKey = `fk_test_admin_${process.pid}_${++counter}`;
  // Event-loop shedding is off unless a test asks: the test's own client shares the server's event loop,
  // and its stalls (loading undici, compiling a contract) are not load (load-shedding.test.ts turns it on).
  const config = {
    ...configFromEnv({ ACTIONGATE_DATA_DIR: dataDir, PORT: '0', ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0', ...env }),
    adminKey,
  };
  const store = new SqliteStore({ dataDir });
  const keyRing = SigningKeyRing.loadOrCreate(dataDir);
  await bootstrap(store, adminKey, Date.now());
  const { app } = buildApp({ config, store, keyRing, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    adminKey,
    dataDir,
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
    async close() {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
