// Counting approvals across every tenant, for the `actiongate_approvals_pending` gauge of /metrics.

export interface ApprovalCountStore {
  /** Approvals still waiting for a human at `now` (pending and not yet expired), all tenants. */
  countPendingApprovals(now: number): Promise<number>;
}
