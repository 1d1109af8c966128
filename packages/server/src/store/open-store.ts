// Which database serves: PostgreSQL when ACTIONGATE_DATABASE_URL names one (several nodes may share
// it), else the embedded SQLite store in the data directory.
import type { Config } from '../config.ts';
import { PostgresStore } from './postgres/postgres-store.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databasePool'>): Promise<Store> {
  if (config.databaseUrl) return PostgresStore.open({ url: config.databaseUrl, poolSize: config.databasePool });
  return new SqliteStore({ dataDir: config.dataDir });
}
