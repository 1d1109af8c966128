// The real app built in the bench's own process (temp data dir, default SQLite store, durable group
// commit), listening on a free port and seeded through its HTTP API with `normal` agents: for benches
// that measure the service with process.cpuUsage or swap one of its parts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { configFromEnv } from '../../packages/server/src/config.ts';
import { SigningKeyRing } from '../../packages/server/src/signing-keys.ts';
import { openStore } from '../../packages/server/src/store/open-store.ts';
import { bootstrap } from '../../packages/server/src/tenants.ts';
import { seed } from '../http/seed.ts';

export async function startInProcessApp(name: string, normalAgents = 20) {
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
    return { app, ctx, store, port, agents, close };
  } catch (error) {
    await close();
    throw error;
  }
}
