// SQL that code runs from a string literal (`con.executescript('DROP TABLE orders; …')`,
// `db.exec("DROP TABLE users")`, `cursor.execute("TRUNCATE events")`), in any field: a code tool's
// source, a `python3 -c` argument, a script. The statement is judged by the SQL analysis like one
// handed to a SQL tool; only what is at least high is reported (a SELECT in code says nothing).

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { analyzeSql } from './sql.ts';

/** A call that runs SQL text in a driver or ORM. */
const RUNS_SQL =
  /\.(?:execute(?:script|many)?|exec|run|query|raw|prepare|executeUpdate|executeQuery|sql)\s*\(|\bsql`|\bExecute(?:NonQuery)?\s*\(|\.(?:Exec|Query|QueryRow)(?:Context)?\s*\(/;
const DESTRUCTIVE = /\b(?:DROP|TRUNCATE|DELETE|ALTER|UPDATE)\b/i;
// Every literal is matched from its own opening quote (a minimum length would pair one literal's closing quote with the next one's opening).
const LITERAL =
  /"""([\s\S]{0,4000}?)"""|'''([\s\S]{0,4000}?)'''|`([^`]{0,4000})`|"((?:[^"\\\n]|\\.){0,4000})"|'((?:[^'\\\n]|\\.){0,4000})'/g;
const STATEMENT_START = /^\s*(?:DROP|TRUNCATE|DELETE|ALTER|UPDATE|PRAGMA|BEGIN|CREATE|INSERT)\b/i;
const MAX_TEXT = 65536;

/** Adds the SQL findings (high or critical) of statements run from string literals in code. */
export function assessCodeSql(fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    const text = field.text;
    // Code calls something: a string without `(` or a backtick runs no SQL from a literal.
    if (
      text.length < 16 ||
      text.length > MAX_TEXT ||
      (!text.includes('(') && !text.includes('`')) ||
      !RUNS_SQL.test(text) ||
      !DESTRUCTIVE.test(text)
    )
      continue;
    let seen = 0;
    for (const match of text.matchAll(LITERAL)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5];
      if (literal === undefined || literal.length < 6 || !STATEMENT_START.test(literal) || !DESTRUCTIVE.test(literal)) continue;
      if (++seen > 8) break;
      const result = analyzeSql(literal);
      if (result.class !== 'critical' && result.class !== 'high') continue;
      for (const reason of result.reasons) findings.add(result.class, `${reason} (run by code)`);
    }
  }
}
