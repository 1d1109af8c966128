// When a failed webhook delivery is tried again: exponential backoff (base, 2×base, 4×base, … capped
// at an hour) for a day from the delivery's creation, then it is given up. Pure, so it is tested alone.

export interface RetryPolicy {
  /** Delay before the second attempt; each later one doubles (default 10 s). */
  baseDelayMs: number;
  /** Longest delay between two attempts (default 1 h). */
  maxDelayMs: number;
  /** How long a delivery is retried from its creation (default 24 h). */
  retryForMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3_600_000, retryForMs: 24 * 3_600_000 };

/**
 * After `attempts` failed attempts of a delivery created at `createdAt`, at `now`: when to try next,
 * or null to give up (the next attempt would fall past the retry period).
 */
export function nextAttemptAt(policy: RetryPolicy, createdAt: number, attempts: number, now: number): number | null {
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempts - 1, 40));
  const next = now + delay;
  return next - createdAt > policy.retryForMs ? null : next;
}
