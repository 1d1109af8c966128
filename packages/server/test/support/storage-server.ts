// A real server on a free port over a given data directory, with its log lines kept and a short
// storage-check interval: for the storage fault tests (issue 23).
import { Writable } from 'node:stream';
import { bootstrap, buildApp, configFromEnv, SigningKeyRing, SqliteStore } from '../../src/index.ts';

const KEY = 'fk_storage_faults_admin_key';

/** A real server on a free port over `dataDir`, with its log lines kept. */
export async function startOn(dataDir: string, options: { storageCheckMs?: number } = {}) {
  const store = new SqliteStore({ dataDir, storageCheckMs: options.storageCheckMs ?? 50 });
  await bootstrap(store, KEY, Date.now());
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = configFromEnv({ PORT: '0', ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '0' });
  const { app } = buildApp({ config, store, keyRing: SigningKeyRing.ephemeral(), logger: { level: 'info', stream } as never });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'x-api-key': KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const decide = (payload: unknown = { q: 1 }) => call('POST', '/fabric/decisions', { path: '/tools/search', agent_id: 'a', payload });
  const close = async () => {
    await app.close();
    await store.close().catch(() => {});
  };
  return { store, app, call, decide, lines, close };
}
