// SQL that hides what it does from a statement parser: MySQL executable comments
// (`/*!50000 DROP TABLE t */` is a comment to every other reader and a statement to MySQL),
// `COPY … TO/FROM PROGRAM` (PostgreSQL runs a shell command), and dynamic SQL (`EXECUTE 'DROP '
// || 'TABLE t'`, `PREPARE s FROM @q`, `sp_executesql`, `EXEC(@sql)`) whose statement is built
// from strings at run time, psql's `\gexec` (each cell of the result runs as a statement), and
// procedures called by a name that says they drop or empty everything.

import type { RiskAssessment } from './risk-class.ts';

const EXECUTABLE_COMMENT = /\/\*!\d{0,6}([\s\S]*?)\*\//g;
const COPY_PROGRAM = /\bCOPY\b[\s\S]{0,2000}?\b(?:TO|FROM)\s+PROGRAM\b/i;
const DYNAMIC =
  /\bEXEC(?:UTE)?\s*(?:\(|'|"|@|\$|IMMEDIATE\b|format\s*\(|N?CHA?R\s*\()|\bPREPARE\s+\w+\s+FROM\b|\bsp_executesql\b|\bEXECUTE\s+IMMEDIATE\b|\bquery\s*\(\s*concat|\\gexec\b/i;
/** A stored procedure called by a name that says it empties or drops everything (`CALL drop_all_tables()`, `EXEC usp_PurgeAllData`). */
const PROCEDURE_CALL = /\b(?:CALL|EXEC(?:UTE)?)\s+(?:[\w\[\]"`]+\.)*["`[]?([A-Za-z_]\w{2,80})/gi;
const WIPING_VERB = /^(?:drop|truncate|wipe|purge|destroy|nuke|erase|clear|delete|empty|reset)$/;
const EVERYTHING = /^(?:all|tables|database|databases|db|schema|schemas|everything|data)$/;
const DESTRUCTIVE_WORDS = /\b(?:DROP|TRUNCATE|DELETE|ALTER|GRANT|SHUTDOWN|xp_cmdshell)\b/i;
const STRING_LITERAL = /'((?:[^']|'')*)'|"((?:[^"]|"")*)"/g;
/** ClickHouse deletes rows with a mutation: `ALTER TABLE t [ON CLUSTER c] DELETE WHERE …`. */
const TABLE_MUTATION_DELETE = /\bALTER\s+TABLE\s+[\w.`"]+(?:\s+ON\s+CLUSTER\s+\S+)?\s+DELETE\s+WHERE\s+([^;]{1,200})/i;
/** A condition true for every row: `1`, `true`, `1=1`, `'a'='a'`, `x = x`, alone or first in an OR. */
const TAUTOLOGY = /^\s*\(?\s*(?:1|true|(\d+|'[^']*')\s*=\s*\1|([a-z_]\w*)\s*=\s*\2)\s*\)?\s*(?:$|OR\b)/i;
const CHAR_CODE = /\b(?:N?CHAR|CHR)\s*\(\s*(\d{1,3})\s*\)/gi;

/** `CHAR(68)+CHAR(82)` written as the quoted letters they stand for, so the built statement can be read. */
function foldCharCodes(text: string): string {
  if (!/\bN?CHA?R\s*\(/i.test(text)) return text;
  return text.replace(CHAR_CODE, (_match, code: string) => {
    const letter = String.fromCharCode(Number(code));
    return letter === "'" ? "''''" : `'${letter}'`;
  });
}

/** The statement with MySQL executable comments opened, or undefined when it has none. */
export function openExecutableComments(sql: string): string | undefined {
  if (!sql.includes('/*!')) return undefined;
  return sql.replace(EXECUTABLE_COMMENT, ' $1 ');
}

/** Critical findings for SQL that runs programs or builds destructive statements at run time. */
export function assessSqlTricks(sql: string): RiskAssessment | undefined {
  const text = sql.length > 65536 ? sql.slice(0, 65536) : sql;
  const reasons: string[] = [];
  // Keywords count outside quotes only: `SELECT 'COPY … TO PROGRAM is disabled'` runs nothing.
  const bare = text.replace(STRING_LITERAL, "''");
  if (COPY_PROGRAM.test(bare)) reasons.push('sql: COPY … PROGRAM runs a shell command on the database server');
  if (/\bxp_cmdshell\b/i.test(text)) reasons.push('sql: xp_cmdshell runs a shell command on the database server');
  const wipe = TABLE_MUTATION_DELETE.exec(bare);
  if (wipe !== null && TAUTOLOGY.test(wipe[1]))
    reasons.push('sql: ALTER TABLE … DELETE WHERE with an always-true condition deletes every row (ClickHouse mutation)');
  if (DYNAMIC.test(text)) {
    // The statement that will run is made of the string literals (and of `CHAR(68)`-style codes); join them and read them.
    const literals: string[] = [];
    for (const match of foldCharCodes(text).matchAll(STRING_LITERAL)) literals.push(match[1] ?? match[2] ?? '');
    const built = literals.join('');
    if (DESTRUCTIVE_WORDS.test(built) || DESTRUCTIVE_WORDS.test(literals.join(' ')))
      reasons.push('sql: dynamic SQL builds a destructive statement from strings at run time');
  }
  for (const match of /CALL|EXEC/i.test(bare) ? bare.matchAll(PROCEDURE_CALL) : []) {
    const words = match[1]
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split('_');
    if (words.some((word) => WIPING_VERB.test(word)) && words.some((word) => EVERYTHING.test(word))) {
      reasons.push(`sql: calls a procedure whose name says it empties or drops everything (\`${match[1]}\`)`);
      break;
    }
  }
  return reasons.length > 0 ? { class: 'critical', reasons } : undefined;
}
