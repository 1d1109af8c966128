// SQL analysis. A statement string is lexed first (comments and string literals removed); a
// string that is only reads (SELECT, WITH, SHOW, EXPLAIN, … with no write keyword anywhere) is low
// at once. Anything else is parsed with the real SQL parser (node-sql-parser), trying PostgreSQL,
// MySQL, Transact-SQL and BigQuery grammars, and classified from the syntax tree: DROP TABLE,
// DATABASE or SCHEMA and TRUNCATE are critical; DELETE or UPDATE without WHERE, ALTER, GRANT,
// REVOKE and other DROPs are high; other writes medium; reads low. When no grammar accepts the
// string, a keyword classification of the lexed tokens decides, and it is never low.

// One build per grammar: together they load in half the time of the all-dialect bundle.
import bigquery from 'node-sql-parser/build/bigquery.js';
import mysql from 'node-sql-parser/build/mysql.js';
import postgresql from 'node-sql-parser/build/postgresql.js';
import transactsql from 'node-sql-parser/build/transactsql.js';
import { Findings, quote } from './findings.ts';
import { memoize } from './memo.ts';
import type { RiskAssessment } from './risk-class.ts';
import { sqlServerAccess } from './sql-server-access.ts';
import { lexSql, type SqlStatement } from './sql-lexer.ts';
import { sqliteSchemaWrite } from './sqlite-schema-writes.ts';

/** Grammars tried in order; the first that accepts the whole string decides. */
const DIALECTS = [
  { name: 'postgresql', parser: new postgresql.Parser() },
  { name: 'mysql', parser: new mysql.Parser() },
  { name: 'transactsql', parser: new transactsql.Parser() },
  { name: 'bigquery', parser: new bigquery.Parser() },
] as const;
const MAX_SQL_CHARS = 65536;

/** First tokens of statements that only read. */
const READ_STARTS = new Set([
  'SELECT',
  'WITH',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'EXPLAIN',
  'VALUES',
  'TABLE',
  'USE',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'START',
  'END',
]);
/** Tokens that mean something other than a read may happen. */
const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'DROP',
  'TRUNCATE',
  'ALTER',
  'CREATE',
  'GRANT',
  'REVOKE',
  'REPLACE',
  'UPSERT',
  'COPY',
  'LOAD',
  'CALL',
  'EXEC',
  'EXECUTE',
  'DO',
  'RENAME',
  'COMMENT',
  'SET',
  'LOCK',
  'VACUUM',
  'REINDEX',
  'CLUSTER',
  'REFRESH',
  'INTO',
  'IMPORT',
  'UNLOAD',
  'EXPORT',
  'PRAGMA',
  'ATTACH',
  'DETACH',
  'OUTFILE',
  'DUMPFILE',
  'ANALYZE',
  'DECLARE',
  'PREPARE',
  'HANDLER',
  'PURGE',
  'FLUSH',
  'KILL',
  'SHUTDOWN',
  'UNDROP',
  'RESTORE',
  'BACKUP',
  'DBCC',
  'SP_RENAME',
  'XP_CMDSHELL',
  'PG_TERMINATE_BACKEND',
  'PG_CANCEL_BACKEND',
  'LO_UNLINK',
  'DBLINK_EXEC',
  'PG_READ_FILE',
  'PG_READ_BINARY_FILE',
  'PG_SHADOW',
  'PG_AUTHID',
  'AUTHENTICATION_STRING',
  'SQL_LOGINS',
  'SYSLOGINS',
  'DBA_USERS',
  'PG_LS_DIR',
  'LOAD_FILE',
  'LOAD_EXTENSION',
  'UTL_FILE',
  'OPENROWSET',
  'SYS_EXEC',
  'SYS_EVAL',
  'LO_IMPORT',
  'LO_EXPORT',
  'SLEEP',
  'BENCHMARK',
  'PG_SLEEP',
  'WAITFOR',
  'NEXTVAL',
  'SETVAL',
  'LOCKING',
  'ROW_COUNT',
]);
/** Objects whose DROP destroys data. */
const DATA_OBJECTS = new Set(['TABLE', 'DATABASE', 'SCHEMA', 'KEYSPACE']);

