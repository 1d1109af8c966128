// The data directory as the store finds it at start (issue 23): private modes, and a marker that
// remembers this directory held a database, so a store is never recreated silently where one was.
// The directory is 0700 and every file in it 0600 (only the service's user may read decisions, keys
// and signing keys); an existing directory or file that is looser is reported, not changed.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATABASE_FILE = 'actiongate.db';
/** Written next to the database once it exists; its presence without the database means data was lost. */
export const STORE_MARKER_FILE = '.actiongate-store';

export interface DataDirReport {
  dir: string;
  /** No database was here: a new, empty one is created. */
  fresh: boolean;
  /** The marker says a database lived here, but it is gone: what it held is lost to this store. */
  lostDatabase: { createdAt: string | null } | null;
  /** Looser modes than 0700 / 0600, in words. */
  warnings: string[];
}

/** Creates the directory (0700) and, when missing, an empty database file (0600); checks modes. */
export function openDataDir(dir: string): DataDirReport {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const database = join(dir, DATABASE_FILE);
  const marker = join(dir, STORE_MARKER_FILE);
  const fresh = !existsSync(database);
  let lostDatabase: DataDirReport['lostDatabase'] = null;
  if (fresh && existsSync(marker)) lostDatabase = { createdAt: markerCreatedAt(marker) };
  // SQLite creates the -wal with the database file's mode, so creating this one 0600 covers both.
  if (fresh) closeSync(openSync(database, 'wx', 0o600));
  return { dir, fresh, lostDatabase, warnings: looserModes(dir) };
}

/** Marks the directory as holding a database (after the store opened it). */
export function markDataDir(dir: string, now: number): void {
  const marker = join(dir, STORE_MARKER_FILE);
  if (existsSync(marker)) return;
  writeFileSync(marker, `${JSON.stringify({ database: DATABASE_FILE, created_at: new Date(now).toISOString() })}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
}

/** The directory and its files whose modes give anyone but the owner access. */
export function looserModes(dir: string): string[] {
  const warnings: string[] = [];
  const dirMode = statSync(dir).mode & 0o777;
  if (dirMode & 0o077)
    warnings.push(`data directory \`${dir}\` is ${octal(dirMode)}, not 0700: other users may read it (chmod 700 \`${dir}\`)`);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const mode = stat.mode & 0o777;
    if (mode & 0o077) warnings.push(`\`${path}\` is ${octal(mode)}, not 0600: other users may read it (chmod 600 \`${path}\`)`);
  }
  return warnings;
}

/** The start-up banner's lines about the store, or none when an existing store opened normally. */
export function dataDirBanner(report: DataDirReport): string[] {
  if (report.lostDatabase) {
    return [
      '!!! ActionGate: THIS DATA DIRECTORY HAD A DATABASE, AND IT IS GONE !!!',
      `  \`${join(report.dir, DATABASE_FILE)}\` is missing, but \`${STORE_MARKER_FILE}\` says a store lived here` +
        (report.lostDatabase.createdAt ? ` (created ${report.lostDatabase.createdAt}).` : '.'),
      '  A NEW, EMPTY store was created: earlier decisions, approvals, keys, rules and the journal are not in it.',
      '  Stop the service and restore the database from a backup unless starting over is intended.',
    ];
  }
  if (report.fresh) return [`ActionGate: created a new, empty store in \`${report.dir}\`.`];
  return [];
}

function markerCreatedAt(marker: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(marker, 'utf8')) as { created_at?: unknown };
    return typeof parsed.created_at === 'string' ? parsed.created_at : null;
  } catch {
    return null;
  }
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, '0')}`;
}
