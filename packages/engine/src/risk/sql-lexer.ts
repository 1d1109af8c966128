// A linear SQL lexer: splits a string into statements at `;` and into upper-cased word tokens,
// dropping comments and string literals (so `SELECT 'TRUNCATE TABLE foo'` holds no TRUNCATE
// token). Quoted identifiers become one `"name"` token. The body of a dollar-quoted block
// (`DO $$ … $$`) is lexed as code, since it may run. An unterminated string or comment is
// reported, so the caller never trusts a lex that may hide the rest of the input.

/** One statement as a list of tokens. */
export interface SqlStatement {
  tokens: string[];
  /** Contents of its string literals (the first 16, up to 4 KB each), for dynamic SQL. */
  strings: string[];
}

export interface SqlLex {
  statements: SqlStatement[];
  /** A string, identifier or comment was not closed. */
  unterminated: boolean;
}

/** Lexes at most the first `maxChars` characters. */
export function lexSql(source: string, maxChars = 65536): SqlLex {
  const text = source.length > maxChars ? source.slice(0, maxChars) : source;
  const statements: SqlStatement[] = [];
  let tokens: string[] = [];
  let strings: string[] = [];
  let unterminated = false;
  const n = text.length;
  let i = 0;
  const flush = (): void => {
    if (tokens.length > 0) statements.push({ tokens, strings });
    tokens = [];
    strings = [];
  };
  while (i < n) {
    const ch = text[i];
    const next = i + 1 < n ? text[i + 1] : '';
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) {
        unterminated = true;
        break;
      }
      i = end + 2;
      continue;
    }
    if (ch === "'") {
      // String literal: '' and \' escapes; its content is data, not code.
      let j = i + 1;
      let closed = false;
      while (j < n) {
        const c = text[j];
        if (c === '\\') {
          j += 2;
          continue;
        }
        if (c === "'") {
          if (text[j + 1] === "'") {
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        j++;
      }
      if (!closed) {
        unterminated = true;
        break;
      }
      tokens.push("'…'");
      if (strings.length < 16 && j - i < 4096) strings.push(text.slice(i + 1, j).replace(/''/g, "'"));
      i = j + 1;
      continue;
    }
    if (ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      const end = text.indexOf(close, i + 1);
      if (end < 0) {
        unterminated = true;
        break;
      }
      tokens.push(`"${text.slice(i + 1, end)}"`);
      i = end + 1;
      continue;
    }
    if (ch === '$') {
      const match = /^\$([A-Za-z_]\w*)?\$/.exec(text.slice(i, i + 64));
      if (match) {
        // Dollar quoting: lex the body as code (a DO block runs it), drop the delimiters.
        const tag = match[0];
        const end = text.indexOf(tag, i + tag.length);
        if (end < 0) {
          unterminated = true;
          break;
        }
        const inner = lexSql(text.slice(i + tag.length, end), maxChars);
        for (const statement of inner.statements) {
          tokens.push(...statement.tokens);
          for (const literal of statement.strings) if (strings.length < 16) strings.push(literal);
        }
        i = end + tag.length;
        continue;
      }
    }
    if (ch === ';') {
      flush();
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1;
      while (j < n && /[\w$#@]/.test(text[j])) j++;
      tokens.push(text.slice(i, j).toUpperCase());
      i = j;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',' || ch === '=' || ch === '.') tokens.push(ch);
    i++;
  }
  flush();
  return { statements, unterminated };
}
