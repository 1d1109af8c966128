// SQL that reaches past the database into the server's file system or process: functions that
// read or write server files (`pg_read_file`, `lo_import`/`lo_export`, MySQL `LOAD_FILE`, `INTO
// OUTFILE`/`DUMPFILE`, `LOAD DATA INFILE`, SQL Server `OPENROWSET(BULK …)`/`BULK INSERT`, Oracle
// `UTL_FILE`), `COPY` to or from a system or web path, SQLite `ATTACH` of a file that is not a
// database (a web shell written as `/var/www/x.php`), and `SHUTDOWN`. Each reads secrets
// (`/etc/shadow`, `.pgpass`) or plants code the web server runs, so a human decides.

import type { Findings } from './findings.ts';
import { quote } from './findings.ts';
import { criticalWriteTarget, sensitiveFile } from './paths.ts';
import type { SqlStatement } from './sql-lexer.ts';

const FILE_FUNCTIONS = new Set([
  'PG_READ_FILE',
  'PG_READ_BINARY_FILE',
  'PG_LS_DIR',
  'LO_IMPORT',
  'LO_EXPORT',
  'LOAD_FILE',
  'UTL_FILE',
  'OUTFILE',
  'DUMPFILE',
  'SYS_EXEC',
  'SYS_EVAL',
]);
const DATABASE_FILE = /(?:^|[\\/])[^\\/]*(?:\.(?:db|sqlite3?|db3|s3db|sl3|sqlitedb|duckdb)|^:memory:)$|^:memory:$|^$/i;
const SERVED_OR_SYSTEM =
  /^(?:\/var\/www|\/srv\/(?:www|http)|\/usr\/share\/nginx|\/etc\/|\/root\/|\/home\/[^/]+\/\.|~\/\.|[A-Za-z]:\\inetpub)/i;

/** Adds findings for file-system and process access from SQL; true when any fired. */
export function sqlServerAccess(statement: SqlStatement, findings: Findings): boolean {
  const tokens = statement.tokens;
  let found = false;
  const add = (why: string): void => {
    findings.add('critical', `sql: ${why}`);
    found = true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (FILE_FUNCTIONS.has(token)) add(`${token.toLowerCase()} reads or writes files on the database server`);
    else if (token === 'OPENROWSET' && tokens.includes('BULK')) add('OPENROWSET(BULK …) reads a file on the database server');
    else if (token === 'BULK' && tokens[i + 1] === 'INSERT') add('BULK INSERT reads a file on the database server');
    else if (token === 'INFILE' && tokens[i - 1] === 'DATA' && tokens[i - 2] === 'LOAD')
      add('LOAD DATA INFILE reads a file on the database server');
    else if (token === 'SHUTDOWN' && i === 0) add('SHUTDOWN stops the database server');
  }
  if (tokens.includes('LOAD_EXTENSION')) add('load_extension loads native code into the database process');
  // A function in C from a shared library, or in an untrusted language, runs code as the server's OS user.
  const create = tokens[0] === 'CREATE' && tokens.includes('FUNCTION');
  if (
    create &&
    (/\bLANGUAGE (?:C|INTERNAL|PLPYTHONU|PLPYTHON3U|PLPERLU|PLTCLU|PLSH)\b/.test(tokens.join(' ')) ||
      statement.strings.some((s) => /\.(?:so|dll|dylib)(?:\.\d+)*$/.test(s.trim())))
  )
    add('CREATE FUNCTION binds native or untrusted code that runs on the database server');
  // Settings whose value the server runs or loads: `archive_command`, `*_preload_libraries`.
  if (tokens[0] === 'ALTER' && tokens[1] === 'SYSTEM' && tokens.some((t) => /_COMMAND$|_PRELOAD_LIBRARIES$|^DYNAMIC_LIBRARY_PATH$/.test(t)))
    add('ALTER SYSTEM sets a command or library the database server will run');
  // Password hashes of the database's own accounts.
  const joined = tokens.join(' ');
  if (
    /\b(?:PG_SHADOW|PG_AUTHID|AUTHENTICATION_STRING|SQL_LOGINS|SYSLOGINS|DBA_USERS|USER\$)\b/.test(joined) &&
    /\b(?:SELECT|COPY|TABLE)\b/.test(joined)
  )
    add('reads the password hashes of the database accounts');
  const path = statement.strings[0];
  if (tokens[0] === 'ATTACH' && path !== undefined && (!DATABASE_FILE.test(path.trim()) || SERVED_OR_SYSTEM.test(path.trim())))
    add(`ATTACH creates or opens ${quote(path)}, which is not a database file (a web shell or system file)`);
  if (tokens[0] === 'COPY' && path !== undefined && /^(?:\/|[A-Za-z]:\\)/.test(path) && !tokens.includes('PROGRAM')) {
    const why = sensitiveFile(path) ?? criticalWriteTarget(path) ?? (SERVED_OR_SYSTEM.test(path) ? 'a served or system path' : undefined);
    if (why !== undefined) add(`COPY reads or writes ${why} ${quote(path)} on the database server`);
    else findings.add('high', `sql: COPY reads or writes a file on the database server ${quote(path)}`);
  }
  return found;
}
