// SQL that hides what it does from a statement parser: MySQL executable comments
// (`/*!50000 DROP TABLE t */` is a comment to every other reader and a statement to MySQL),
// `COPY … TO/FROM PROGRAM` (PostgreSQL runs a shell command), and dynamic SQL (`EXECUTE 'DROP '
// || 'TABLE t'`, `PREPARE s FROM @q`, `sp_executesql`, `EXEC(@sql)`) whose statement is built
// from strings at run time.

import type { RiskAssessment } from './risk-class.ts';

const EXECUTABLE_COMMENT = /\/\*!\d{0,6}([\s\S]*?)\*\//g;
const COPY_PROGRAM = /\bCOPY\b[\s\S]{0,2000}?\b(?:TO|FROM)\s+PROGRAM\b/i;
const DYNAMIC =
  /\bEXEC(?:UTE)?\s*(?:\(|'|"|@|\$|IMMEDIATE\b|format\s*\()|\bPREPARE\s+\w+\s+FROM\b|\bsp_executesql\b|\bEXECUTE\s+IMMEDIATE\b|\bquery\s*\(\s*concat/i;
const DESTRUCTIVE_WORDS = /\b(?:DROP|TRUNCATE|DELETE|ALTER|GRANT|SHUTDOWN|xp_cmdshell)\b/i;
const STRING_LITERAL = /'((?:[^']|'')*)'|"((?:[^"]|"")*)"/g;

/** The statement with MySQL executable comments opened, or undefined when it has none. */
export function openExecutableComments(sql: string): string | undefined {
  if (!sql.includes('/*!')) return undefined;
  return sql.replace(EXECUTABLE_COMMENT, ' $1 ');
}

/** Critical findings for SQL that runs programs or builds destructive statements at run time. */
export function assessSqlTricks(sql: string): RiskAssessment | undefined {
  const text = sql.length > 65536 ? sql.slice(0, 65536) : sql;
  const reasons: string[] = [];
  if (COPY_PROGRAM.test(text)) reasons.push('sql: COPY … PROGRAM runs a shell command on the database server');
  if (/\bxp_cmdshell\b/i.test(text)) reasons.push('sql: xp_cmdshell runs a shell command on the database server');
  if (DYNAMIC.test(text)) {
    // The statement that will run is made of the string literals; join them and read them.
    const literals: string[] = [];
    for (const match of text.matchAll(STRING_LITERAL)) literals.push(match[1] ?? match[2] ?? '');
    const built = literals.join('');
    if (DESTRUCTIVE_WORDS.test(built) || DESTRUCTIVE_WORDS.test(literals.join(' ')))
      reasons.push('sql: dynamic SQL builds a destructive statement from strings at run time');
  }
  return reasons.length > 0 ? { class: 'critical', reasons } : undefined;
}
