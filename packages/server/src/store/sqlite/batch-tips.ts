// Issue 15: what a group commit remembers per tenant while its transaction runs (the journal's last
// entry, the last event seq), so the later decisions of the batch do not read it back. It is used
// only inside a group commit's transaction (`inBatch`) and must be cleared whenever a decision's
// savepoint rolls back. The tips of a batch that committed are kept for the next batch, which must
// `clear` them before its first append unless nothing else wrote in between (the store checks with
// `total_changes()`, decision-rows.ts): a lone decision then skips the journal's tip read and the
// events' `MAX(seq)` (~25 and ~13 µs of its commit).
export class BatchTips<T> {
  private tips: Map<string, T> | null = null;
  /** The tips as the last batch that committed left them; null after a batch that threw. */
  private kept: Map<string, T> | null = null;

  get(tenantId: string): T | undefined {
    return this.tips?.get(tenantId);
  }

  /** Remembered only inside a batch; outside one, nothing is kept. */
  set(tenantId: string, tip: T): void {
    this.tips?.set(tenantId, tip);
  }

  clear(): void {
    this.tips?.clear();
    this.kept = null;
  }

  /** Runs a group commit's transaction; `run` returning means it committed, so its tips are kept. */
  inBatch<R>(run: () => R): R {
    this.tips = this.kept ?? new Map();
    this.kept = null;
    try {
      const result = run();
      this.kept = this.tips;
      return result;
    } finally {
      this.tips = null;
    }
  }
}