/** Tokens that run SQL held in a string (`EXEC('…')`, `sp_executesql N'…'`, `PREPARE s FROM '…'`). */
const DYNAMIC_SQL = new Set(['EXEC', 'EXECUTE', 'SP_EXECUTESQL', 'PREPARE', 'DBLINK_EXEC', 'IMMEDIATE', 'QUERY_TO_XML']);

/** Analyses one SQL string (memoised: the same query is parsed once). */
export const analyzeSql = memoize((source: string) => analyzeSqlAt(source, 0));

function analyzeSqlAt(source: string, depth: number): RiskAssessment {
  const result = analyzeSqlUncached(source);
  if (depth >= 2 || !/EXEC|PREPARE|DBLINK/i.test(source)) return result;
  // Dynamic SQL: the strings it runs are SQL too.
  const findings = new Findings();
  findings.merge(result);
  for (const statement of lexSql(source).statements) {
    if (!statement.tokens.some((token) => DYNAMIC_SQL.has(token))) continue;
    for (const literal of statement.strings) {
      if (literal.trim().length < 6) continue;
      const inner = analyzeSqlAt(literal, depth + 1);
      if (inner.class === 'low') continue;
      for (const reason of inner.reasons) findings.add(inner.class, `${reason} (in dynamic SQL)`);
    }
  }
  return findings.assessment(result.class);
}

