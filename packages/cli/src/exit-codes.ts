// Exit codes of the CLI, usable in scripts: `actiongate decide … && rm -rf ./build`.
export const EXIT = {
  /** Allowed (decide), or the command succeeded. */
  OK: 0,
  /** The service refused the request (4xx) or the command line was wrong. */
  ERROR: 1,
  /** A command line the command cannot act on (offline commands: a wrong directory, file or tenant). */
  USAGE: 2,
  /** Held for a human: verdict `REQUIRE_APPROVAL`. */
  HELD: 10,
  /** Blocked, denied, or any verdict that is not allowed. */
  BLOCKED: 11,
  /** No decision: unreachable, timed out, a 5xx or any other error of the decision call. */
  UNAVAILABLE: 12,
} as const;
