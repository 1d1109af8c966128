// `actiongate admin create-key`: mints a new admin key straight in the database, with no server and
// no key, for an operator who lost theirs. Only someone who can read the data directory (or holds
// the database URL) can do it, which is the same person who could read every secret hash anyway.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newKeyRow } from '../key-rows.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import { bootstrap, DEFAULT_TENANT_ID } from '../tenants.ts';

export interface CreateAdminKeyOptions {
  /** The data directory of an embedded (SQLite) installation. */
  dataDir?: string;
  /** `postgres://…` of a shared installation (ACTIONGATE_DATABASE_URL); wins over `dataDir`. */
  databaseUrl?: string;
  /** Tenant to give the key to (default: the default tenant made on first start). */
  tenantId?: string;
  /** Name of the new key, shown in the key list and beside approvals (default `recovery-admin`). */
  name?: string;
  now?: number;
}

export interface CreatedAdminKey {
  tenantId: string;
  keyId: string;
  apiKey: string;
  /** True when the database had no tenant yet and the default one was created with this key. */
  createdTenant: boolean;
  /** Where the key was written, for the message. */
  database: string;
}

/** A problem the operator can fix (wrong directory, unknown tenant): the command exits 2 with it. */
export class AdminCommandError extends Error {}

/**
 * Opens the store an installation uses. PostgreSQL installations select theirs with
 * `ACTIONGATE_DATABASE_URL`; its store plugs in here through `openPostgresStore` once it exists.
 */
export async function openAdminStore(options: CreateAdminKeyOptions): Promise<{ store: Store; database: string }> {
  if (options.databaseUrl) {
    const postgres = await loadPostgresStore();
    if (!postgres) throw new AdminCommandError('this build has no PostgreSQL store; unset `ACTIONGATE_DATABASE_URL` or use `--data-dir`');
    return { store: await postgres(options.databaseUrl), database: redactUrl(options.databaseUrl) };
  }
  if (!options.dataDir) throw new AdminCommandError('give `--data-dir DIR` (or set ACTIONGATE_DATA_DIR or ACTIONGATE_DATABASE_URL)');
  const dataDir = resolve(options.dataDir);
  // Refuse a directory with no database: a typo must not create a fresh, empty installation.
  if (!existsSync(join(dataDir, 'actiongate.db'))) throw new AdminCommandError(`no ActionGate database in \`${dataDir}\``);
  return { store: new SqliteStore({ dataDir }), database: join(dataDir, 'actiongate.db') };
}

/** Mints the key (creating the default tenant when the database has none yet) and closes the store. */
export async function createAdminKey(options: CreateAdminKeyOptions): Promise<CreatedAdminKey> {
  const { store, database } = await openAdminStore(options);
  try {
    return await mintAdminKey(store, options, database);
  } finally {
    await store.close();
  }
}

/** The minting itself, on an open store (tests and the PostgreSQL path share it). */
export async function mintAdminKey(store: Store, options: CreateAdminKeyOptions, database: string): Promise<CreatedAdminKey> {
  const now = options.now ?? Date.now();
  const tenantId = options.tenantId ?? DEFAULT_TENANT_ID;
  if ((await store.countTenants()) === 0 && tenantId === DEFAULT_TENANT_ID) {
    const created = await bootstrap(store, null, now);
    if (created) return { ...created, createdTenant: true, database };
  }
  if (!(await store.getTenant(tenantId))) throw new AdminCommandError(`tenant \`${tenantId}\` not found in ${database}`);
  const { row, secret } = newKeyRow({ tenantId, kind: 'customer', role: 'admin', name: options.name ?? 'recovery-admin' }, now);
  await store.createKey(row);
  return { tenantId, keyId: row.id, apiKey: secret, createdTenant: false, database };
}

type PostgresOpener = (url: string) => Promise<Store>;

/** The PostgreSQL store's opener, when this build has one (issue 14 adds `store/postgres/`). */
async function loadPostgresStore(): Promise<PostgresOpener | null> {
  const modulePath = '../store/postgres/open-postgres-store.ts';
  try {
    const module = (await import(modulePath)) as { openPostgresStore?: PostgresOpener };
    return module.openPostgresStore ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** A database URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}