function analyzeSqlUncached(source: string): RiskAssessment {
  const findings = new Findings();
  let text = source;
  if (text.length > MAX_SQL_CHARS) {
    findings.add('high', 'sql: statement longer than 64 KB, only its start analysed');
    text = text.slice(0, MAX_SQL_CHARS);
  }
  const schemaWrite = sqliteSchemaWrite(text);
  if (schemaWrite !== undefined) findings.add('critical', schemaWrite);
  const lex = lexSql(text);
  if (!lex.unterminated && lex.statements.length > 0 && lex.statements.every(isPlainRead)) {
    findings.add('low', `sql: read-only ${lex.statements[0].tokens[0]}`);
    return findings.assessment('low');
  }
  if (lex.statements.length === 0 && !lex.unterminated) {
    findings.add('medium', 'sql: empty statement');
    return findings.assessment('medium');
  }
  for (const dialect of DIALECTS) {
    const statements = tryParse(text, dialect);
    if (statements === undefined) continue;
    for (const statement of statements) classifyAst(statement, findings);
    // A keyword the grammar hid (a TRUNCATE in an ALTER the tree does not model) still counts.
    for (const statement of lex.statements) criticalKeywords(statement, findings);
    return findings.assessment('low');
  }
  findings.add('medium', 'sql: no SQL grammar accepted the statement, classified by keywords');
  const lexAgain = lex.unterminated ? lexSql(text.replace(/['"`]/g, ' ')) : lex;
  for (const statement of lexAgain.statements) classifyKeywords(statement, findings);
  return findings.assessment('medium');
}

function isPlainRead(statement: SqlStatement): boolean {
  const tokens = statement.tokens;
  if (!READ_STARTS.has(tokens[0])) return false;
  if (tokens[0] === 'EXPLAIN' && tokens.includes('ANALYZE')) return false;
  for (const token of tokens) if (WRITE_WORDS.has(token)) return false;
  return true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SqlAst = any;

function tryParse(text: string, dialect: (typeof DIALECTS)[number]): SqlAst[] | undefined {
  try {
    const ast = dialect.parser.astify(text, { database: dialect.name });
    const list: SqlAst[] = Array.isArray(ast) ? ast : [ast];
    if (list.length === 0 || list.some((node) => node === null || typeof node !== 'object' || typeof node.type !== 'string'))
      return undefined;
    return list;
  } catch {
    return undefined;
  }
}

/** Columns whose value is a privilege, a credential or money held (every balance set at once is money moved for every account). */
const PRIVILEGE_COLUMN =
  /^(?:role|roles|is_?admin|admin|is_?superuser|superuser|is_?staff|permissions?|privileges?|access_level|user_?type|password|password_hash|passwd|pwd|hashed_password|api_key|token|mfa_enabled|otp_secret|email|balance|account_balance|available_balance|wallet_balance|credit_balance)$/i;

/** The first SET column of an UPDATE that holds a privilege or a credential. */
function privilegedColumn(ast: SqlAst): string | undefined {
  const set = Array.isArray(ast.set) ? ast.set : [];
  for (const item of set) {
    const raw = item?.column;
    const column = typeof raw === 'string' ? raw : typeof raw?.expr?.value === 'string' ? raw.expr.value : undefined;
    if (column !== undefined && PRIVILEGE_COLUMN.test(column)) return column;
  }
  return undefined;
}

/**
 * The database's own account catalogs and their superuser columns (`pg_authid.rolsuper`,
 * `mysql.user.Super_priv`): an UPDATE setting one true makes a database superuser, whatever the
 * WHERE. An application's own users table promoting one user (`role = 'admin'`) stays a WHERE'd
 * update (rounds 1 and 10: high at most).
 */
const ACCOUNT_CATALOG = /^(?:pg_catalog\.)?pg_(?:authid|shadow)$|^mysql\.user$/i;
const SUPERUSER_COLUMN = /^(?:rolsuper|usesuper|super_priv|grant_priv|rolbypassrls|rolcreaterole|file_priv|create_user_priv)$/i;

/** The catalog update as keyword tokens (strings are kept as `'…'` tokens or dropped by the lexer). */
const CATALOG_SUPERUSER_WORDS =
  /\bUPDATE (?:MYSQL \. USER|(?:PG_CATALOG \. )?PG_AUTHID|PG_SHADOW) SET\b[^;]*?\b(?:ROLSUPER|USESUPER|SUPER_PRIV|GRANT_PRIV|ROLBYPASSRLS|FILE_PRIV) = (TRUE|1|'…')(?:\s|,|$)/;

/** The first SET column that makes an account of the database's catalog a superuser, or undefined. */
function superuserGrant(ast: SqlAst, names: string): string | undefined {
  if (
    !names
      .slice(1)
      .split(', ')
      .some((name) => ACCOUNT_CATALOG.test(name))
  )
    return undefined;
  const set = Array.isArray(ast.set) ? ast.set : [];
  for (const item of set) {
    const raw = item?.column;
    const column = typeof raw === 'string' ? raw : typeof raw?.expr?.value === 'string' ? raw.expr.value : undefined;
    const value = item?.value?.value;
    if (column === undefined || !SUPERUSER_COLUMN.test(column)) continue;
    if (value === true || value === 1 || (typeof value === 'string' && /^(?:y|yes|t|true|1)$/i.test(value))) return column;
  }
  return undefined;
}

/** Whether a WHERE expression is true for every row (`1=1`, `true`, `'a'='a'`, `x OR 1=1`). */
function alwaysTrue(expr: SqlAst, depth: number): boolean {
  if (expr === null || typeof expr !== 'object' || depth > 16) return false;
  const literal = (node: SqlAst): unknown =>
    node && ['number', 'string', 'single_quote_string', 'bool', 'boolean'].includes(node.type) ? node.value : undefined;
  if (expr.type === 'bool' || expr.type === 'boolean') return expr.value === true;
  if (expr.type === 'number') return Number(expr.value) !== 0;
  if (expr.type === 'binary_expr') {
    const operator = String(expr.operator).toUpperCase();
    // `x IS NULL OR x IS NOT NULL`: one side or the other holds for every row.
    if (operator === 'OR' && complementaryNullTests(expr.left, expr.right)) return true;
    if (operator === 'OR') return alwaysTrue(expr.left, depth + 1) || alwaysTrue(expr.right, depth + 1);
    // `id = id`, `created_at >= created_at`: a column compared with itself.
    if (
      (operator === '=' || operator === '>=' || operator === '<=') &&
      expr.left?.type === 'column_ref' &&
      JSON.stringify(expr.left) === JSON.stringify(expr.right)
    )
      return true;
    if (operator === 'AND') return alwaysTrue(expr.left, depth + 1) && alwaysTrue(expr.right, depth + 1);
    if (keyColumnFloor(operator, expr.left, expr.right)) return true;
    const left = literal(expr.left);
    const right = literal(expr.right);
    // `email LIKE '%'` matches every non-null value.
    if (operator === 'LIKE' && typeof right === 'string' && /^%+$/.test(right)) return true;
    if (left === undefined || right === undefined) return false;
    if (operator === '=') return String(left) === String(right);
    if (operator === '!=' || operator === '<>') return String(left) !== String(right);
    // `2 > 1`, `1 <= 1`: a comparison of two numbers is a constant.
    const a = Number(left);
    const b = Number(right);
    if (Number.isFinite(a) && Number.isFinite(b)) {
      if (operator === '>') return a > b;
      if (operator === '<') return a < b;
      if (operator === '>=') return a >= b;
      if (operator === '<=') return a <= b;
    }
  }
  return false;
}

/** Identifier columns (`id`, `order_id`, `userId`): generated keys, never null. */
const KEY_COLUMN = /^(?:id|\w+_id|[a-z]+Id)$/;

/**
 * `id IS NOT NULL`: a key column is never null, so the test holds for every row. A numeric bound
 * (`id > 0`) is not read as one: nothing in the statement says where the keys start, and the
 * public Bytebase fixtures score `DELETE … WHERE id > 0` as a conditional delete.
 */
function keyColumnFloor(operator: string, left: SqlAst, right: SqlAst): boolean {
  if (operator !== 'IS NOT' || right?.type !== 'null' || left?.type !== 'column_ref') return false;
  return KEY_COLUMN.test(String(left.column?.expr?.value ?? left.column ?? ''));
}

function complementaryNullTests(left: SqlAst, right: SqlAst): boolean {
  const test = (node: SqlAst): string | undefined =>
    node?.type === 'binary_expr' && node.right?.type === 'null' ? String(node.operator).toUpperCase() : undefined;
  const a = test(left);
  const b = test(right);
  return (
    a !== undefined &&
    b !== undefined &&
    a !== b &&
    [a, b].every((op) => op === 'IS' || op === 'IS NOT') &&
    JSON.stringify(left.left) === JSON.stringify(right.left)
  );
}

/** Names of the tables or databases a statement acts on, for reasons. */
function targetNames(ast: SqlAst): string {
  const pick = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(pick);
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.table === 'string') return [record.db ? `${record.db}.${record.table}` : record.table];
      if (typeof record.value === 'string') return [record.value];
      if (record.expr !== undefined) return pick(record.expr);
    }
    return [];
  };
  const names = [...pick(ast.name), ...pick(ast.table), ...(ast.type === 'delete' ? pick(ast.from) : [])];
  const unique = [...new Set(names)].slice(0, 3);
  return unique.length === 0 ? '' : ` ${unique.join(', ')}`;
}

function classifyAst(ast: SqlAst, findings: Findings): void {
  const type = String(ast.type).toLowerCase();
  const keyword = typeof ast.keyword === 'string' ? ast.keyword.toUpperCase() : '';
  const names = targetNames(ast);
  switch (type) {
    case 'select':
      if (ast.into && (ast.into.expr || ast.into.type)) findings.add('medium', `sql: SELECT INTO writes a table`);
      else findings.add('low', 'sql: read-only SELECT');
      return;
    case 'insert':
    case 'replace':
      findings.add('medium', `sql: ${type.toUpperCase()} INTO${names}`);
      return;
    case 'update':
    case 'delete':
      if (ast.where === null || ast.where === undefined) {
        // Every row given a privilege or a credential: every account becomes an administrator or is taken over.
        const column = privilegedColumn(ast);
        if (column !== undefined) findings.add('critical', `sql: UPDATE${names} sets \`${column}\` on every row`);
        else findings.add('high', `sql: ${type.toUpperCase()}${names} without WHERE touches every row`);
      } else if (alwaysTrue(ast.where, 0))
        // A tautology in place of a condition passes "WHERE required" checks while touching every row: a disguised wipe.
        findings.add(
          'critical',
          `sql: ${type.toUpperCase()}${names} with an always-true WHERE touches every row (disguised as conditional)`,
        );
      else {
        const grant = type === 'update' ? superuserGrant(ast, names) : undefined;
        if (grant !== undefined) findings.add('critical', `sql: UPDATE${names} sets \`${grant}\`: makes a database superuser`);
        else findings.add('medium', `sql: ${type.toUpperCase()}${names} with WHERE`);
      }
      return;
    case 'create':
      findings.add('medium', `sql: CREATE ${keyword}${names}`.trimEnd());
      return;
    case 'drop':
      if (DATA_OBJECTS.has(keyword)) findings.add('critical', `sql: DROP ${keyword}${names}`);
      else findings.add('high', `sql: DROP ${keyword || 'object'}${names}`);
      return;
    case 'truncate':
      findings.add('critical', `sql: TRUNCATE${names}`);
      return;
    case 'alter': {
      const actions: unknown[] = Array.isArray(ast.expr) ? ast.expr : [];
      if (actions.some((action) => (action as { action?: string })?.action === 'truncate')) {
        findings.add('critical', `sql: ALTER TABLE${names} TRUNCATE PARTITION`);
      } else {
        findings.add('high', `sql: ALTER${keyword ? ` ${keyword}` : ''}${names}`);
      }
      return;
    }
    case 'grant':
    case 'revoke':
      findings.add('high', `sql: ${type.toUpperCase()} changes privileges`);
      return;
    case 'use':
    case 'show':
    case 'desc':
    case 'describe':
    case 'transaction':
      findings.add('low', `sql: ${type.toUpperCase()}`);
      return;
    case 'set':
      findings.add('low', 'sql: SET of a session setting');
      return;
    case 'lock':
    case 'unlock':
    case 'comment':
      findings.add('medium', `sql: ${type.toUpperCase()}`);
      return;
    case 'exec':
    case 'execute':
    case 'call':
    case 'proc':
      findings.add('high', 'sql: runs a stored procedure');
      return;
    default:
      findings.add('high', `sql: unrecognised statement ${quote(type.toUpperCase())}`);
  }
}

/** DROP TABLE/DATABASE/SCHEMA and TRUNCATE in lexed tokens (never inside strings or comments). */
function criticalKeywords(statement: SqlStatement, findings: Findings): boolean {
  const tokens = statement.tokens;
  let found = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'CREATE' && tokens[i + 1] === 'OR' && tokens[i + 2] === 'REPLACE') {
      // `CREATE OR REPLACE DATABASE|SCHEMA|TABLE` drops the existing one with its data (Snowflake, BigQuery); a view holds none.
      let next = i + 3;
      while (next < tokens.length && /^(?:SECURE|TRANSIENT|EXTERNAL)$/.test(tokens[next])) next++;
      const object = tokens[next];
      if (DATA_OBJECTS.has(object)) {
        findings.add('critical', `sql: CREATE OR REPLACE ${object}${nameAfter(tokens, next + 1)} drops the existing one and its data`);
        found = true;
      }
    } else if (token === 'DROP' && tokens[i + 1] === 'OWNED' && tokens[i + 2] === 'BY') {
      // PostgreSQL drops every object the role owns, in every schema of the database.
      findings.add('critical', `sql: DROP OWNED BY${nameAfter(tokens, i + 3)} drops every object the role owns`);
      found = true;
    } else if (token === 'DROP') {
      let next = i + 1;
      while (next < tokens.length && (tokens[next] === 'TEMPORARY' || tokens[next] === 'TEMP' || tokens[next] === 'EXTERNAL')) next++;
      const object = tokens[next];
      if (DATA_OBJECTS.has(object)) {
        const name = nameAfter(tokens, next + 1);
        findings.add('critical', `sql: DROP ${object}${name}`);
        found = true;
      }
    } else if (token === 'TRUNCATE' && tokens[i + 1] !== '(' && tokens[i - 1] !== '.') {
      const name = nameAfter(tokens, i + 1);
      findings.add('critical', `sql: TRUNCATE${name}`);
      found = true;
    }
  }
  if (sqlServerAccess(statement, findings)) found = true;
  // Every privilege on everything, superuser rights, or rights the grantee may hand on: administrator access.
  const words = tokens.join(' ');
  // The same catalog superuser update when no grammar accepted the statement (`…; FLUSH PRIVILEGES`).
  const catalog = CATALOG_SUPERUSER_WORDS.exec(words);
  if (catalog !== null && (catalog[1] !== "'…'" || statement.strings.some((text) => /^(?:y|yes|t|true)$/i.test(text.trim())))) {
    findings.add('critical', "sql: UPDATE of the database's account catalog makes a database superuser");
    found = true;
  }
  if (ADMIN_GRANT.test(words)) {
    findings.add('critical', 'sql: grants administrator-level privileges');
    found = true;
  }
  return found;
}

