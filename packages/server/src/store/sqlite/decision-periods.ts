// Issue 15: the per-agent counts of recent decisions (agent controls: actions in the last hour,
// actions running in the last 15 minutes) without a second per-agent index on `decisions`.
// `decisions_by_agent_time` (tenant, agent, created_at) dirtied one more B-tree page per decision
// (~1 of 3.7 WAL pages under load). Instead, one row per 5-minute period of the clock holds the
// lowest `seq` of a decision made in that period:
//
//   INVARIANT: every decision d has a row for period(d.created_at) whose first_seq <= d.seq.
//
// A decision with created_at > since is in a period >= period(since), so its seq is at least the
// smallest first_seq of those periods: counting the agent's decisions (its chain, agent-chain.ts) from that
// seq with the same `created_at > since` filter gives exactly the old count, whatever the clock did
// (period() is monotone, and a new seq is larger than every seq before: decision-seq.ts). A row is
// written once per period, not per decision; a count reads at most 5 minutes of the agent's
// decisions more than its window (the hour: ≤ 1.09x, running: ≤ 1.34x the rows the index read).
import type Database from 'better-sqlite3';

/** The period of a time in ms, as the migration that made the table computed it (schema.ts). */
const PERIOD_OF = (value: string) => `CAST(${value} AS INTEGER) / 300000`;

/**
 * The lowest seq a decision made after `@since` can have (SQL, a scalar subquery; none made: past
 * every seq). SQLite's integer division truncates, like `periodOf` below: both are monotone, which
 * is all the floor needs.
 */
export const SEQ_FLOOR_SINCE = `(SELECT COALESCE(MIN(first_seq), 9223372036854775807) FROM decision_periods WHERE period >= ${PERIOD_OF('@since')})`;

/** How many committed periods are remembered before the set starts over (a clock that jumps about). */
const REMEMBERED_PERIODS = 64;

export class DecisionPeriods {
  private readonly note: Database.Statement;
  /** Periods whose row is committed: later decisions in them have a larger seq, so need no write. */
  private readonly committed = new Set<number>();

  constructor(db: Database.Database) {
    // The WHERE keeps the row's first_seq the lowest if a smaller seq ever came (it cannot: decision-seq.ts).
    this.note = db.prepare(
      `INSERT INTO decision_periods (period, first_seq) VALUES (${PERIOD_OF('?')}, ?)
       ON CONFLICT (period) DO UPDATE SET first_seq = excluded.first_seq WHERE excluded.first_seq < decision_periods.first_seq`,
    );
  }

  /** Inside the decision's transaction, after its row was inserted. */
  noteDecision(createdAt: number, seq: number): void {
    if (!this.committed.has(periodOf(createdAt))) this.note.run(createdAt, seq);
  }

  /**
   * After the transaction holding the decision committed. Not before: a row noted in a savepoint or
   * transaction that rolled back is not there, and remembering it would skip the write next time.
   */
  rememberCommitted(createdAt: number): void {
    const period = periodOf(createdAt);
    if (this.committed.has(period)) return;
    if (this.committed.size >= REMEMBERED_PERIODS) this.committed.clear();
    this.committed.add(period);
  }
}

function periodOf(createdAt: number): number {
  return Math.trunc(Math.trunc(createdAt) / 300000);
}
