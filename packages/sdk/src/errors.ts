// What the SDK throws. The three guard errors mean "do not run the tool"; each is thrown before
// the guarded function starts.
import type { Approval, Decision } from './types.ts';

/** Base class of every error the SDK throws. */
export class ActionGateError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service answered with a 4xx: the request itself was refused (bad key, validation, not found). */
export class ApiRequestError extends ActionGateError {
  constructor(
    readonly status: number,
    /** The answer's `detail`: a message, or validation items `{loc, msg, type}`. */
    readonly detail: unknown,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  }
}

/** No decision could be had: unreachable, timed out, a 5xx, or (in a guard) any non-200 answer. */
export class GovernanceUnavailable extends ActionGateError {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The call was decided and must not run (`BLOCKED`, a denial, or any verdict that is not allowed). */
export class ActionBlocked extends ActionGateError {
  constructor(
    readonly decision: Decision,
    /** Set when a human denied the held call. */
    readonly approval?: Approval,
  ) {
    super(
      approval
        ? `\`${decision.path}\` was denied by a human (approval ${approval.approval_id})${approval.note ? `: ${approval.note}` : ''}`
        : `\`${decision.path}\` is ${decision.verdict}: ${decision.detail}`,
    );
  }
}

/** The call is held for a human (`REQUIRE_APPROVAL`); approve `approvalId`, then resend the identical call. */
export class ApprovalRequired extends ActionGateError {
  constructor(
    readonly approvalId: string,
    readonly decision: Decision,
    /** The approval as last seen, when the guard waited for it. */
    readonly approval?: Approval,
    reason?: string,
  ) {
    super(reason ?? `\`${decision.path}\` needs approval ${approvalId}: ${decision.detail}`);
  }
}
