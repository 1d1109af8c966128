// Issue 15: what a group commit remembers per tenant while its transaction runs (the journal's last
// entry, the last event seq), so the later decisions of the batch do not read it back. It lives only
// inside that transaction (`inBatch`) and must be cleared whenever a decision's savepoint rolls back.
export class BatchTips<T> {
  private tips: Map<string, T> | null = null;

  get(tenantId: string): T | undefined {
    return this.tips?.get(tenantId);
  }

  /** Remembered only inside a batch; outside one, nothing is kept. */
  set(tenantId: string, tip: T): void {
    this.tips?.set(tenantId, tip);
  }

  clear(): void {
    this.tips?.clear();
  }

  inBatch<R>(run: () => R): R {
    this.tips = new Map();
    try {
      return run();
    } finally {
      this.tips = null;
    }
  }
}
