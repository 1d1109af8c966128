// `gate.guard(path, fn)`: decide first, run only when allowed. Every failure to get an allowing
// decision throws before `fn` starts, so a guarded tool can never run by accident.
import type { ActionGate } from './client.ts';
import { isHeld, mayRun } from './client-rule.ts';
import { ActionBlocked, ApiRequestError, ApprovalRequired, GovernanceUnavailable } from './errors.ts';
import type { Approval, Decision, DecisionRequest, JsonObject } from './types.ts';

export interface GuardOptions<A extends unknown[]> {
  /** The agent the calls are decided for; defaults to the client's `agentId` (or the agent key's agent). */
  agentId?: string;
  /**
   * The payload to decide on: a fixed object, or a function of the call's arguments. By default a
   * single plain-object argument is the payload, and any other arguments are sent as `{args: [...]}`.
   */
  payload?: JsonObject | ((...args: A) => JsonObject);
  /** Wait for a human when the call is held: poll the approval, then resend the identical call and run once. */
  waitForApproval?: { timeoutMs: number; pollIntervalMs?: number };
  /** After `fn` settles, report `completed` or `failed` as the decision's outcome (errors ignored). */
  reportOutcome?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The payload a guarded call is decided on, by default. */
export function defaultPayload(args: unknown[]): JsonObject {
  if (args.length === 1 && isPlainObject(args[0])) return args[0];
  return { args };
}

/** The approval id a held decision carries (top level, or in the `approval` stage). */
export function approvalIdOf(decision: Decision): string | null {
  if (decision.approval_id) return decision.approval_id;
  const stage = decision.stages?.find((s) => s.stage === 'approval');
  const id = stage?.data?.approval_id;
  return typeof id === 'string' ? id : null;
}

/** Decides, wrapping every failure to get a decision as `GovernanceUnavailable`. */
async function decideOrUnavailable(gate: ActionGate, request: DecisionRequest): Promise<Decision> {
  try {
    const decision = await gate.decide(request);
    if (!decision || typeof decision.verdict !== 'string' || typeof decision.blocked !== 'boolean') {
      throw new GovernanceUnavailable('the decision answer has no verdict; not running');
    }
    return decision;
  } catch (error) {
    if (error instanceof GovernanceUnavailable) throw error;
    const status = error instanceof ApiRequestError ? error.status : undefined;
    throw new GovernanceUnavailable(`no decision for \`${request.path}\`: ${(error as Error).message}`, status, { cause: error });
  }
}

/** Throws the error that says why `decision` may not run. */
function refusal(decision: Decision): Error {
  const approvalId = approvalIdOf(decision);
  if (isHeld(decision) && approvalId) return new ApprovalRequired(approvalId, decision);
  return new ActionBlocked(decision);
}

/** Polls the approval until a human decides it; answers it approved, or throws. */
async function waitForHuman(
  gate: ActionGate,
  approvalId: string,
  decision: Decision,
  wait: NonNullable<GuardOptions<unknown[]>['waitForApproval']>,
): Promise<Approval> {
  const deadline = Date.now() + wait.timeoutMs;
  const interval = Math.max(50, wait.pollIntervalMs ?? 1000);
  let last: Approval | undefined;
  for (;;) {
    try {
      last = await gate.approvals.get(approvalId);
    } catch (error) {
      // A refused read will not get better by waiting; a network blip might.
      if (error instanceof ApiRequestError) {
        throw new GovernanceUnavailable(`cannot read approval ${approvalId}: ${error.message}`, error.status, { cause: error });
      }
    }
    if (last?.status === 'approved') return last;
    if (last?.status === 'denied') throw new ActionBlocked(decision, last);
    if (last && last.status !== 'pending') {
      throw new ApprovalRequired(approvalId, decision, last, `approval ${approvalId} is ${last.status}; send the call again for a new one`);
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new ApprovalRequired(approvalId, decision, last, `approval ${approvalId} was not decided within ${wait.timeoutMs} ms`);
    }
    await sleep(Math.min(left, interval * (0.75 + Math.random() * 0.5)));
  }
}

/** See `ActionGate.guard`. */
export function guardFunction<A extends unknown[], R>(
  gate: ActionGate,
  path: string,
  fn: (...args: A) => R,
  options: GuardOptions<A>,
): (...args: A) => Promise<Awaited<R>> {
  return async (...args: A): Promise<Awaited<R>> => {
    let payload: JsonObject;
    try {
      payload = typeof options.payload === 'function' ? options.payload(...args) : (options.payload ?? defaultPayload(args));
    } catch (error) {
      throw new GovernanceUnavailable(`could not build the payload for \`${path}\`: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const request: DecisionRequest = { path, payload };
    const agentId = options.agentId ?? gate.agentId;
    if (agentId !== undefined) request.agent_id = agentId;

    let decision = await decideOrUnavailable(gate, request);
    if (!mayRun(decision)) {
      const approvalId = approvalIdOf(decision);
      if (!options.waitForApproval || !isHeld(decision) || !approvalId) throw refusal(decision);
      await waitForHuman(gate, approvalId, decision, options.waitForApproval);
      // The identical call again (a new idempotency key: it is a new decision, which consumes the approval).
      decision = await decideOrUnavailable(gate, request);
      if (!mayRun(decision)) throw refusal(decision);
    }

    if (!options.reportOutcome) return await fn(...args);
    try {
      const result = await fn(...args);
      await gate.decisions.outcome(decision.decision_id, { status: 'completed' }).catch(() => undefined);
      return result;
    } catch (error) {
      await gate.decisions
        .outcome(decision.decision_id, { status: 'failed', detail: String((error as Error)?.message ?? error).slice(0, 2000) })
        .catch(() => undefined);
      throw error;
    }
  };
}
