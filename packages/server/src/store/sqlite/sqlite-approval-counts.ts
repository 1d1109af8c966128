// SQLite side of approval-count-store.ts: one count over the `approvals_by_expiry` index.
import type Database from 'better-sqlite3';
import type { ApprovalCountStore } from '../approval-count-store.ts';

export class SqliteApprovalCounts implements ApprovalCountStore {
  private readonly pending: Database.Statement<[number], { n: number }>;

  constructor(db: Database.Database) {
    this.pending = db.prepare(`SELECT COUNT(*) AS n FROM approvals WHERE status = 'pending' AND expires_at > ?`);
  }

  async countPendingApprovals(now: number): Promise<number> {
    return this.pending.get(now)!.n;
  }
}