// Roles that are the database's administrator (or reach the server's files and programs) under
// another name: PostgreSQL's `postgres` and server-file roles, cloud superuser roles, Snowflake's
// ACCOUNTADMIN and SECURITYADMIN, SQL Server's sysadmin-level server roles.
const ADMIN_GRANT =
  /\bGRANT (?:ALL(?: PRIVILEGES)?|SUPER|SUPERUSER|DBA|SYSADMIN)\b[^;]*?\bON (?:\* \. \*|\.|DATABASE|ALL TABLES|SCHEMA)|\bWITH GRANT OPTION\b|\b(?:ALTER|CREATE) (?:USER|ROLE)\b[^;]*?\b(?:SUPERUSER|BYPASSRLS)\b|\bGRANT (?:ROLE )?(?:DBA|SYSADMIN|SUPERUSER|RDS_SUPERUSER|DB_OWNER|CLOUDSQLSUPERUSER|AZURE_PG_ADMIN|ALLOYDBSUPERUSER|POSTGRES|PG_EXECUTE_SERVER_PROGRAM|PG_WRITE_SERVER_FILES|PG_READ_SERVER_FILES|ACCOUNTADMIN|SECURITYADMIN|ORGADMIN)\b(?: , \w+)* TO\b|\bGRANT CONTROL SERVER\b|\bALTER SERVER ROLE (?:SYSADMIN|SECURITYADMIN|SERVERADMIN)\b[^;]*?\bADD MEMBER\b|\bSP_ADDSRVROLEMEMBER\b/;

