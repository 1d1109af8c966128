// `npm start`: opens the embedded store, creates the default tenant on first start, listens,
// and shuts down cleanly on SIGTERM / SIGINT (in-flight decisions are committed first).
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { SigningKeyRing } from './signing-keys.ts';
import { openStore } from './store/open-store.ts';
import { bootstrap } from './tenants.ts';

const config = configFromEnv();
const store = await openStore(config);
const keyRing = SigningKeyRing.loadOrCreate(config.dataDir);
const { app } = buildApp({ config, store, keyRing });

const created = await bootstrap(store, config.adminKey, Date.now());
if (created) {
  const shown = config.adminKey ? '(the key from ACTIONGATE_ADMIN_KEY)' : created.apiKey;
  process.stdout.write(
    `\nActionGate: created tenant ${created.tenantId} with admin key ${created.keyId}\n` +
      `  X-API-Key: ${shown}\n  This key is shown once; keep it safe.\n\n`,
  );
}

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

await app.listen({ host: config.host, port: config.port });
