// Files and folders that hold an organisation's records in bulk, by their names: database dumps
// and backups (`prod.sql.gz`, `users.bson`), exports of people or accounts (`customers_full.csv`,
// `exports/users.parquet`), a database server's data folder, folders of user uploads. Sending one
// to a place the organisation does not own is a data leak even though no single file is a secret.

/**
 * A database dump by its name (`db.dump`, `users.bson`, `prod.sql.gz`, `nightly-backup.sql`): all the
 * rows of a database. A plain `.sql` counts only when its name says dump or backup (`migration.sql`
 * sent to a schema service is no dump).
 */
export const DATABASE_DUMP_FILE =
  /^\S*\.(?:dump|pgdump|bson|rdb)(?:\.(?:gz|bz2|xz|zst|zip|7z))?$|^\S*\.sql\.(?:gz|bz2|xz|zst|zip|7z)$|^(?:\S*[/_.-])?(?:dump|backup|bak|full|all|db)[\w.-]*\.sql$|^\S*(?:dump|backup)\.sql$/i;

/** Tabular and database file types (compressed or not). */
const DATA_EXTENSION =
  /\.(?:csv|tsv|xlsx?|json|jsonl|ndjson|parquet|avro|orc|sql|db|sqlite3?|dump|bak|bson|tar|tgz|zip|7z)(?:\.(?:gz|bz2|xz|zst|zip|7z))?$/i;
/** Words naming records of people, accounts or money, or a whole-database copy (`Client List 2026.xlsx` too). */
const RECORD_WORDS =
  /(?:^|[/_.\-\d\s])(?:customers?|backups?|dumps?|exports?|clients?|users?|members?|accounts?|employees?|staff|patients?|subscribers?|contacts?|leads?|payroll|salar(?:y|ies)|pii|ssn|cardholders?|cards|transactions?|ledger|orders|invoices|emails|passwords?|credentials|prod(?:uction)?[-_](?:db|data|dump|export)|db[-_]?(?:dump|backup|export)|full[-_]?export|export[-_]?all)(?:$|[/_.\-\d\s])/i;
/** Folders that hold a database's files, people's uploads, or backups. */
const DATA_FOLDER =
  /^\/var\/lib\/(?:postgresql|pgsql|mysql|mariadb|mongodb|redis|elasticsearch|opensearch|cassandra|clickhouse|influxdb|docker\/volumes)(?:\/|$)|^\/var\/backups(?:\/|$)|(?:^|\/)(?:uploads|user[-_]?uploads|user[-_]?data|exports|backups|dumps|media\/users)\/?$|^\/(?:data|srv\/data|mnt\/data)\/?$/i;

/** Why a file or folder holds records in bulk, or undefined. */
export function bulkDataFile(raw: string): string | undefined {
  // Windows paths (`C:\HR\salaries.xlsx`) are read with forward slashes.
  const path = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/\\/g, '/');
  if (path === '' || path.length > 1024 || path.includes('://')) return undefined;
  const trimmed = path.replace(/\/+$/, '');
  const name = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  // `patients/*.pdf`, `exports/customers/*`: every file of a folder named after records is the folder's records.
  if (name.includes('*') && trimmed.includes('/')) {
    const folder = trimmed.slice(0, trimmed.lastIndexOf('/'));
    const folderName = folder.slice(folder.lastIndexOf('/') + 1);
    if (!folder.includes('*') && (DATA_FOLDER.test(folder) || RECORD_WORDS.test(`/${folderName}`))) return 'folder of records (every file)';
  }
  // Most strings are no data file: the extension (or its absence, for a folder) is tested first.
  if (name.includes('.')) {
    if (!DATA_EXTENSION.test(name)) return DATA_FOLDER.test(path) ? 'folder of records' : undefined;
    if (DATABASE_DUMP_FILE.test(path)) return 'database dump';
    return RECORD_WORDS.test(trimmed.replace(DATA_EXTENSION, '')) ? 'bulk export of records' : undefined;
  }
  if (DATA_FOLDER.test(path)) return 'folder of records';
  // A folder named after records (`/data/customers`, `exports/users/`).
  return RECORD_WORDS.test(`/${name}`) ? 'folder of records' : undefined;
}
