// A real PostgreSQL 15 for the tests: Debian's server binaries, a cluster in a temporary directory, a
// free port on 127.0.0.1 and its unix socket in the same directory, stopped and removed at the end.
// initdb refuses to run as root, so as root the cluster belongs to the `postgres` user (runuser).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN_DIR = process.env.ACTIONGATE_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  /** URL of the cluster's `postgres` database (for CREATE DATABASE). */
  adminUrl: string;
  /** A new, empty database; returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server but keeps its data (a database outage). */
  down(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The user to run the server as, and the command prefix that does it. */
function runAs(): { prefix: string[]; uid: number | null; gid: number | null } {
  if (process.getuid?.() !== 0) return { prefix: [], uid: null, gid: null };
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root and there is no `postgres` user to run PostgreSQL as');
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid: id('-g') };
}

let counter = 0;

/**
 * `durable`: PostgreSQL's own defaults for durability (fsync, synchronous commit, full-page writes),
 * for benchmarks whose answers must be on disk as SQLite's are; the tests leave them off for speed.
 * `settings`: more `name=value` server settings (a bench loads pg_stat_statements so).
 */
export async function startPostgres(options: { durable?: boolean; settings?: string[] } = {}): Promise<TestPostgres> {
  if (!existsSync(join(BIN_DIR, 'initdb')) || !existsSync(join(BIN_DIR, 'postgres'))) {
    throw new Error(
      `PostgreSQL 15 server binaries not found in ${BIN_DIR}: the PostgreSQL tests need them ` +
        '(Debian: `apt-get install postgresql-15`; or set ACTIONGATE_PG_BIN to the directory holding initdb and postgres)',
    );
  }
  const user = runAs();
  // ACTIONGATE_TEST_PG_PARENT: where the cluster's directory goes (scripts/run-tests.mjs names a tmpfs:
  // the suite's clusters and database copies, ~3 GB written per run, then stay in memory instead of
  // being written back to a shared disk, and removing them at the end is quick).
  const dir = mkdtempSync(join(process.env.ACTIONGATE_TEST_PG_PARENT || tmpdir(), 'actiongate-pg-'));
  chmodSync(dir, 0o700);
  if (user.uid !== null) chownSync(dir, user.uid, user.gid!);
  const dataDir = join(dir, 'data');
  const run = (bin: string, args: string[]) => {
    const [command, ...rest] = [...user.prefix, join(BIN_DIR, bin), ...args];
    return { command, args: rest };
  };
  const init = run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const initResult = spawnSync(init.command, init.args, { encoding: 'utf8' });
  if (initResult.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${initResult.stderr || initResult.stdout}`);
  }
  const port = await freePort();
  // Test settings: durability is SQLite's and the crash tests' business; here speed keeps CI short.
  const durability = options.durable ? ['on', 'on', 'on'] : ['off', 'off', 'off'];
  const start = run('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `fsync=${durability[0]}`,
    '-c',
    `synchronous_commit=${durability[1]}`,
    '-c',
    `full_page_writes=${durability[2]}`,
    '-c',
    'max_connections=300',
    ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
  ]);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let log = '';
  /** Starts the postmaster and waits (bounded) until it accepts connections. */
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(start.command, start.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
    for (let attempt = 0; attempt < 300 && child.exitCode === null; attempt++) {
      const client = new pg.Client({ connectionString: adminUrl });
      try {
        await client.connect();
        await client.end();
        return child;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    child.kill('SIGKILL');
    throw new Error(`PostgreSQL did not start: ${log}`);
  };
  /** Fast shutdown (SIGINT to the postmaster itself: runuser does not pass SIGINT on): ends the sessions and stops. */
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT');
    await exited;
  };
  let server: ChildProcess;
  try {
    server = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    adminUrl,
    createDatabase: () => createSharedDatabase(adminUrl),
    async down() {
      await halt(server);
    },
    async up() {
      server = await launch();
    },
    async stop() {
      await halt(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database on the shared test PostgreSQL named by ACTIONGATE_TEST_DATABASE_URL (see scripts/run-tests.mjs):
 * empty, or a copy of `template` (a database made by `createMigratedTemplate`).
 */
export async function createSharedDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `ag_${process.pid}_${++counter}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops the databases that the test process `pid` made on the shared test PostgreSQL (createSharedDatabase
 * names them `ag_<pid>_…`), once that process has exited: the run's ~300 copies would otherwise all be kept
 * until the end. Best effort: a database that cannot be dropped stays until the cluster is removed.
 */
export async function dropDatabasesOf(adminUrl: string, pid: number): Promise<void> {
  // Bounded: a wedged cluster must fail this one drop, not hang the runner that awaits it.
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000, statement_timeout: 30_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`ag\\_${pid}\\_%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  } catch {
    // the cluster is gone or refuses: nothing to drop
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A database holding the store's schema, every migration applied, to copy for each test server
 * (ACTIONGATE_TEST_DATABASE_TEMPLATE): copying it takes a fraction of the time of migrating an empty
 * database in every server, and the copy is what the migrations make. It refuses connections, as
 * PostgreSQL copies a template only while nobody is connected to it. Returns its name.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<string> {
  // The store itself migrates it: imported here only, so that a bench using startPostgres does not load it.
  const { PostgresStore } = await import('../../src/store/postgres/postgres-store.ts');
  const url = new URL(await createSharedDatabase(adminUrl));
  const name = url.pathname.slice(1);
  const store = await PostgresStore.open({ url: url.toString(), poolSize: 1 });
  await store.close();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } finally {
    await client.end();
  }
  return name;
}

/**
 * A fresh database for several nodes: on the shared test PostgreSQL when ACTIONGATE_TEST_DATABASE_URL
 * names one, else on a PostgreSQL started for the caller (returned, to stop after).
 */
export async function databaseForNodes(): Promise<{ databaseUrl: string; postgres: TestPostgres | null }> {
  let adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL;
  let postgres: TestPostgres | null = null;
  if (!adminUrl) {
    postgres = await startPostgres();
    adminUrl = postgres.adminUrl;
  }
  return { databaseUrl: await createSharedDatabase(adminUrl), postgres };
}
