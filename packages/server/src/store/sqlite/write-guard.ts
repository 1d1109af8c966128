// Issue 15: a hook that runs before any statement that writes, on one better-sqlite3 connection.
// The store needs it while a checkpoint's database-file sync is under way on the thread pool
// (wal-checkpoint.ts): a commit then would restart the WAL over frames the database file may not
// yet hold on disk. Decisions and synced writes are held instead; the other writes (admin routes,
// timers: rare) call `before`, which syncs the database file on their own thread first. A statement
// that only reads (`Statement.readonly`: SELECT, BEGIN, COMMIT) is left alone, and so is the cost of
// a writing one when nothing is pending: one boolean read. A `wal_checkpoint` pragma is guarded too.
import type Database from 'better-sqlite3';

const WRITING_METHODS = ['run', 'get', 'all', 'iterate'] as const;

export function guardWrites(db: Database.Database, before: () => void): void {
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    if (statement.readonly) return statement;
    const guarded = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of WRITING_METHODS) {
      const original = guarded[method];
      guarded[method] = function (this: unknown, ...args: unknown[]) {
        before();
        return original.apply(this, args);
      };
    }
    return statement;
  }) as typeof db.prepare;
  // `pragma()` prepares below `prepare`: a checkpoint (which may restart or truncate the WAL) is guarded by name.
  const pragma = db.pragma.bind(db);
  db.pragma = ((source: string, options?: Database.PragmaOptions) => {
    if (/checkpoint\s*\(/i.test(source)) before();
    return pragma(source, options);
  }) as typeof db.pragma;
  const exec = db.exec.bind(db);
  db.exec = ((source: string) => {
    before();
    return exec(source);
  }) as typeof db.exec;
}