function nameAfter(tokens: string[], start: number): string {
  let i = start;
  while (i < tokens.length && /^(?:TABLE|IF|EXISTS|ONLY|PARTITION|SUBPARTITION)$/.test(tokens[i])) i++;
  const name = tokens[i];
  if (name === undefined || !/^[\w"]/.test(name)) return '';
  return ` ${name.replace(/^"|"$/g, '').toLowerCase()}`;
}

/** Keyword classification of one statement when no grammar accepted it. */
function classifyKeywords(statement: SqlStatement, findings: Findings): void {
  const tokens = statement.tokens;
  if (criticalKeywords(statement, findings)) return;
  const has = (word: string): boolean => tokens.includes(word);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const previous = tokens[i - 1];
    if ((token === 'DELETE' || token === 'UPDATE') && previous !== 'ON' && previous !== 'FOR' && previous !== 'KEY') {
      if (has('WHERE')) findings.add('medium', `sql: ${token} with WHERE`);
      else findings.add('high', `sql: ${token} without WHERE touches every row`);
    } else if (token === 'ALTER' || token === 'GRANT' || token === 'REVOKE' || token === 'RENAME' || token === 'SP_RENAME') {
      findings.add('high', `sql: ${token}`);
    } else if (token === 'DROP') {
      findings.add('high', `sql: DROP ${tokens[i + 1] ?? ''}`.trimEnd());
    } else if (token === 'EXEC' || token === 'EXECUTE' || token === 'CALL' || token === 'XP_CMDSHELL') {
      findings.add('high', 'sql: runs a stored procedure');
    } else if (
      token === 'INSERT' ||
      token === 'CREATE' ||
      token === 'MERGE' ||
      token === 'REPLACE' ||
      token === 'UPSERT' ||
      token === 'COPY' ||
      token === 'LOAD'
    ) {
      findings.add('medium', `sql: ${token}`);
    }
  }
}

/** Whether a string starts like SQL (cheap check before any parsing). */
export function looksLikeSql(text: string): boolean {
  return /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*\(?\s*(?:SELECT|INSERT|UPDATE|DELETE|DROP|TRUNCATE|ALTER|CREATE|GRANT|REVOKE|WITH|MERGE|REPLACE|UPSERT|EXPLAIN|BEGIN|EXEC|EXECUTE|CALL|SHOW|USE|SET|COPY|RENAME|COMMENT|VACUUM|DESCRIBE|DESC|VALUES|LOCK|START|COMMIT|ROLLBACK|DO|DECLARE|PRAGMA|ATTACH|LOAD|TABLE)\b/i.test(
    text,
  );
}
