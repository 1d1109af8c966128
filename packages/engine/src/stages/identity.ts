// Identity stage: the key is bound to the claimed agent, the tenant is neither closed nor halted nor
// contained, and neither the agent nor the key is revoked. The server has already rejected unknown
// or revoked keys (401).
import type { StageContext, StageResult } from '../decision-types.ts';
import { isBrokeredPath } from '../egress/brokered-target.ts';
import { coveringScope } from '../identity/scope-covers.ts';

/**
 * The stage's result, members in the order they are stored in. Written out: on node 20, whose V8 is
 * slow at a spread followed by members the spread object lacks, `{ ...base, verdict, detail, data }` took ~1.8 µs.
 */
function result(verdict: StageResult['verdict'], detail: string, data: Record<string, unknown>): StageResult {
  return { stage: 'identity', enforcing: true, verdict, detail, data };
}

export function identityStage({ input, state }: StageContext): StageResult {
  const data: Record<string, unknown> = {
    key_id: input.principal.keyId,
    key_kind: input.principal.kind,
    agent_id: input.agentId,
  };
  if (state.closure) {
    const since = new Date(state.closure.since).toISOString();
    return result('deny', `tenant closed for good on ${since}: ${state.closure.reason}`, { ...data, closed: true });
  }
  if (state.halted) {
    return result('deny', `tenant halted by the kill switch: ${state.halted.reason}`, { ...data, halted: true });
  }
  const bound = input.principal.boundAgentId;
  if (input.principal.kind === 'agent' && bound !== undefined && bound !== input.agentId) {
    return result('deny', `agent key ${input.principal.keyId} belongs to agent \`${bound}\`, not \`${input.agentId}\``, {
      ...data,
      bound_agent_id: bound,
    });
  }
  if (state.agent.override === 'revoked') {
    return result('deny', `agent \`${input.agentId}\` is revoked`, data);
  }
  if (state.key.override === 'revoked') {
    return result('deny', `key ${input.principal.keyId} is revoked`, data);
  }
  // A token narrows what the agent may do: a path outside its scopes is denied before anything else.
  const token = input.token;
  let matchedScope: string | undefined;
  // Issue 20: `label` names what scopes the call when it is not an agent token (a delegation chain).
  const scoping = token ? (token.label ?? `agent token ${token.id}`) : '';
  if (token) {
    data.token_id = token.id;
    data.token_scopes = [...token.scopes];
    if (token.chain.length > 0) data.delegation_chain = [...token.chain];
    matchedScope = coveringScope(token.scopes, input.path);
    if (matchedScope === undefined) {
      return result('deny', `${scoping} is not scoped to \`${input.path}\` (scopes: ${token.scopes.map((s) => `\`${s}\``).join(', ')})`, {
        ...data,
        out_of_scope: true,
      });
    }
    data.matched_scope = matchedScope;
  }
  if (state.containment) {
    const since = new Date(state.containment.since).toISOString();
    // A brokered call would leave the building once approved: containment stops those outright.
    if (isBrokeredPath(input.path)) {
      return result('deny', `tenant contained since ${since} (${state.containment.reason}): brokered calls stop until released`, {
        ...data,
        contained: true,
      });
    }
    return result('require_approval', `tenant contained since ${since} (${state.containment.reason}): every agent is held until released`, {
      ...data,
      contained: true,
    });
  }
  if (token) {
    return result('allow', `${scoping} verified for agent \`${input.agentId}\`, scope \`${matchedScope}\` covers the path`, data);
  }
  const who = input.principal.kind === 'agent' ? `agent key ${input.principal.keyId}` : `customer key ${input.principal.keyId}`;
  return result('allow', `${who} verified for agent \`${input.agentId}\``, data);
}
