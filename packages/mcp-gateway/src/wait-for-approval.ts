// Waiting for a human, for clients that cannot ask inline: polls the approval until it is decided,
// the wait ends, or the client cancels (a cancelled or disconnected request stops here and never
// runs later).
import { ActionGate, ApiRequestError, type Approval } from '@actiongate/sdk';

export type WaitOutcome =
  { kind: 'approved'; approval: Approval } | { kind: 'denied'; approval: Approval } | { kind: 'not_approved'; why: string };

export interface WaitOptions {
  waitMs: number;
  pollIntervalMs: number;
  signal: AbortSignal;
  /** Called after each poll with the milliseconds waited so far (progress notifications). */
  onTick?: (waitedMs: number) => void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Polls `approvalId`; throws only when `signal` aborted. */
export async function waitForApproval(gate: ActionGate, approvalId: string, options: WaitOptions): Promise<WaitOutcome> {
  const started = Date.now();
  const deadline = started + options.waitMs;
  let lastProblem: string | undefined;
  for (;;) {
    if (options.signal.aborted) throw options.signal.reason;
    let approval: Approval | undefined;
    try {
      approval = await gate.approvals.get(approvalId);
      lastProblem = undefined;
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      // A refused read will not get better by waiting; a network blip might.
      if (error instanceof ApiRequestError) return { kind: 'not_approved', why: `cannot read the approval: ${error.message}` };
      lastProblem = (error as Error).message;
    }
    if (approval?.status === 'approved') return { kind: 'approved', approval };
    if (approval?.status === 'denied') return { kind: 'denied', approval };
    if (approval && approval.status !== 'pending') {
      return { kind: 'not_approved', why: `the approval is ${approval.status}; a retry asks for a new one` };
    }
    options.onTick?.(Date.now() - started);
    const left = deadline - Date.now();
    if (left <= 0) {
      return {
        kind: 'not_approved',
        why: lastProblem ? `no answer while waiting: ${lastProblem}` : `no human decided within ${Math.round(options.waitMs / 1000)} s`,
      };
    }
    await sleep(Math.min(left, options.pollIntervalMs), options.signal);
  }
}
