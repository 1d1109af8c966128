// SQLite's schema is a table: with `PRAGMA writable_schema = ON`, a DELETE or UPDATE of
// `sqlite_master` (or `sqlite_schema`) removes or rewrites the definitions of tables, and every
// table it touches is gone from the database, although no DROP was written.

const WRITABLE_SCHEMA = /\bPRAGMA\s+(?:\w+\.)?writable_schema\s*=\s*['"]?(?:1|ON|TRUE|YES|RESET)\b/i;
const SCHEMA_WRITE =
  /\b(?:DELETE\s+FROM|UPDATE|INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO)\s+(?:\w+\.)?["'`[]?sqlite_(?:master|schema)\b/i;

/** Why a statement rewrites SQLite's schema table, or undefined. */
export function sqliteSchemaWrite(text: string): string | undefined {
  if (!/writable_schema/i.test(text)) return undefined;
  return WRITABLE_SCHEMA.test(text) && SCHEMA_WRITE.test(text)
    ? "sql: writes SQLite's schema table with writable_schema on (the tables it names are destroyed)"
    : undefined;
}
