// `npm start`: opens the embedded store, listens, creates the default tenant on first start (and
// only then prints its admin key), and shuts down cleanly on SIGTERM / SIGINT (in-flight decisions
// are committed first).
import { ed25519Signer } from '@actiongate/engine';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { startupNotice } from './admin/startup-notice.ts';
import { SigningKeyRing } from './signing-keys.ts';
import { dataDirBanner } from './store/sqlite/data-dir.ts';
import { SqliteStore } from './store/sqlite/sqlite-store.ts';
import { openStore } from './store/open-store.ts';
import { bootstrap } from './tenants.ts';
import { groupedStdout } from './grouped-log-writer.ts';

// Issue 23: everything this process creates is for its own user only (directories 0700, files 0600).
process.umask(0o077);
const config = configFromEnv();
const { store, keyRing } = await openStoreOrExit();
const { app } = buildApp({ config, store, keyRing });
// Decisions are signed by libsodium where its addon loads, else by node (the same bytes, more CPU).
const signer = ed25519Signer().state();
if (signer.signer === 'libsodium') app.log.info(signer, 'ed25519 signatures by libsodium');
else app.log.warn(signer, 'ed25519 signatures by node: slower, the same bytes');

// A store created where one lived is said loudly, in the log and in the banner; looser modes are warned about.
const report = store instanceof SqliteStore ? store.dataDirReport : null;
if (report) {
  for (const warning of report.warnings) app.log.warn(warning);
  if (report.lostDatabase)
    app.log.error(
      { dataDir: report.dir, markerCreatedAt: report.lostDatabase.createdAt },
      'the data directory had a database and it is gone; started with a new, empty store',
    );
  const banner = dataDirBanner(report);
  // The log lines before it first (they wait to be written in a group: grouped-log-writer.ts).
  if (banner.length > 0) groupedStdout().flushSync();
  if (banner.length > 0) process.stdout.write(`\n${banner.join('\n')}\n`);
}

/** The store and the signing keys, or a plain line naming what could not be opened and exit 1 (nothing listens yet). */
async function openStoreOrExit(): Promise<{ store: Awaited<ReturnType<typeof openStore>>; keyRing: SigningKeyRing }> {
  const opened = await openOrExit(config.databaseUrl ? 'its PostgreSQL store' : `its data directory ${config.dataDir}`, () =>
    openStore(config),
  );
  // The signing keys live in the data directory on every store.
  const keys = await openOrExit(`its signing keys in ${config.dataDir}`, async () => SigningKeyRing.loadOrCreate(config.dataDir));
  return { store: opened, keyRing: keys };
}

async function openOrExit<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const { code, message, stack } = error as NodeJS.ErrnoException;
    process.stderr.write(`\nActionGate could not open ${what}: ${message}${code && !message.includes(code) ? ` (${code})` : ''}\n\n`);
    // The stack helps only a developer (a migration's bug, say): at debug level.
    if (config.logLevel === 'debug' || config.logLevel === 'trace') process.stderr.write(`${stack}\n`);
    process.exit(1);
  }
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
groupedStdout().flushSync();
const port = address && typeof address === 'object' ? address.port : config.port;
process.stdout.write(
  startupNotice({ created, seeded: config.adminKey !== null, where: config.dataDir, url: `http://${config.host}:${port}` }),
);
