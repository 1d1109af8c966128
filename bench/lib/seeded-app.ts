// The real app built in this process for benches that call its services directly: temp data dir,
// default SQLite store, seeded through its HTTP API (bench/http/seed.ts), with each `normal` agent's
// key row. `close` stops it and removes the data dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { configFromEnv } from '../../packages/server/src/config.ts';
import { hashSecret } from '../../packages/server/src/ids.ts';
import { SigningKeyRing } from '../../packages/server/src/signing-keys.ts';
import { openStore } from '../../packages/server/src/store/open-store.ts';
import { bootstrap } from '../../packages/server/src/tenants.ts';
import { seed } from '../http/seed.ts';

export async function seededApp(name: string, normalAgents: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `actiongate-${name}-`));
  const adminKey = `fk_${name}_bench_${process.pid}_admin`;
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
    const keys = await Promise.all(
      agents.map(async ({ key, agentId }) => ({ row: (await store.findKeyByHash(hashSecret(key)))!, agentId })),
    );
    return { store, ctx, keys, close };
  } catch (error) {
    await close();
    throw error;
  }
}
