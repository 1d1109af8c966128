// Issue 15: the per-agent counts of recent decisions (agent controls: actions in the last hour,
// actions running) without a second per-agent index on `decisions`. `decisions_by_agent_time`
// (tenant, agent, created_at) dirtied one more B-tree page per decision (~1 of 3.7 WAL pages under
// load). Instead, one row per clock hour holds the lowest `seq` of a decision made in that hour:
//
//   INVARIANT: every decision d has a row for hour(d.created_at) whose first_seq <= d.seq.
//
// A decision with created_at > since is in an hour >= hour(since), so its seq is at least the
// smallest first_seq of those hours: counting `decisions_by_agent` (tenant, agent, seq) from that seq
// with the same `created_at > since` filter gives exactly the old count, whatever the clock did
// (hour() is monotone, and a new seq is larger than every seq before: decision-seq.ts). The row is
// written once per hour, not per decision.
import type Database from 'better-sqlite3';

// The hour of a time in ms, as the migration that made the table computed it (schema.ts).
const HOUR_OF = (value: string) => `CAST(${value} AS INTEGER) / 3600000`;

/**
 * The lowest seq a decision made after `@since` can have (SQL, a scalar subquery; none made: past every seq).
 * Integer division in SQLite truncates, like Math.trunc below: both are monotone, which is all the floor needs.
 */
export const SEQ_FLOOR_SINCE = `(SELECT COALESCE(MIN(first_seq), 9223372036854775807) FROM decision_hours WHERE hour >= ${HOUR_OF('@since')})`;

/** How many committed hours are remembered before the set starts over (a clock that jumps about). */
const REMEMBERED_HOURS = 64;

export class DecisionHours {
  private readonly note: Database.Statement;
  /** Hours whose row is committed: later decisions of those hours have a larger seq, so need no write. */
  private readonly committed = new Set<number>();

  constructor(db: Database.Database) {
    // The WHERE keeps the row's first_seq the lowest if a smaller seq ever came (it cannot: decision-seq.ts).
    this.note = db.prepare(
      `INSERT INTO decision_hours (hour, first_seq) VALUES (${HOUR_OF('?')}, ?)
       ON CONFLICT (hour) DO UPDATE SET first_seq = excluded.first_seq WHERE excluded.first_seq < decision_hours.first_seq`,
    );
  }

  /** Inside the decision's transaction, after its row was inserted. */
  noteDecision(createdAt: number, seq: number): void {
    if (!this.committed.has(hourOf(createdAt))) this.note.run(createdAt, seq);
  }

  /**
   * After the transaction holding these decisions committed. Not before: a row noted in a savepoint or
   * transaction that rolled back is not there, and remembering it would skip the write next time.
   */
  rememberCommitted(createdAt: number): void {
    const hour = hourOf(createdAt);
    if (this.committed.has(hour)) return;
    if (this.committed.size >= REMEMBERED_HOURS) this.committed.clear();
    this.committed.add(hour);
  }
}

function hourOf(createdAt: number): number {
  return Math.trunc(Math.trunc(createdAt) / 3600000);
}
