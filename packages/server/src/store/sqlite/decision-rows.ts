// Issue 15: the key's and agent's rows that decisions read, kept in memory from one decision to the
// next while nothing else wrote to the database (two point reads of ~3–5 µs each per decision).
//
// INVARIANT: a row handed out is the row the database holds. SQLite counts every row any statement
// of this connection inserts, updates or deletes (`total_changes()`, rolled-back changes included),
// and this store is the database's only connection (`locking_mode = EXCLUSIVE`). The count is taken
// at the end of each group commit's transaction (nothing but its decisions writes while it runs); if
// it moved before the next one, something else wrote (a revocation, an override, an approval, a
// deletion...) and every row is dropped. A decision's own writes of these rows go through `wroteAgent`
// / `wroteKey`, which keep the copy equal to what the statement wrote; a decision that fails, or a
// batch that rolls back, drops everything (`clear`).
//
// The same count keeps what is known of each agent's approvals per tool path: an agent holding no
// approved or pending approval for a path has none open for any call to it, so its decisions there
// skip the query for the call's approvals (one indexed read per decision). A decision that creates an
// approval says so (`wroteApproval`); any other approval write moves the count and drops what was known.
import type Database from 'better-sqlite3';

type Row = Record<string, any>;

/** Rows kept at most (agents of busy tenants); past it the cache starts over. */
const MAX_ROWS = 4096;

export class DecisionRows {
  private readonly totalChanges: Database.Statement;
  /** `total_changes()` at the end of the last group commit's decisions; null when nothing is kept. */
  private stamp: number | null = null;
  private readonly keys = new Map<string, Row>();
  private readonly agents = new Map<string, Row>();
  /** Per tenant, agent and path: whether it holds any approved or pending approval (false: no call there has one open). */
  private readonly holdsApprovals = new Map<string, boolean>();

  constructor(db: Database.Database) {
    this.totalChanges = db.prepare('SELECT total_changes()').pluck();
  }

  /**
   * At the start of a group commit's decisions, inside its transaction: drops every row if anything
   * else wrote since. Returns whether nothing did (what else the store kept from the last batch holds too).
   */
  begin(): boolean {
    if (this.stamp !== null && this.totalChanges.get() === this.stamp) return true;
    this.clear();
    return false;
  }

  /** After a group commit's decisions, inside its transaction. */
  settle(): void {
    this.stamp = this.totalChanges.get() as number;
  }

  clear(): void {
    this.keys.clear();
    this.agents.clear();
    this.holdsApprovals.clear();
    this.stamp = null;
  }

  key(id: string, read: () => Row | undefined): Row | undefined {
    return this.kept(this.keys, id, read);
  }

  agent(tenantId: string, agentId: string, read: () => Row | undefined): Row | undefined {
    return this.kept(this.agents, agentKey(tenantId, agentId), read);
  }

  /**
   * The call's open approvals: `read` them, unless the agent is known to hold none for the path.
   * `holdsAny` asks the database once whether it holds any there (approved or pending, expired or not).
   */
  approvalsForCall(tenantId: string, agentId: string, path: string, read: () => Row[], holdsAny: () => boolean): Row[] {
    const key = callKey(tenantId, agentId, path);
    let holds = this.holdsApprovals.get(key);
    if (holds === false) return [];
    const rows = read();
    if (holds === undefined && rows.length === 0) {
      holds = holdsAny();
      if (this.holdsApprovals.size >= MAX_ROWS) this.holdsApprovals.clear();
      this.holdsApprovals.set(key, holds);
    }
    return rows;
  }

  /** The decision created an approval for this agent and path. */
  wroteApproval(tenantId: string, agentId: string, path: string): void {
    this.holdsApprovals.set(callKey(tenantId, agentId, path), true);
  }

  /**
   * The decision updated the agent's row with these columns (a row it read); an inserted row is read
   * again. The kept row is changed in place (issue 15: a copy of its ~15 columns per decision cost
   * more than the statement's binding), so a caller must take what it needs of the row before.
   */
  wroteAgent(tenantId: string, agentId: string, columns: Row | null): void {
    const key = agentKey(tenantId, agentId);
    const row = this.agents.get(key);
    if (row && columns) Object.assign(row, columns);
    else this.agents.delete(key);
  }

  /** The decision updated the key's row with these columns, changed in place; null: a change computed in SQL, read again. */
  wroteKey(id: string, columns: Row | null): void {
    const row = this.keys.get(id);
    if (row && columns) Object.assign(row, columns);
    else this.keys.delete(id);
  }

  private kept(rows: Map<string, Row>, key: string, read: () => Row | undefined): Row | undefined {
    let row = rows.get(key);
    if (row === undefined) {
      row = read();
      if (row === undefined) return undefined;
      if (this.keys.size + this.agents.size >= MAX_ROWS) {
        this.keys.clear();
        this.agents.clear();
      }
      rows.set(key, row);
    }
    return row;
  }
}

/** Agent ids and paths are the caller's text: the agent id's length keeps where it ends. */
function callKey(tenantId: string, agentId: string, path: string): string {
  return `${tenantId}\u0000${agentId.length}\u0000${agentId}${path}`;
}

/** Agent ids are the caller's text: the separator is one no tenant id contains. */
function agentKey(tenantId: string, agentId: string): string {
  return `${tenantId}\u0000${agentId}`;
}
