// One decision for one MCP call, sorted into the four things the gateway can do with it. Anything
// that is not a well-formed 200 answer with a known verdict is `unavailable`: the call never runs.
import { ActionGate, ApiRequestError, approvalIdOf, GovernanceUnavailable, mayRun, type Decision, type JsonObject } from '@actiongate/sdk';

const KNOWN_VERDICTS = new Set(['ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS', 'REQUIRE_APPROVAL', 'BLOCKED']);

export type CallDecision =
  | { kind: 'allow'; decision: Decision }
  | { kind: 'held'; decision: Decision; approvalId: string }
  | { kind: 'blocked'; decision: Decision }
  | { kind: 'unavailable'; reason: string };

/** Asks ActionGate about `path` with `payload`; never throws, except when `signal` aborted the call. */
export async function decideCall(gate: ActionGate, path: string, payload: JsonObject, signal?: AbortSignal): Promise<CallDecision> {
  let decision: Decision;
  try {
    decision = await gate.decide({ path, payload }, { signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (error instanceof ApiRequestError) return { kind: 'unavailable', reason: error.message };
    if (error instanceof GovernanceUnavailable) return { kind: 'unavailable', reason: error.message };
    return { kind: 'unavailable', reason: `the decision call failed: ${(error as Error)?.message ?? String(error)}` };
  }
  return classify(decision);
}

/** Sorts a decision answer; exported for the tests of malformed answers. */
export function classify(decision: Decision): CallDecision {
  if (!decision || typeof decision !== 'object' || typeof decision.verdict !== 'string' || typeof decision.blocked !== 'boolean') {
    return { kind: 'unavailable', reason: 'the answer carries no verdict' };
  }
  if (!KNOWN_VERDICTS.has(decision.verdict)) return { kind: 'unavailable', reason: `unknown verdict \`${decision.verdict}\`` };
  if (mayRun(decision)) return { kind: 'allow', decision };
  const approvalId = approvalIdOf(decision);
  if (decision.verdict === 'REQUIRE_APPROVAL' && approvalId) return { kind: 'held', decision, approvalId };
  return { kind: 'blocked', decision };
}
