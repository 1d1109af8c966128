// Issue 15: decision sequence numbers given out by the store instead of AUTOINCREMENT, whose
// `sqlite_sequence` row was one more B-tree page written by every group commit (one of ~11 WAL pages
// of a lone decision). The meaning is AUTOINCREMENT's: a seq is larger than every seq given before,
// and never given again, even after the decisions holding the largest ones were deleted (a demo
// tenant's deletion). `decision_seq` keeps the largest seq of a deleted decision (a trigger, so every
// delete keeps it); the store is this database's only writer (locking_mode = EXCLUSIVE), so the next
// seq is counted in memory from the larger of that and the largest seq stored. A seq taken by a
// decision that then rolled back is not given again: a gap, as AUTOINCREMENT may leave.
import type Database from 'better-sqlite3';

export class DecisionSeq {
  private last: number;

  constructor(db: Database.Database) {
    const row = db
      .prepare('SELECT MAX((SELECT last_seq FROM decision_seq WHERE id = 1), (SELECT COALESCE(MAX(seq), 0) FROM decisions)) AS last')
      .get() as { last: number | bigint };
    this.last = Number(row.last);
  }

  /** The next decision's seq. */
  next(): number {
    return ++this.last;
  }
}
