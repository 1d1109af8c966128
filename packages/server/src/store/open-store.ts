// Which database serves: PostgreSQL when ACTIONGATE_DATABASE_URL names one (several nodes may share
// it), else the embedded SQLite store in the data directory. The PostgreSQL store (and `pg`) is
// loaded only when asked for, so a single SQLite node starts as fast as before.
import type { Config } from '../config.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databasePool'>): Promise<Store> {
  if (!config.databaseUrl) return new SqliteStore({ dataDir: config.dataDir });
  const { PostgresStore } = await import('./postgres/postgres-store.ts');
  return PostgresStore.open({ url: config.databaseUrl, poolSize: config.databasePool });
}
