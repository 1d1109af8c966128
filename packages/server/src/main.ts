// `npm start`: opens the embedded store, listens, creates the default tenant on first start (and
// only then prints its admin key), and shuts down cleanly on SIGTERM / SIGINT (in-flight decisions
// are committed first).
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { startupNotice } from './admin/startup-notice.ts';
import { SigningKeyRing } from './signing-keys.ts';
import { SqliteStore } from './store/sqlite/sqlite-store.ts';
import { bootstrap } from './tenants.ts';

const config = configFromEnv();
const store = new SqliteStore({ dataDir: config.dataDir });
const keyRing = SigningKeyRing.loadOrCreate(config.dataDir);
const { app } = buildApp({ config, store, keyRing });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await store.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  // Nothing was created yet: the next start that can listen makes (and shows) the first key.
  const code = (error as NodeJS.ErrnoException).code;
  process.stderr.write(`\nActionGate could not listen on ${config.host}:${config.port}: ${code ?? (error as Error).message}\n\n`);
  await app.close().catch(() => {});
  await store.close();
  process.exit(1);
}

// The first key is made and shown only now that the service is reachable.
const created = await bootstrap(store, config.adminKey, Date.now());
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
process.stdout.write(
  startupNotice({ created, seeded: config.adminKey !== null, where: config.dataDir, url: `http://${config.host}:${port}` }),
);
