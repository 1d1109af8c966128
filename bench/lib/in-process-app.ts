// The real app built in the bench's own process (temp data dir, default SQLite store, durable group
// commit), listening on a free port and seeded through its HTTP API with `normal` agents: for benches
// that measure the service with process.cpuUsage or swap one of its parts. `root`: the checkout whose
// server code runs (another worktree, for a before/after in one run; default this one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seed } from '../http/seed.ts';

/** Imports a module of the server in checkout `root`. */
export function serverModule(root: string | undefined, path: string): Promise<any> {
  const checkout = resolve(root ?? join(import.meta.dirname, '../..'));
  return import(pathToFileURL(join(checkout, 'packages/server/src', path)).href);
}

export async function startInProcessApp(name: string, normalAgents = 20, root?: string) {
  // Typed as this checkout's modules; another checkout's are the same modules at another commit.
  const { buildApp } = (await serverModule(root, 'app.ts')) as typeof import('../../packages/server/src/app.ts');
  const { configFromEnv } = (await serverModule(root, 'config.ts')) as typeof import('../../packages/server/src/config.ts');
  const { SigningKeyRing } = (await serverModule(root, 'signing-keys.ts')) as typeof import('../../packages/server/src/signing-keys.ts');
  const { openStore } = (await serverModule(root, 'store/open-store.ts')) as typeof import('../../packages/server/src/store/open-store.ts');
  const { bootstrap } = (await serverModule(root, 'tenants.ts')) as typeof import('../../packages/server/src/tenants.ts');
  const dataDir = mkdtempSync(join(tmpdir(), `actiongate-${name}-`));
  const adminKey = `fk_${name}_${process.pid}_admin`;
  const config = configFromEnv({
    ...process.env,
    ACTIONGATE_DATA_DIR: dataDir,
    ACTIONGATE_ADMIN_KEY: adminKey,
    ACTIONGATE_LOG_LEVEL: 'warn',
  });
  const store = await openStore(config);
  const { app, ctx } = buildApp({ config, store, keyRing: SigningKeyRing.loadOrCreate(dataDir) });
  const close = async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await bootstrap(store, adminKey, Date.now());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agents = (await seed(`http://127.0.0.1:${port}`, adminKey, normalAgents)).normal;
    return { app, ctx, store, port, agents, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
